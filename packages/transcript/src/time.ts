/** Seconds → integer milliseconds (`Math.round`: halves go up); never -0. */
export function toMillis(seconds: number): number {
  return Math.round(seconds * 1000) + 0;
}

/** Seconds rounded to the millisecond, as the canonical form writes them. Idempotent. */
export function roundTime(seconds: number): number {
  return toMillis(seconds) / 1000 + 0;
}

/** A confidence rounded to 3 decimals, as the canonical form writes it. Idempotent. */
export function roundConfidence(confidence: number): number {
  return Math.round(confidence * 1000) / 1000 + 0;
}
