import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { UTTERANCE_MARK } from './host-protocol.ts';
import { pieceEnd, utterancesOf } from './segments.ts';

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

describe('pieceEnd', () => {
  const pcm = (samples: number[]) => {
    const buffer = Buffer.alloc(samples.length * 2);
    for (const [i, s] of samples.entries()) buffer.writeInt16LE(s, 2 * i);
    return buffer;
  };

  it('keeps input that fits whole', () => {
    assert.equal(pieceEnd(pcm(new Array(1000).fill(100)), 16_000), 1000);
  });

  it('cuts in the quietest 100 ms of the last third of the longest piece', () => {
    // 3 s of loud audio with a quiet 100 ms at 2.5 s; at most 2.8 s per piece.
    const samples = new Array(48_000).fill(5000);
    for (let i = 40_000; i < 41_600; i += 1) samples[i] = 0;
    const cut = pieceEnd(pcm(samples), 44_800);
    assert.ok(cut > 40_000 && cut < 41_600, `${cut} is in the quiet 100 ms`);
    // A quiet stretch before the last third is not looked at.
    const early = new Array(48_000).fill(5000);
    for (let i = 1600; i < 3200; i += 1) early[i] = 0;
    const end = pieceEnd(pcm(early), 44_800);
    assert.ok(end >= 29_866 && end <= 44_800, String(end));
  });
});
