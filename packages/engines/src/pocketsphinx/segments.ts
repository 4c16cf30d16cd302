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
