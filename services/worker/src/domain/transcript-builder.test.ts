import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalTranscript, validateTranscript } from '@tp/transcript';
import type { Recognition } from '@tp/engines';
import { buildTranscript, transcriptLanguage } from './transcript-builder.ts';

const source = { mediaId: 'med_01', jobId: 'job_01', profile: 'oracle', engine: 'pocketsphinx' };
const word = (text: string, start: number, end: number, confidence: number | null = 0.9) => ({
  text,
  start,
  end,
  confidence,
});

describe('buildTranscript', () => {
  it('makes one segment per utterance, valid and canonical', () => {
    const recognition: Recognition = {
      language: 'en',
      utterances: [
        { words: [word('hello', 0.14, 0.58), word('world', 0.59, 1.02, 0.998201)] },
        { words: [word('again', 6.5, 6.9, null)] },
      ],
    };
    const transcript = buildTranscript({ recognition, durationSeconds: 7.5, requestedLanguage: 'auto', source });
    const checked = validateTranscript(transcript);
    assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.issues));
    assert.deepEqual(transcript, {
      version: 1,
      language: 'en',
      duration: 7.5,
      speakers: [],
      segments: [
        {
          id: 's1',
          start: 0.14,
          end: 1.02,
          text: 'hello world',
          speaker: null,
          words: [
            { text: 'hello', start: 0.14, end: 0.58, confidence: 0.9, speaker: null },
            { text: 'world', start: 0.59, end: 1.02, confidence: 0.998, speaker: null },
          ],
        },
        {
          id: 's2',
          start: 6.5,
          end: 6.9,
          text: 'again',
          speaker: null,
          words: [{ text: 'again', start: 6.5, end: 6.9, confidence: null, speaker: null }],
        },
      ],
      translation: null,
      source: { media_id: 'med_01', job_id: 'job_01', profile: 'oracle', engine: 'pocketsphinx' },
    });
    assert.equal(canonicalTranscript(checked.ok ? checked.value : transcript), canonicalTranscript(transcript));
  });

  it('clamps times into the rules: overlaps, reversed words, past the duration, sub-millisecond noise', () => {
    const recognition: Recognition = {
      language: 'en',
      utterances: [
        { words: [word('one', 0.1004, 0.5), word('two', 0.45, 0.4), word('three', 0.6, 0.9)] },
        // Starts before the previous utterance ended.
        { words: [word('four', 0.85, 1.2), word('five', 1.95, 2.04), word('six', 2.1, 2.3)] },
      ],
    };
    const transcript = buildTranscript({ recognition, durationSeconds: 2.0, requestedLanguage: 'auto', source });
    const checked = validateTranscript(transcript);
    assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.issues));
    const words = transcript.segments.flatMap((s) => s.words);
    assert.deepEqual(
      words.map((w) => [w.text, w.start, w.end]),
      [
        ['one', 0.1, 0.5],
        ['two', 0.5, 0.5],
        ['three', 0.6, 0.9],
        ['four', 0.9, 1.2],
        ['five', 1.95, 2],
        ['six', 2, 2],
      ],
    );
    assert.equal(transcript.segments[1]!.start, 0.9);
    assert.equal(transcript.segments[1]!.end, 2);
  });

  it('skips empty utterances and blank words; silence gives no segments', () => {
    const recognition: Recognition = {
      language: 'en',
      utterances: [{ words: [] }, { words: [word('  ', 0.1, 0.2)] }, { words: [word('yes', 1, 1.3)] }],
    };
    const transcript = buildTranscript({ recognition, durationSeconds: 2, requestedLanguage: 'auto', source });
    assert.deepEqual(
      transcript.segments.map((s) => [s.id, s.text]),
      [['s1', 'yes']],
    );
    const silent = buildTranscript({
      recognition: { language: 'en', utterances: [] },
      durationSeconds: 3.2,
      requestedLanguage: 'auto',
      source,
    });
    assert.ok(validateTranscript(silent).ok);
    assert.deepEqual(silent.segments, []);
    assert.equal(silent.duration, 3.2);
  });

  it('takes the requested language unless it is auto', () => {
    assert.equal(transcriptLanguage('auto', 'en'), 'en');
    assert.equal(transcriptLanguage('en', 'en'), 'en');
    assert.equal(transcriptLanguage('auto', ''), 'und');
    const recognition: Recognition = { language: 'en', utterances: [] };
    assert.equal(buildTranscript({ recognition, durationSeconds: 1, requestedLanguage: 'en', source }).language, 'en');
  });
});
