import { bestAssignment } from './assignment.ts';
import type { SpeakerTurn } from './types.ts';

export interface DiarizationError {
  /** (missed + falseAlarm + confusion) / scored; 0 when nothing is scored. */
  der: number;
  /** Seconds of reference speech with too few hypothesis speakers. */
  missed: number;
  /** Seconds of hypothesis speech beyond the reference speakers. */
  falseAlarm: number;
  /** Seconds of speech given to the wrong speaker after the best one-to-one mapping. */
  confusion: number;
  /** Seconds of reference speech scored (outside the collars). */
  scored: number;
}

interface Piece {
  duration: number;
  reference: number[];
  hypothesis: number[];
}

const active = (turns: readonly SpeakerTurn[], at: number): number[] => [
  ...new Set(turns.filter((t) => t.start <= at && at < t.end).map((t) => t.speaker)),
];

/** The timeline cut at every boundary, less the collars around reference boundaries. */
function pieces(reference: readonly SpeakerTurn[], hypothesis: readonly SpeakerTurn[], collar: number): Piece[] {
  const noScore = reference.flatMap((t) => [
    [t.start - collar, t.start + collar],
    [t.end - collar, t.end + collar],
  ]);
  const cuts = [...reference, ...hypothesis].flatMap((t) => [t.start, t.end]);
  if (collar > 0) cuts.push(...noScore.flat());
  const times = [...new Set(cuts)].sort((a, b) => a - b);
  const out: Piece[] = [];
  for (let i = 0; i + 1 < times.length; i++) {
    const [a, b] = [times[i]!, times[i + 1]!];
    const mid = (a + b) / 2;
    if (collar > 0 && noScore.some(([from, to]) => from! <= mid && mid < to!)) continue;
    out.push({ duration: b - a, reference: active(reference, mid), hypothesis: active(hypothesis, mid) });
  }
  return out;
}

/** Diarization error rate as md-eval counts it, after the best one-to-one speaker mapping; no scoring within ±collar of reference boundaries. */
export function diarizationErrorRate(
  reference: readonly SpeakerTurn[],
  hypothesis: readonly SpeakerTurn[],
  options: { collar?: number } = {},
): DiarizationError {
  const parts = pieces(reference, hypothesis, options.collar ?? 0.25);
  const refSpeakers = [...new Set(reference.map((t) => t.speaker))];
  const hypSpeakers = [...new Set(hypothesis.map((t) => t.speaker))];
  const together = refSpeakers.map(() => hypSpeakers.map(() => 0));
  let [scored, missed, falseAlarm, correct, both] = [0, 0, 0, 0, 0];
  for (const p of parts) {
    const [r, h] = [p.reference.length, p.hypothesis.length];
    scored += p.duration * r;
    missed += p.duration * Math.max(0, r - h);
    falseAlarm += p.duration * Math.max(0, h - r);
    both += p.duration * Math.min(r, h);
    for (const rs of p.reference) {
      for (const hs of p.hypothesis) together[refSpeakers.indexOf(rs)]![hypSpeakers.indexOf(hs)]! += p.duration;
    }
  }
  const mapping = bestAssignment(together);
  mapping.forEach((column, row) => {
    if (column >= 0) correct += together[row]![column]!;
  });
  const confusion = both - correct;
  const errors = missed + falseAlarm + confusion;
  return { der: scored > 0 ? errors / scored : 0, missed, falseAlarm, confusion, scored };
}
