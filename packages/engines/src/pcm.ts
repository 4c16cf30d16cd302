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
