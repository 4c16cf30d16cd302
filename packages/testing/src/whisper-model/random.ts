// Deterministic random numbers for random-weight models: fast, 32-bit, the same bytes for a seed.

/** xoshiro128** seeded through splitmix32: fast, 32-bit, deterministic. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
  }

  /** Next 32 random bits as an unsigned integer. */
  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** Inverse of the standard normal CDF (Acklam's rational approximation, |err| < 1.2e-9). */
function normalQuantile(p: number): number {
  const a = [
    -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1,
    2.506628277459239,
  ] as const;
  const b = [
    -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1,
  ] as const;
  const c = [
    -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ] as const;
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416] as const;
  const pLow = 0.02425;
  if (p < pLow) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    );
  }
  if (p > 1 - pLow) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  );
}

/**
 * 65536 equiprobable normal(0, 1) quantiles. Indexing it with 16 random bits
 * gives a (finely discretised) normal deviate for the cost of a table lookup,
 * which keeps generating ~75M weights in the 1-second range.
 */
const NORMAL_TABLE: Float32Array = (() => {
  const t = new Float32Array(65536);
  for (let i = 0; i < t.length; i++) t[i] = normalQuantile((i + 0.5) / t.length);
  return t;
})();

/** Fills `out` with normal(0, std) values (two values per 32-bit draw). */
export function fillNormal(rng: Rng, out: Float32Array | Float16Array, std: number): void {
  const n = out.length;
  let i = 0;
  for (; i + 1 < n; i += 2) {
    const r = rng.nextU32();
    out[i] = NORMAL_TABLE[r & 0xffff]! * std;
    out[i + 1] = NORMAL_TABLE[r >>> 16]! * std;
  }
  if (i < n) out[i] = NORMAL_TABLE[rng.nextU32() & 0xffff]! * std;
}
