import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalTranscript, validateTranscript } from '@tp/transcript';
import type { Recognition } from '@tp/engines';
import { mergeChannels, type SpeakerUtterance, splitBySpeaker, unattributed, wordsOf } from './speaker-utterances.ts';
import { buildTranscript, transcriptLanguage } from './transcript-builder.ts';

const source = { mediaId: 'med_01', jobId: 'job_01', profile: 'oracle', engine: 'pocketsphinx' };
const built = (utterances: SpeakerUtterance[], durationSeconds: number, requestedLanguage = 'auto') =>
  buildTranscript({ utterances, recognizedLanguage: 'en', durationSeconds, requestedLanguage, source });
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
    const transcript = built(unattributed(recognition), 7.5);
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
    const transcript = built(unattributed(recognition), 2.0);
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
});

describe('buildTranscript: empty input and language', () => {
  it('skips empty utterances and blank words; silence gives no segments', () => {
    const recognition: Recognition = {
      language: 'en',
      utterances: [{ words: [] }, { words: [word('  ', 0.1, 0.2)] }, { words: [word('yes', 1, 1.3)] }],
    };
    const transcript = built(unattributed(recognition), 2);
    assert.deepEqual(
      transcript.segments.map((s) => [s.id, s.text]),
      [['s1', 'yes']],
    );
    const silent = built([], 3.2);
    assert.ok(validateTranscript(silent).ok);
    assert.deepEqual(silent.segments, []);
    assert.equal(silent.duration, 3.2);
  });

  it('takes the requested language unless it is auto', () => {
    assert.equal(transcriptLanguage('auto', 'en'), 'en');
    assert.equal(transcriptLanguage('en', 'en'), 'en');
    assert.equal(transcriptLanguage('auto', ''), 'und');
    const recognition: Recognition = { language: 'en', utterances: [] };
    assert.equal(built(unattributed(recognition), 1, 'en').language, 'en');
  });
});

describe('buildTranscript with speakers', () => {
  const recognition: Recognition = {
    language: 'en',
    utterances: [
      { words: [word('hi', 0.1, 0.4), word('dana', 0.5, 0.9), word('hello', 1.0, 1.4)] },
      { words: [word('bye', 3.0, 3.3)] },
    ],
  };

  it('splits an utterance where its speaker changes and declares the speakers who speak', () => {
    assert.equal(wordsOf(recognition).length, 4);
    const utterances = splitBySpeaker(recognition, [0, 0, 1, 0]);
    const t = built(utterances, 4);
    const checked = validateTranscript(t);
    assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.issues));
    assert.deepEqual(
      t.segments.map((s) => [s.id, s.speaker, s.text, s.words.map((w) => w.speaker).join()]),
      [
        ['s1', 'S1', 'hi dana', 'S1,S1'],
        ['s2', 'S2', 'hello', 'S2'],
        ['s3', 'S1', 'bye', 'S1'],
      ],
    );
    assert.deepEqual(t.speakers, [
      { id: 'S1', label: 'Speaker 1', name: null },
      { id: 'S2', label: 'Speaker 2', name: null },
    ]);
  });

  it('merges channels by time, one speaker each, overlaps clamped into the rules', () => {
    const left: Recognition = { language: 'en', utterances: [{ words: [word('one', 0, 0.5), word('two', 0.6, 1.2)] }] };
    const right: Recognition = {
      language: 'en',
      utterances: [{ words: [word('yes', 1.0, 1.5)] }, { words: [word('three', 2, 2.5)] }],
    };
    const utterances = mergeChannels([left, right]);
    assert.deepEqual(
      utterances.map((u) => [u.speaker, u.words.map((w) => w.text).join(' ')]),
      [
        [0, 'one two'],
        [1, 'yes'],
        [1, 'three'],
      ],
    );
    const t = built(utterances, 3);
    const checked = validateTranscript(t);
    assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.issues));
    assert.equal(t.segments[1]!.start, 1.2, 'crosstalk starts where the other speaker stopped');
    assert.deepEqual(
      t.speakers.map((s) => s.label),
      ['Speaker 1', 'Speaker 2'],
    );
  });

  it('declares no speaker that says nothing', () => {
    const t = built(
      [
        { speaker: 2, words: [word('only', 0, 0.3)] },
        { speaker: 0, words: [] },
      ],
      1,
    );
    assert.deepEqual(
      t.speakers.map((s) => s.id),
      ['S3'],
    );
  });
});
