import type { RecognizedWord, Utterance } from '../recognition.ts';
import { FRAMES_PER_SECOND, type RawSegment, UTTERANCE_MARK } from './host-protocol.ts';
import { baseWord, clampConfidence, isFiller } from './pocketsphinx-output.ts';
import { PCM_SAMPLE_RATE } from '../pcm.ts';

const seconds = (frames: number) => Math.round((frames / FRAMES_PER_SECOND) * 1000) / 1000;

/**
 * The words of decoded pieces as utterances, as the command-line tool's output parser gives them:
 * fillers and silence dropped, alternate pronunciations folded (`with(2)` → `with`), times shifted
 * by each piece's first sample, a new utterance at each UTTERANCE_MARK and each piece.
 */
export function utterancesOf(pieces: { offsetSamples: number; segments: RawSegment[] }[]): Utterance[] {
  const utterances: Utterance[] = [];
  let current: RecognizedWord[] = [];
  for (const { offsetSamples, segments } of pieces) {
    const offsetFrames = (offsetSamples / PCM_SAMPLE_RATE) * FRAMES_PER_SECOND;
    for (const [token, startFrame, endFrame, posterior] of [[UTTERANCE_MARK, 0, 0, 1] as RawSegment, ...segments]) {
      if (token === UTTERANCE_MARK) {
        if (current.length > 0) utterances.push({ words: current });
        current = [];
        continue;
      }
      if (isFiller(token)) continue;
      const text = baseWord(token);
      if (text === '') continue;
      const word = {
        text,
        start: seconds(startFrame + offsetFrames),
        end: seconds(endFrame + offsetFrames),
        // Six decimals, as the command-line tool prints them.
        confidence: clampConfidence(Number(posterior.toFixed(6))),
      };
      current.push(word);
    }
  }
  if (current.length > 0) utterances.push({ words: current });
  return utterances;
}

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
