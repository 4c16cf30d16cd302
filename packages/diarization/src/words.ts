import type { SpeakerTurn, SpeechSpan } from './types.ts';

const overlap = (a: SpeechSpan, b: SpeechSpan): number =>
  Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

const distance = (turn: SpeechSpan, at: number): number =>
  at < turn.start ? turn.start - at : at > turn.end ? at - turn.end : 0;

/**
 * Speaker of each word: the turn holding most of the word (a word straddling a change goes to the
 * turn holding most of it); a word in a gap or overlapping no turn goes to the turn nearest its
 * midpoint. -1 only when there are no turns at all.
 */
export function assignWordSpeakers(turns: readonly SpeakerTurn[], words: readonly SpeechSpan[]): number[] {
  if (turns.length === 0) return words.map(() => -1);
  const sorted = [...turns].sort((a, b) => a.start - b.start);
  let from = 0;
  return words.map((word) => {
    // Words come roughly in order: start the scan a little before the last match.
    while (from > 0 && sorted[from]!.start > word.start) from--;
    let best = -1;
    let bestOverlap = 0;
    for (let i = from; i < sorted.length && sorted[i]!.start < word.end; i++) {
      const amount = overlap(sorted[i]!, word);
      if (amount > bestOverlap) [best, bestOverlap] = [i, amount];
    }
    if (best < 0) {
      const mid = (word.start + word.end) / 2;
      let nearest = 0;
      for (let i = 1; i < sorted.length; i++) {
        if (distance(sorted[i]!, mid) < distance(sorted[nearest]!, mid)) nearest = i;
      }
      best = nearest;
    }
    from = Math.max(0, best - 1);
    return sorted[best]!.speaker;
  });
}
