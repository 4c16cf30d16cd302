// A diagonal-covariance Gaussian mixture trained by EM on a speaker's frames (features 1..d), in
// flat typed arrays: scoring every speech frame against every speaker is the diarizer's hot loop.
import type { FeatureStore } from './feature-store.ts';

export interface Gmm {
  components: number;
  dimension: number;
  /** components × dimension, row-major. */
  means: Float64Array;
  /** 1 / variance, components × dimension. */
  precisions: Float64Array;
  /** log weight - ½ Σ log(2π σ²) per component. */
  constants: Float64Array;
}

const MIN_VARIANCE = 1e-3;
/** A speaker's frames beyond this are sampled evenly: a minute of speech trains the model as well as an hour. */
export const MAX_TRAINING_FRAMES = 6000;

/** Features 1..d of the given frames, one row per frame. */
export function gatherFeatures(store: FeatureStore, frames: ArrayLike<number>): Float32Array {
  const d = store.dimension - 1;
  const out = new Float32Array(frames.length * d);
  for (let i = 0; i < frames.length; i++) out.set(store.frame(frames[i]!).subarray(1), i * d);
  return out;
}

/** Features 1..d of frames [start, end), one row per frame. */
export function rangeFeatures(store: FeatureStore, start: number, end: number): Float32Array {
  const d = store.dimension - 1;
  const out = new Float32Array((end - start) * d);
  for (let t = start; t < end; t++) out.set(store.frame(t).subarray(1), (t - start) * d);
  return out;
}

/** Per component log N(x) + log weight of row `row` of `data` into `logs`; returns their maximum. */
function componentLogs(gmm: Gmm, data: Float32Array, row: number, logs: Float64Array): number {
  const { components: k, dimension: d, means, precisions, constants } = gmm;
  const base = row * d;
  let max = Number.NEGATIVE_INFINITY;
  for (let c = 0, offset = 0; c < k; c++, offset += d) {
    let sum = 0;
    for (let i = 0; i < d; i++) {
      const diff = data[base + i]! - means[offset + i]!;
      sum += diff * diff * precisions[offset + i]!;
    }
    const log = constants[c]! - 0.5 * sum;
    logs[c] = log;
    if (log > max) max = log;
  }
  return max;
}

/** log p(row | gmm) for every row of `data` into `out`. */
export function scoreFrames(gmm: Gmm, data: Float32Array, out: Float64Array): void {
  const logs = new Float64Array(gmm.components);
  const rows = data.length / gmm.dimension;
  for (let t = 0; t < rows; t++) {
    const max = componentLogs(gmm, data, t, logs);
    let total = 0;
    for (let c = 0; c < gmm.components; c++) total += Math.exp(logs[c]! - max);
    out[t] = max + Math.log(total);
  }
}

function withConstants(weights: Float64Array, means: Float64Array, variances: Float64Array, d: number): Gmm {
  const k = weights.length;
  const constants = new Float64Array(k);
  for (let c = 0; c < k; c++) {
    let logDet = 0;
    for (let i = 0; i < d; i++) logDet += Math.log(2 * Math.PI * variances[c * d + i]!);
    constants[c] = Math.log(Math.max(weights[c]!, 1e-10)) - 0.5 * logDet;
  }
  return { components: k, dimension: d, means, precisions: variances.map((v) => 1 / v), constants };
}

/** Trains a GMM of up to `components` on `frames` (indices into the store), `iterations` EM rounds. */
export function trainGmm(store: FeatureStore, frames: readonly number[], components: number, iterations = 6): Gmm {
  const d = store.dimension - 1;
  const stride = Math.max(1, frames.length / MAX_TRAINING_FRAMES);
  const picked = Array.from({ length: Math.min(frames.length, MAX_TRAINING_FRAMES) }, (_, i) => {
    return frames[Math.floor(i * stride)]!;
  });
  const data = gatherFeatures(store, picked);
  const n = picked.length;
  const k = Math.max(1, Math.min(components, Math.floor(n / (4 * d))));
  // Start from frames spread evenly over the speaker's speech, unit variances.
  const start = new Float64Array(k * d);
  for (let c = 0; c < k; c++) start.set(data.subarray(Math.floor(((c + 0.5) * n) / k) * d).subarray(0, d), c * d);
  let gmm = withConstants(new Float64Array(k).fill(1 / k), start, new Float64Array(k * d).fill(1), d);
  const logs = new Float64Array(k);
  for (let round = 0; round < iterations; round++) {
    const weight = new Float64Array(k);
    const s1 = new Float64Array(k * d);
    const s2 = new Float64Array(k * d);
    for (let t = 0; t < n; t++) {
      const max = componentLogs(gmm, data, t, logs);
      let total = 0;
      for (let c = 0; c < k; c++) {
        logs[c] = Math.exp(logs[c]! - max);
        total += logs[c]!;
      }
      for (let c = 0; c < k; c++) {
        const g = logs[c]! / total;
        if (g < 1e-6) continue;
        weight[c]! += g;
        for (let i = 0, offset = c * d, base = t * d; i < d; i++) {
          const x = data[base + i]!;
          s1[offset + i]! += g * x;
          s2[offset + i]! += g * x * x;
        }
      }
    }
    const means = new Float64Array(k * d);
    const variances = new Float64Array(k * d).fill(1);
    for (let c = 0; c < k; c++) {
      for (let i = 0; i < d; i++) {
        const j = c * d + i;
        if (weight[c]! <= 0) {
          means[j] = gmm.means[j]!;
          continue;
        }
        means[j] = s1[j]! / weight[c]!;
        variances[j] = Math.max(MIN_VARIANCE, s2[j]! / weight[c]! - means[j]! ** 2);
      }
    }
    gmm = withConstants(
      weight.map((w) => w / n),
      means,
      variances,
      d,
    );
  }
  return gmm;
}
