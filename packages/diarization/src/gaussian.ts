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
  logDeterminant(ridge = 1e-3): number {
    const d = this.dimension;
    const n = Math.max(1, this.count);
    const cov = new Float64Array(d * d);
    let k = 0;
    for (let i = 0; i < d; i++) {
      for (let j = i; j < d; j++) {
        const c = this.outer[k++]! / n - (this.sum[i]! / n) * (this.sum[j]! / n);
        cov[i * d + j] = c;
        cov[j * d + i] = c;
      }
      cov[i * d + i]! += ridge;
    }
    return choleskyLogDet(cov, d);
  }
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

/**
 * ΔBIC of merging two sets of frames (full covariance): negative when one Gaussian explains them
 * better than two, i.e. they are likely one speaker. `lambda` weighs the model-size penalty.
 */
export function deltaBic(
  a: GaussianStats,
  b: GaussianStats,
  lambda: number,
  merged: GaussianStats = a.merged(b),
  logDets?: { a: number; b: number },
): number {
  const d = a.dimension;
  const n = merged.count;
  const gain =
    0.5 *
    (n * merged.logDeterminant() -
      a.count * (logDets?.a ?? a.logDeterminant()) -
      b.count * (logDets?.b ?? b.logDeterminant()));
  const penalty = 0.5 * lambda * (d + (d * (d + 1)) / 2) * Math.log(n);
  return gain - penalty;
}
