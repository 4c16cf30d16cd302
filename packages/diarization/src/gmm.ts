// A diagonal-covariance Gaussian mixture trained by EM on a speaker's frames (features 1..d).
import type { FeatureStore } from './feature-store.ts';

export interface Gmm {
  weights: Float64Array;
  means: Float64Array[];
  /** 1 / variance per dimension. */
  precisions: Float64Array[];
  /** log weight - ½ Σ log(2π σ²) per component. */
  constants: Float64Array;
}

const MIN_VARIANCE = 1e-3;
const MAX_TRAINING_FRAMES = 30_000;

function componentLog(gmm: Gmm, c: number, frame: Float32Array): number {
  const mean = gmm.means[c]!;
  const precision = gmm.precisions[c]!;
  let sum = 0;
  for (let i = 0; i < mean.length; i++) {
    const diff = frame[i + 1]! - mean[i]!;
    sum += diff * diff * precision[i]!;
  }
  return gmm.constants[c]! - 0.5 * sum;
}

/** log p(frame | gmm); fills `posteriors` (if given) with the component responsibilities. */
export function logLikelihood(gmm: Gmm, frame: Float32Array, posteriors?: Float64Array): number {
  const k = gmm.weights.length;
  let max = Number.NEGATIVE_INFINITY;
  const logs = posteriors ?? new Float64Array(k);
  for (let c = 0; c < k; c++) {
    logs[c] = componentLog(gmm, c, frame);
    if (logs[c]! > max) max = logs[c]!;
  }
  let total = 0;
  for (let c = 0; c < k; c++) total += Math.exp(logs[c]! - max);
  const log = max + Math.log(total);
  if (posteriors) for (let c = 0; c < k; c++) posteriors[c] = Math.exp(logs[c]! - log);
  return log;
}

function withConstants(weights: Float64Array, means: Float64Array[], variances: Float64Array[]): Gmm {
  const constants = Float64Array.from(weights, (w, c) => {
    let logDet = 0;
    for (const v of variances[c]!) logDet += Math.log(2 * Math.PI * v);
    return Math.log(Math.max(w, 1e-10)) - 0.5 * logDet;
  });
  const precisions = variances.map((v) => Float64Array.from(v, (x) => 1 / x));
  return { weights, means, precisions, constants };
}

/** Trains a GMM of up to `components` on `frames` (indices into the store), `iterations` EM rounds. */
export function trainGmm(store: FeatureStore, frames: readonly number[], components: number, iterations = 6): Gmm {
  const d = store.dimension - 1;
  const stride = Math.max(1, Math.ceil(frames.length / MAX_TRAINING_FRAMES));
  const sample = frames.filter((_, i) => i % stride === 0);
  const k = Math.max(1, Math.min(components, Math.floor(sample.length / (4 * d))));
  // Start from frames spread evenly over the speaker's speech, unit variances.
  let gmm = withConstants(
    new Float64Array(k).fill(1 / k),
    Array.from({ length: k }, (_, c) =>
      Float64Array.from(store.frame(sample[Math.floor(((c + 0.5) * sample.length) / k)]!).subarray(1)),
    ),
    Array.from({ length: k }, () => new Float64Array(d).fill(1)),
  );
  const posterior = new Float64Array(k);
  for (let round = 0; round < iterations; round++) {
    const n = new Float64Array(k);
    const s1 = Array.from({ length: k }, () => new Float64Array(d));
    const s2 = Array.from({ length: k }, () => new Float64Array(d));
    for (const t of sample) {
      const frame = store.frame(t);
      logLikelihood(gmm, frame, posterior);
      for (let c = 0; c < k; c++) {
        const g = posterior[c]!;
        if (g < 1e-6) continue;
        n[c]! += g;
        for (let i = 0; i < d; i++) {
          const x = frame[i + 1]!;
          s1[c]![i]! += g * x;
          s2[c]![i]! += g * x * x;
        }
      }
    }
    const means = s1.map((s, c) => Float64Array.from(s, (x) => (n[c]! > 0 ? x / n[c]! : 0)));
    const variances = s2.map((s, c) =>
      Float64Array.from(s, (x, i) => (n[c]! > 0 ? Math.max(MIN_VARIANCE, x / n[c]! - means[c]![i]! ** 2) : 1)),
    );
    gmm = withConstants(
      Float64Array.from(n, (x) => x / sample.length),
      means.map((m, c) => (n[c]! > 0 ? m : gmm.means[c]!)),
      variances,
    );
  }
  return gmm;
}
