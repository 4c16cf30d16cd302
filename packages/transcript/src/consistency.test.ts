import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import {
  TranscriptSchema,
  canonicalTranscript,
  emptyTranscript,
  exampleTranscript,
  validateTranscript,
} from './index.ts';
import { accepts, issuesOf, rejects } from './example-edits.ts';

describe('validateTranscript: consistency of times and order', () => {
  it('segment end before start', () => {
    rejects(
      (t) => {
        t.segments[1].end = 2.4;
        t.segments[1].words = [];
      },
      ['segments', 1, 'end'],
      'value_error',
      /Segment ends \(2.4 s\) before it starts \(2.5 s\)/,
    );
  });

  it('segments out of order', () => {
    rejects(
      (t) => {
        t.segments.reverse();
        t.translation = null;
      },
      ['segments', 1, 'start'],
      'value_error',
      /ordered by start/,
    );
  });

  it('overlapping segments', () => {
    rejects((t) => (t.segments[1].start = 2.499), ['segments', 1, 'start'], 'value_error', /overlaps the previous one/);
  });

  it('word end before start', () => {
    rejects(
      (t) => (t.segments[0].words[0].end = 0.3) && (t.segments[0].words[0].start = 0.35),
      ['segments', 0, 'words', 0, 'end'],
      'value_error',
      /before it starts/,
    );
  });

  it('word outside its segment', () => {
    rejects(
      (t) => (t.segments[1].words[0].start = 2.4),
      ['segments', 1, 'words', 0, 'start'],
      'value_error',
      /before its segment/,
    );
    rejects(
      (t) => (t.segments[1].words[0].end = 5.25) && (t.duration = 6),
      ['segments', 1, 'words', 0, 'end'],
      'value_error',
      /after its segment/,
    );
  });

  it('words out of order or overlapping', () => {
    rejects(
      (t) => t.segments[0].words.reverse(),
      ['segments', 0, 'words', 1, 'start'],
      'value_error',
      /ordered by start/,
    );
    rejects(
      (t) => (t.segments[0].words[1].start = 0.3),
      ['segments', 0, 'words', 1, 'start'],
      'value_error',
      /overlaps the previous one/,
    );
  });

  it('times after the duration', () => {
    rejects((t) => (t.duration = 5), ['segments', 1, 'end'], 'value_error', /at most the duration \(5 s\), got 5.2 s/);
    const issues = issuesOf((t) => (t.duration = 2));
    assert.deepEqual(
      issues.map((i) => i.loc),
      [
        ['segments', 0, 'end'],
        ['segments', 0, 'words', 1, 'end'],
        ['segments', 1, 'start'],
        ['segments', 1, 'end'],
        ['segments', 1, 'words', 0, 'start'],
        ['segments', 1, 'words', 0, 'end'],
      ],
    );
  });
});

describe('validateTranscript: consistency of ids, speakers and translation', () => {
  it('duplicate segment and speaker ids', () => {
    rejects(
      (t) => (t.segments[1].id = 's1') && (t.translation = null),
      ['segments', 1, 'id'],
      'value_error',
      /Duplicate segment id "s1"/,
    );
    rejects(
      (t) => (t.speakers[1].id = 'S1') && (t.segments[1].speaker = 'S1') && (t.segments[1].words[0].speaker = 'S1'),
      ['speakers', 1, 'id'],
      'value_error',
      /Duplicate speaker id/,
    );
  });

  it('undeclared speakers', () => {
    rejects((t) => (t.segments[1].speaker = 'S9'), ['segments', 1, 'speaker'], 'value_error', /Unknown speaker "S9"/);
    rejects(
      (t) => (t.segments[1].words[0].speaker = 'S9'),
      ['segments', 1, 'words', 0, 'speaker'],
      'value_error',
      /Unknown speaker/,
    );
  });

  it('translation segment ids', () => {
    rejects(
      (t) => (t.translation.segments[1].id = 's7'),
      ['translation', 'segments', 1, 'id'],
      'value_error',
      /Unknown segment id "s7"/,
    );
    rejects(
      (t) => (t.translation.segments[1].id = 's1'),
      ['translation', 'segments', 1, 'id'],
      'value_error',
      /Duplicate translation/,
    );
    rejects(
      (t) => t.translation.segments.reverse(),
      ['translation', 'segments', 1, 'id'],
      'value_error',
      /order of the segments/,
    );
    accepts((t) => t.translation.segments.pop());
  });
});

describe('validateTranscript: consistency as a whole', () => {
  it('checks consistency only once the shape is valid', () => {
    rejects((t) => (t.duration = -1), ['duration'], 'greater_than_equal');
    rejects(
      (t) => (t.segments[0].words[0].confidence = 2) && (t.segments[0].end = 0),
      ['segments', 0, 'words', 0, 'confidence'],
      'less_than_equal',
    );
  });

  it('reports every independent problem, each once, in document order', () => {
    const issues = issuesOf((t) => {
      t.speakers[1].id = 'S1'; // duplicate
      t.segments[0].end = 0.1; // both words now end after their segment
      t.segments[1].speaker = 'S2'; // no longer declared
    });
    assert.deepEqual(
      issues.map((i) => i.loc),
      [
        ['speakers', 1, 'id'],
        ['segments', 0, 'words', 0, 'end'],
        ['segments', 0, 'words', 1, 'end'],
        ['segments', 1, 'speaker'],
        ['segments', 1, 'words', 0, 'speaker'],
      ],
    );
  });

  it('is what TranscriptSchema enforces too (for schemas that embed it)', () => {
    const t: any = exampleTranscript();
    t.segments[0].end = 0.1;
    t.duration = -1; // a shape problem: the consistency rules wait until the shape is valid
    const embedded = z.strictObject({ content: TranscriptSchema }).safeParse({ content: t });
    assert.ok(!embedded.success);
    assert.deepEqual(
      embedded.error.issues.map((i) => i.path),
      [['content', 'duration']],
    );
    t.duration = 5.2;
    const result = TranscriptSchema.safeParse(t);
    assert.ok(!result.success);
    assert.deepEqual(result.error.issues[0]!.path, ['segments', 0, 'words', 0, 'end']);
  });
});

describe('validateTranscript: size', () => {
  it('validates a three-hour transcript quickly', () => {
    const segments = Array.from({ length: 3_000 }, (_, i) => ({
      id: `s${i + 1}`,
      start: i * 3.6,
      end: i * 3.6 + 3.5,
      text: 'one two three four five six seven eight nine ten',
      speaker: i % 2 ? 'S1' : 'S2',
      words: Array.from({ length: 10 }, (_, j) => ({
        text: 'word',
        start: i * 3.6 + j * 0.35,
        end: i * 3.6 + j * 0.35 + 0.3,
        confidence: 0.9,
        speaker: i % 2 ? 'S1' : 'S2',
      })),
    }));
    const t = {
      ...emptyTranscript({}, { language: 'en', duration: 10_800 }),
      speakers: [
        { id: 'S1', label: 'Speaker 1', name: null },
        { id: 'S2', label: 'Speaker 2', name: null },
      ],
      segments,
    };
    // Counted in CPU time used by this process, not wall time: waiting for a busy machine costs none.
    const before = process.cpuUsage();
    const result = validateTranscript(t);
    assert.ok(result.ok);
    const json = canonicalTranscript(result.value);
    const used = process.cpuUsage(before);
    const cpuMs = (used.user + used.system) / 1000;
    assert.ok(json.length > 2_000_000);
    assert.ok(cpuMs < 3_000, `took ${cpuMs} ms of CPU`);
  });
});
