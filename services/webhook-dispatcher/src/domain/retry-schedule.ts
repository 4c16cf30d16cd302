// The retry schedule of a delivery: the waits after each failed attempt (the first attempt is
// immediate), each jittered by ±20% so that receivers recovering from an outage are not hit by
// every delivery at the same instant; a Retry-After that asks for longer wins.

const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The jitter applied to each wait, as a fraction either way. */
export const JITTER = 0.2;

/** `5s,5m,30m` → [5000, 300000, 1800000]; a duration is an integer with ms, s, m, h or d. */
export function parseRetrySchedule(text: string): number[] {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) throw new Error('lists no duration');
  if (parts.length > 50) throw new Error('lists more than 50 durations');
  return parts.map((part) => {
    const match = /^(\d{1,9})(ms|s|m|h|d)$/.exec(part);
    if (!match) throw new Error(`"${part}" is not a duration like 500ms, 5s, 5m, 2h or 1d`);
    return Number(match[1]) * UNITS[match[2]!]!;
  });
}

/** `random` in [0, 1) → a wait within ±JITTER of `waitMs`. */
export function jittered(waitMs: number, random: number): number {
  return Math.round(waitMs * (1 - JITTER + 2 * JITTER * random));
}

export interface NextAttemptInput {
  schedule: readonly number[];
  /** Failed attempts since the schedule (re)started, this one included (1 after the first). */
  failedSteps: number;
  now: Date;
  /** The earliest time the receiver asked for (Retry-After), if any. */
  notBefore: Date | null;
  random: number;
}

/** When the next attempt is due, or null once the schedule is used up. */
export function nextAttemptAt(input: NextAttemptInput): Date | null {
  const wait = input.schedule[input.failedSteps - 1];
  if (wait === undefined) return null;
  const at = new Date(input.now.getTime() + jittered(wait, input.random));
  return input.notBefore && input.notBefore > at ? input.notBefore : at;
}
