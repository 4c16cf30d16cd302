import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import {
  MAX_REPORTED_ISSUES,
  TRANSCRIPT_LIMITS,
  TranscriptSchema,
  toTranscriptIssues,
  canonicalTranscript,
  emptyTranscript,
  exampleTranscript,
  validateTranscript,
  validateTranscriptJson,
} from './index.ts';
import { accepts, rejects } from './example-edits.ts';

// The shape and the reporting of validateTranscript; its cross-field rules: consistency.test.ts.

describe('validateTranscript: valid transcripts', () => {
  it('accepts the example and returns it unchanged', () => {
    const result = validateTranscript(exampleTranscript());
    assert.ok(result.ok);
    assert.deepEqual(result.value, exampleTranscript());
  });

  it('round-trips through the canonical JSON', () => {
    for (const t of [exampleTranscript(), emptyTranscript()]) {
      const json = canonicalTranscript(t);
      const again = validateTranscript(JSON.parse(json));
      assert.ok(again.ok);
      assert.deepEqual(again.value, t);
      assert.equal(canonicalTranscript(again.value), json);
    }
  });

  it('accepts an empty transcript (no speakers, no segments)', () => {
    assert.ok(validateTranscript(emptyTranscript()).ok);
    assert.ok(
      validateTranscript(
        emptyTranscript(
          { media_id: 'med_1', job_id: 'job_1', profile: 'oracle', engine: 'pocketsphinx' },
          { language: 'en', duration: 12.345 },
        ),
      ).ok,
    );
  });

  it('accepts touching segments and words, zero-length ones, empty words, null speakers and confidence', () => {
    accepts((t) => {
      t.segments[1].start = t.segments[0].end; // equality allowed
      t.segments[0].words[1].start = t.segments[0].words[0].end;
      t.segments[1].words[0] = { text: 'Hi!', start: 2.5, end: 2.5, confidence: null, speaker: null };
      t.segments[1].speaker = null;
      t.segments[0].words = [];
      t.translation = null;
    });
  });

  it('compares times at millisecond precision, with 1 ms of tolerance past the duration', () => {
    accepts((t) => {
      t.segments[0].end = 2.5004; // rounds to 2.5 = next start
      t.segments[0].words[1].end = 2.5004;
    });
    accepts((t) => {
      t.segments[1].end = 5.201;
    });
    rejects((t) => (t.segments[1].end = 5.202), ['segments', 1, 'end'], 'value_error', /at most the duration/);
  });

  it('trims and NFC-normalizes text', () => {
    const value = accepts((t) => {
      t.segments[0].text = '  Cafe\u0301 \n';
      t.speakers[1].label = ' Speaker 2 ';
    });
    assert.equal(value.segments[0]!.text, 'Caf\u00e9');
    assert.equal(value.speakers[1]!.label, 'Speaker 2');
  });

  it('accepts BCP-47-ish languages', () => {
    for (const language of ['en', 'pt-BR', 'zh-Hant-TW', 'und', 'yue']) accepts((t) => (t.language = language));
  });
});

