// Speaker-change detection inside each speech run: a diagonal-Gaussian generalized likelihood ratio
// between the second before and the second after each candidate point, less a BIC penalty; its
// local maxima above zero cut the run. Cutting too often is cheap (clustering joins the pieces
// again); missing a change is not, so the penalty is light.
import type { FeatureStore } from './feature-store.ts';
import type { FrameRange } from './speech.ts';

export interface ChangeSettings {
  /** Frames on each side of a candidate point. */
  window: number;
  /** Frames between candidate points. */
  step: number;
  /** Weight of the BIC penalty. */
  lambda: number;
}

export const DEFAULT_CHANGE: ChangeSettings = { window: 100, step: 5, lambda: 1.2 };

/** Prefix sums of x and x² of features 1..d over a run (feature 0, energy, is left out). */
function prefixSums(store: FeatureStore, range: FrameRange): { s1: Float64Array; s2: Float64Array; d: number } {
  const d = store.dimension - 1;
  const n = range.end - range.start;
  const s1 = new Float64Array((n + 1) * d);
  const s2 = new Float64Array((n + 1) * d);
  for (let t = 0; t < n; t++) {
    const frame = store.frame(range.start + t);
    for (let i = 0; i < d; i++) {
      const x = frame[i + 1]!;
      s1[(t + 1) * d + i] = s1[t * d + i]! + x;
      s2[(t + 1) * d + i] = s2[t * d + i]! + x * x;
    }
  }
  return { s1, s2, d };
}

/** Σ log σ² over dimensions of frames [a, b) of the run. */
function logVariance(sums: { s1: Float64Array; s2: Float64Array; d: number }, a: number, b: number): number {
  const { s1, s2, d } = sums;
  const n = b - a;
  let total = 0;
  for (let i = 0; i < d; i++) {
    const mean = (s1[b * d + i]! - s1[a * d + i]!) / n;
    const variance = (s2[b * d + i]! - s2[a * d + i]!) / n - mean * mean;
    total += Math.log(Math.max(variance, 1e-6));
  }
  return total;
}

/** The run cut at its detected speaker changes. */
export function splitAtChanges(store: FeatureStore, range: FrameRange, settings = DEFAULT_CHANGE): FrameRange[] {
  const { window: w, step, lambda } = settings;
  const n = range.end - range.start;
  if (n < 2 * w) return [range];
  const sums = prefixSums(store, range);
  const penalty = 0.5 * lambda * 2 * sums.d * Math.log(2 * w);
  const points: number[] = [];
  const scores: number[] = [];
  for (let p = w; p + w <= n; p += step) {
    const glr =
      0.5 *
      (2 * w * logVariance(sums, p - w, p + w) - w * logVariance(sums, p - w, p) - w * logVariance(sums, p, p + w));
    points.push(p);
    scores.push(glr - penalty);
  }
  const reach = Math.round(w / (2 * step));
  const cuts: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    if (scores[i]! <= 0) continue;
    let peak = true;
    for (let j = Math.max(0, i - reach); j <= Math.min(scores.length - 1, i + reach) && peak; j++) {
      if (scores[j]! > scores[i]! || (scores[j] === scores[i] && j < i)) peak = false;
    }
    if (peak) cuts.push(range.start + points[i]!);
  }
  const bounds = [range.start, ...cuts, range.end];
  return bounds.slice(1).map((end, i) => ({ start: bounds[i]!, end }));
}
