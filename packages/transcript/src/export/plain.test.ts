import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { emptyTranscript, exampleTranscript, exportTranscript } from '../index.ts';
import { transcriptOf } from './test-fixtures.ts';

const text = (
  t: Parameters<typeof exportTranscript>[0],
  options: { includeSpeakers?: boolean; includeTimestamps?: boolean } = {},
) => exportTranscript(t, { format: 'text', ...options }).content;

describe('text export', () => {
  it('writes one paragraph per segment with speaker names by default, ending with one newline', () => {
    assert.equal(text(exampleTranscript()), 'Ada: Hello there.\n\nSpeaker 2: Hi!\n');
  });

  it('leaves speakers out on request', () => {
    assert.equal(text(exampleTranscript(), { includeSpeakers: false }), 'Hello there.\n\nHi!\n');
  });

  it('prefixes [HH:MM:SS] (hours always, truncated to the second) before the speaker', () => {
    const t = transcriptOf([
      { start: 0, end: 1, text: 'Zero.' },
      { start: 59.999, end: 61, text: 'Almost a minute.', speaker: 'S2' },
      { start: 3725.5, end: 3726, text: 'Past an hour.', speaker: null },
      { start: 360_000, end: 360_001, text: 'A hundred hours.' },
    ]);
    assert.equal(
      text(t, { includeTimestamps: true }),
      '[00:00:00] Ada: Zero.\n\n[00:00:59] Speaker 2: Almost a minute.\n\n[01:02:05] Past an hour.\n\n[100:00:00] Ada: A hundred hours.\n',
    );
    assert.equal(
      text(t, { includeTimestamps: true, includeSpeakers: false }).split('\n')[2],
      '[00:00:59] Almost a minute.',
    );
  });

  it('does not merge consecutive segments of the same speaker', () => {
    const t = transcriptOf([
      { start: 0, end: 1, text: 'One.' },
      { start: 1, end: 2, text: 'Two.' },
    ]);
    assert.equal(text(t), 'Ada: One.\n\nAda: Two.\n');
  });

  it('uses the label when a speaker has no name, and no prefix for an unattributed segment', () => {
    const t = transcriptOf([
      { start: 0, end: 1, text: 'Labelled.', speaker: 'S2' },
      { start: 1, end: 2, text: 'Nobody.', speaker: null },
    ]);
    assert.equal(text(t), 'Speaker 2: Labelled.\n\nNobody.\n');
  });

  it('keeps a paragraph on one line whatever the text holds', () => {
    const t = transcriptOf([{ start: 0, end: 1, text: 'first line\n\nsecond\tline\r\nthird\u2028fourth\u0007bell' }]);
    assert.equal(text(t, { includeSpeakers: false }), 'first line second line third fourthbell\n');
  });

  it('writes nothing for a transcript without segments', () => {
    assert.equal(text(emptyTranscript()), '');
    assert.equal(text(emptyTranscript(), { includeTimestamps: true }), '');
  });
});
