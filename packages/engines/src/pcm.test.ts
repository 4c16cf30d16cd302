import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { pieceEnd, piecesOf } from './pcm.ts';

const pcm = (samples: number[]) => {
  const buffer = Buffer.alloc(samples.length * 2);
  for (const [i, s] of samples.entries()) buffer.writeInt16LE(s, 2 * i);
  return buffer;
};

describe('pieceEnd', () => {
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

describe('piecesOf', () => {
  it('cuts the stream in pieces at pieceEnd, on its time line, whatever the chunks, the rest last', async () => {
    // 3 s of loud audio with a quiet 100 ms at 2.5 s, read in 1000-byte chunks; at most 2.8 s per piece.
    const samples = new Array(48_000).fill(5000);
    for (let i = 40_000; i < 41_600; i += 1) samples[i] = 0;
    const whole = pcm(samples);
    const chunks = Array.from({ length: whole.byteLength / 1000 }, (_, i) => whole.subarray(i * 1000, (i + 1) * 1000));
    const pieces = [];
    for await (const piece of piecesOf(Readable.from(chunks), 44_800)) pieces.push(piece);
    const cut = pieceEnd(whole, 44_800);
    assert.deepEqual(
      pieces.map((p) => [p.offsetSamples, p.pcm.byteLength / 2]),
      [
        [0, cut],
        [cut, 48_000 - cut],
      ],
    );
    assert.ok(Buffer.concat(pieces.map((p) => p.pcm)).equals(whole), 'every sample once, in order');
  });

  it('gives one empty piece for no input', async () => {
    const pieces = [];
    for await (const piece of piecesOf(Readable.from([]), 16_000)) pieces.push(piece);
    assert.deepEqual(pieces, [{ offsetSamples: 0, pcm: Buffer.alloc(0) }]);
  });
});