describe('validateTranscript: shape', () => {
  it('refuses non-objects at the root', () => {
    for (const input of [null, [], 'x', 1]) {
      const result = validateTranscript(input);
      assert.ok(!result.ok);
      assert.deepEqual(result.issues, [{ loc: [], msg: 'Input should be an object', type: 'model_attributes_type' }]);
    }
  });

  it('reports missing fields', () => {
    rejects((t) => delete t.source, ['source'], 'missing');
    rejects((t) => delete t.segments[1].words[0].confidence, ['segments', 1, 'words', 0, 'confidence'], 'missing');
    rejects((t) => delete t.speakers[0].name, ['speakers', 0, 'name'], 'missing');
  });

  it('refuses unknown keys at every level', () => {
    rejects((t) => (t.extra = 1), ['extra'], 'extra_forbidden');
    rejects(
      (t) => (t.segments[1].words[0].probability = 1),
      ['segments', 1, 'words', 0, 'probability'],
      'extra_forbidden',
    );
    rejects((t) => (t.source.model = 'x'), ['source', 'model'], 'extra_forbidden');
    rejects((t) => (t.translation.segments[0].note = 'x'), ['translation', 'segments', 0, 'note'], 'extra_forbidden');
  });

  it('reports wrong types', () => {
    rejects((t) => (t.version = 2), ['version'], 'literal_error', /Input should be 1/);
    rejects((t) => (t.language = 7), ['language'], 'string_type');
    rejects((t) => (t.duration = '12'), ['duration'], 'float_type');
    rejects((t) => (t.duration = Number.NaN), ['duration'], 'finite_number');
    rejects((t) => (t.segments = {}), ['segments'], 'list_type');
    rejects((t) => (t.segments[0].text = null), ['segments', 0, 'text'], 'string_type');
    rejects((t) => (t.segments[0].words[0] = 'Hello'), ['segments', 0, 'words', 0], 'model_attributes_type');
  });

  it('enforces bounds', () => {
    rejects((t) => (t.duration = -1), ['duration'], 'greater_than_equal');
    rejects((t) => (t.segments[0].start = -0.5), ['segments', 0, 'start'], 'greater_than_equal');
    rejects(
      (t) => (t.segments[0].words[0].confidence = 1.01),
      ['segments', 0, 'words', 0, 'confidence'],
      'less_than_equal',
    );
    rejects(
      (t) => (t.segments[0].words[0].confidence = -0.01),
      ['segments', 0, 'words', 0, 'confidence'],
      'greater_than_equal',
    );
    rejects((t) => (t.segments[0].text = '   '), ['segments', 0, 'text'], 'string_too_short');
    rejects(
      (t) => (t.segments[0].text = 'x'.repeat(TRANSCRIPT_LIMITS.maxSegmentTextLength + 1)),
      ['segments', 0, 'text'],
      'string_too_long',
    );
    rejects((t) => (t.segments[0].id = 'has space'), ['segments', 0, 'id'], 'string_pattern_mismatch');
    rejects((t) => (t.speakers[0].id = 'x'.repeat(65)), ['speakers', 0, 'id'], 'string_too_long');
    rejects((t) => (t.language = 'english!'), ['language'], 'string_pattern_mismatch');
    rejects((t) => (t.source.media_id = ''), ['source', 'media_id'], 'string_too_short');
  });

  it('bounds the number of segments', () => {
    rejects(
      (t) => {
        t.segments = Array.from({ length: TRANSCRIPT_LIMITS.maxSegments + 1 }, (_, i) => ({
          id: `s${i}`,
          start: i,
          end: i,
          text: 'x',
          speaker: null,
          words: [],
        }));
        t.duration = TRANSCRIPT_LIMITS.maxSegments + 1;
        t.translation = null;
      },
      ['segments'],
      'too_long',
    );
  });
});

describe('validateTranscript: reporting', () => {
  it('reports one issue per location and at most MAX_REPORTED_ISSUES', () => {
    const t: any = exampleTranscript();
    t.segments = Array.from({ length: 2_000 }, () => ({
      id: '',
      start: 'x',
      end: 0,
      text: 'x',
      speaker: null,
      words: [],
    }));
    const result = validateTranscript(t);
    assert.ok(!result.ok);
    assert.equal(result.issues.length, MAX_REPORTED_ISSUES);
    assert.deepEqual(result.issues.slice(0, 2), [
      { loc: ['segments', 0, 'id'], msg: 'String should have at least 1 character', type: 'string_too_short' },
      { loc: ['segments', 0, 'start'], msg: 'Input should be a valid number', type: 'float_type' },
    ]);
  });

  it('prefixes locations for embedding schemas', () => {
    const result = z
      .strictObject({ content: TranscriptSchema })
      .safeParse({ content: { ...exampleTranscript(), extra: 1 } }, { reportInput: true });
    assert.ok(!result.success);
    assert.deepEqual(toTranscriptIssues(result.error, ['body']), [
      { loc: ['body', 'content', 'extra'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
    ]);
  });
});

describe('validateTranscriptJson', () => {
  it('validates JSON text like the parsed value', () => {
    const t = exampleTranscript();
    const checked = validateTranscriptJson(JSON.stringify(t));
    const direct = validateTranscript(t);
    assert.ok(checked.ok && direct.ok);
    assert.deepEqual(checked.value, direct.value);
    const broken = validateTranscriptJson(JSON.stringify({ ...t, duration: -1 }));
    assert.ok(!broken.ok);
    assert.deepEqual(
      broken.issues.map((i) => i.loc),
      [['duration']],
    );
  });

  it('reports text that is not JSON as one issue at the root', () => {
    for (const text of ['', '{', 'not json']) {
      const checked = validateTranscriptJson(text);
      assert.ok(!checked.ok, text);
      assert.deepEqual(checked.issues, [
        { loc: [], msg: 'JSON decode error: the text is not valid JSON', type: 'json_invalid' },
      ]);
    }
  });
});
