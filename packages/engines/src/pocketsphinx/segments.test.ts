import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { UTTERANCE_MARK } from './host-protocol.ts';
import { utterancesOf } from './segments.ts';

describe('utterancesOf', () => {
  it('drops fillers and silence, folds alternate pronunciations, shifts each piece by its offset, one utterance per mark and piece', () => {
    const utterances = utterancesOf([
      {
        offsetSamples: 0,
        segments: [
          ['<s>', 0, 10, 1],
          ['hello', 11, 50, 0.9],
          ['<sil>', 51, 60, 1],
          ['world(2)', 61, 100, 1.5],
          ['[NOISE]', 101, 140, 1],
          [UTTERANCE_MARK, 0, 0, 1],
          ['again', 151, 200, Number.NaN],
        ],
      },
      {
        offsetSamples: 16_000 * 90,
        segments: [
          ['later', 5, 40, 0.5],
          ['</s>', 41, 45, 1],
        ],
      },
    ]);
    assert.deepEqual(utterances, [
      {
        words: [
          { text: 'hello', start: 0.11, end: 0.5, confidence: 0.9 },
          { text: 'world', start: 0.61, end: 1, confidence: 1 },
        ],
      },
      { words: [{ text: 'again', start: 1.51, end: 2, confidence: null }] },
      { words: [{ text: 'later', start: 90.05, end: 90.4, confidence: 0.5 }] },
    ]);
  });
});
