import type { Readable } from 'node:stream';

/** What every engine reads: 16 kHz × 1 channel × 2 bytes (s16le). */
export const PCM_SAMPLE_RATE = 16_000;
export const PCM_BYTES_PER_SECOND = PCM_SAMPLE_RATE * 2;

/**
 * Where to end a piece of `pcm` (16 kHz s16le) no longer than `maxSamples`: at the quietest 100 ms
 * in its last third, so input longer than a host buffers at once (longer than any window or clip)
 * is cut in a pause where it has one. Returns a sample count.
 */
export function pieceEnd(pcm: Buffer, maxSamples: number): number {
  const total = Math.floor(pcm.byteLength / 2);
  if (total <= maxSamples) return total;
  const step = PCM_SAMPLE_RATE / 10;
  let best = maxSamples;
  let quietest = Number.POSITIVE_INFINITY;
  for (let at = Math.floor((maxSamples * 2) / 3); at + step <= maxSamples; at += step) {
    let energy = 0;
    for (let i = at; i < at + step; i += 1) energy += Math.abs(pcm.readInt16LE(2 * i));
    if (energy < quietest) {
      quietest = energy;
      best = at + step / 2;
    }
  }
  return best;
}

/**
 * The PCM read from `pcm` in pieces of at most `maxSamples`, each cut by pieceEnd, with the sample
 * where it starts; the last piece (possibly empty) holds what is left. A piece is only joined when
 * the input has grown past `maxSamples`, so each byte is copied about once.
 */
export async function* piecesOf(
  pcm: Readable,
  maxSamples: number,
): AsyncGenerator<{ offsetSamples: number; pcm: Buffer }> {
  let chunks: Buffer[] = [];
  let bytes = 0;
  let offsetSamples = 0;
  for await (const chunk of pcm as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    bytes += chunk.byteLength;
    while (bytes / 2 > maxSamples) {
      const buffered = Buffer.concat(chunks);
      const end = pieceEnd(buffered, maxSamples);
      yield { offsetSamples, pcm: buffered.subarray(0, 2 * end) };
      chunks = [buffered.subarray(2 * end)];
      bytes = chunks[0]!.byteLength;
      offsetSamples += end;
    }
  }
  yield { offsetSamples, pcm: Buffer.concat(chunks) };
}
