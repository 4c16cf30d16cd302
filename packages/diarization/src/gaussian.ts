// Sufficient statistics of a Gaussian over feature frames, and the Bayesian information criterion
// that says whether two sets of frames are better modelled by one full-covariance Gaussian or two.

export class GaussianStats {
  readonly dimension: number;
  count = 0;
  readonly sum: Float64Array;
  /** Upper triangle (row-major, j ≥ i) of Σ x xᵀ. */
  readonly outer: Float64Array;

  constructor(dimension: number) {
    this.dimension = dimension;
    this.sum = new Float64Array(dimension);
    this.outer = new Float64Array((dimension * (dimension + 1)) / 2);
  }

  /** Adds frame[offset .. offset + dimension). */
  add(frame: Float32Array, offset: number): void {
    const d = this.dimension;
    let k = 0;
    for (let i = 0; i < d; i++) {
      const xi = frame[offset + i]!;
      this.sum[i]! += xi;
      for (let j = i; j < d; j++) this.outer[k++]! += xi * frame[offset + j]!;
    }
    this.count++;
  }

  merged(other: GaussianStats): GaussianStats {
    const out = new GaussianStats(this.dimension);
    out.count = this.count + other.count;
    for (let i = 0; i < this.sum.length; i++) out.sum[i] = this.sum[i]! + other.sum[i]!;
    for (let i = 0; i < this.outer.length; i++) out.outer[i] = this.outer[i]! + other.outer[i]!;
    return out;
  }

  /** log |Σ| of the maximum-likelihood covariance, with a small ridge so short segments stay finite. */
  logDeterminant(): number {
    return pooledLogDeterminant(this);
  }
}

const RIDGE = 1e-3;
let scratch = new Float64Array(0);

/**
 * log |Σ| of the frames of `a` and `b` together (of `a` alone without `b`), built in a reused
 * buffer: clustering asks it for every pair of segments.
 */
export function pooledLogDeterminant(a: GaussianStats, b?: GaussianStats): number {
  const d = a.dimension;
  if (scratch.length < d * d) scratch = new Float64Array(d * d);
  const cov = scratch;
  const n = Math.max(1, a.count + (b?.count ?? 0));
  let k = 0;
  for (let i = 0; i < d; i++) {
    const mi = (a.sum[i]! + (b?.sum[i] ?? 0)) / n;
    for (let j = i; j < d; j++, k++) {
      const mj = (a.sum[j]! + (b?.sum[j] ?? 0)) / n;
      const c = (a.outer[k]! + (b?.outer[k] ?? 0)) / n - mi * mj;
      cov[i * d + j] = c;
      cov[j * d + i] = c;
    }
    cov[i * d + i]! += RIDGE;
  }
  return choleskyLogDet(cov, d);
}

/** log det of a symmetric positive-definite matrix (destroys `a`). */
function choleskyLogDet(a: Float64Array, d: number): number {
  let logDet = 0;
  for (let j = 0; j < d; j++) {
    let diag = a[j * d + j]!;
    for (let k = 0; k < j; k++) diag -= a[j * d + k]! ** 2;
    const root = Math.sqrt(Math.max(diag, 1e-12));
    a[j * d + j] = root;
    logDet += 2 * Math.log(root);
    for (let i = j + 1; i < d; i++) {
      let s = a[i * d + j]!;
      for (let k = 0; k < j; k++) s -= a[i * d + k]! * a[j * d + k]!;
      a[i * d + j] = s / root;
    }
  }
  return logDet;
}

export interface BicPenalty {
  /** Weight of the model-size penalty. */
  lambda: number;
  /**
   * Least gain per effective frame (na·nb / (na + nb), the size of a two-sample comparison) that
   * keeps two large sets apart (0: the plain BIC). Speech frames are neither independent nor
   * Gaussian, so two sets of one speaker's frames differ by an amount that grows with their size;
   * the plain BIC, whose penalty grows only with log n, splits a speaker more finely the longer
   * the recording.
   */
  perFrame: number;
}

/** What merging `a` and `b` must gain (in log-likelihood) to be refused. */
export function bicPenalty(dimension: number, a: number, b: number, penalty: BicPenalty): number {
  const d = dimension;
  const bic = 0.5 * penalty.lambda * (d + (d * (d + 1)) / 2) * Math.log(a + b);
  return Math.max(bic, (penalty.perFrame * a * b) / (a + b));
}

/**
 * ΔBIC of merging two sets of frames (full covariance): negative when one Gaussian explains them
 * better than two, i.e. they are likely one speaker.
 */
export function deltaBic(
  a: GaussianStats,
  b: GaussianStats,
  penalty: BicPenalty,
  logDets: { a: number; b: number } = { a: a.logDeterminant(), b: b.logDeterminant() },
): number {
  const n = a.count + b.count;
  const gain = 0.5 * (n * pooledLogDeterminant(a, b) - a.count * logDets.a - b.count * logDets.b);
  return gain - bicPenalty(a.dimension, a.count, b.count, penalty);
}
