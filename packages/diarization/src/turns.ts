import { FRAME_STEP } from './mfcc.ts';
import type { SpeakerTurn } from './types.ts';

/** Seconds: a pause this short between two turns of one speaker does not end the turn. */
const BRIDGE = 0.5;

/** Speakers renumbered in order of first appearance (speaker 0 speaks first). */
export function renumber(turns: readonly SpeakerTurn[]): { turns: SpeakerTurn[]; speakerCount: number } {
  const order = new Map<number, number>();
  const out = turns.map((t) => {
    if (!order.has(t.speaker)) order.set(t.speaker, order.size);
    return { ...t, speaker: order.get(t.speaker)! };
  });
  return { turns: out, speakerCount: order.size };
}

/** Frame labels (-1: no speech) → ordered turns in seconds, short same-speaker pauses bridged. */
export function labelsToTurns(labels: Int16Array): SpeakerTurn[] {
  const turns: SpeakerTurn[] = [];
  for (let t = 0; t < labels.length; ) {
    const speaker = labels[t]!;
    let e = t;
    while (e < labels.length && labels[e] === speaker) e++;
    if (speaker >= 0) {
      const [start, end] = [t * FRAME_STEP, e * FRAME_STEP];
      const last = turns[turns.length - 1];
      if (last && last.speaker === speaker && start - last.end <= BRIDGE) last.end = end;
      else turns.push({ start, end, speaker });
    }
    t = e;
  }
  return turns;
}
