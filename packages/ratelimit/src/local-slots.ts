import type { Claim } from './kv-counters.ts';
import type { RatePolicy } from './policy.ts';

/**
 * One policy and subject in one window, as this process knows it: the shared count as last seen
 * (slots it claimed and has not handed out included) and those unused slots.
 */
export interface Slots {
  /** The window index. */
  window: number;
  /** When the window ends (the limiter's clock, ms): the entry is dropped afterwards. */
  endsAt: number;
  /** The shared count as last seen, this process's unused slots included. */
  total: number;
  /** Slots claimed from the store and not handed out yet. */
  unused: number;
  /** When `total` was last read or written (performance.now()). */
  seenAt: number;
  /** The size of the next claim. */
  block: number;
  /** When the last claim was granted (performance.now()); 0 before any. */
  claimedAt: number;
  /** The claim in flight, which every request that finds no slot waits for. */
  claiming: Promise<void> | null;
}

export interface SlotSettings {
  /** The largest claim, as a share of a policy's limit (at least one slot). */
  claimShare: number;
  /** A claim used up within this long makes the next one twice as large; a slower one, half. */
  hotClaimMs: number;
}

/** The largest claim of a policy: `claimShare` of its limit, at least 1. */
export const maxBlock = (policy: RatePolicy, settings: SlotSettings) =>
  Math.max(1, Math.floor(policy.limit * settings.claimShare));

/** The next claim's size: doubled while claims are used up fast, halved when not, within 1..maxBlock. */
export function nextBlock(slots: Slots, policy: RatePolicy, settings: SlotSettings, at: number): number {
  const hot = slots.claimedAt > 0 && at - slots.claimedAt < settings.hotClaimMs;
  const size = hot ? slots.block * 2 : Math.floor(slots.block / 2);
  return Math.min(maxBlock(policy, settings), Math.max(1, size));
}

/** Takes in what the store granted. */
export function recordClaim(slots: Slots, claim: Claim, at: number): void {
  slots.unused += claim.granted;
  slots.total = Math.max(slots.total, claim.total);
  slots.seenAt = at;
  slots.claimedAt = at;
}

/** The local entries, by policy and subject; those of ended windows are swept once a second. */
export function createSlotTable(now: () => number) {
  const table = new Map<string, Slots>();
  let sweepAt = 0;

  function sweep(at: number): void {
    if (at < sweepAt) return;
    sweepAt = at + 1_000;
    for (const [key, slots] of table) if (slots.endsAt <= at) table.delete(key);
  }

  return {
    /** The entry of `policy` and `subject` in `window` (a fresh one when the window changed). */
    get(policy: RatePolicy, subject: string, window: { index: number; resetSeconds: number }): Slots {
      const at = now();
      sweep(at);
      const key = `${policy.name}\u0000${subject}`;
      const known = table.get(key);
      if (known?.window === window.index) return known;
      const fresh: Slots = {
        window: window.index,
        endsAt: (window.index + 1) * policy.windowSeconds * 1000,
        total: 0,
        unused: 0,
        seenAt: Number.NEGATIVE_INFINITY,
        block: 1,
        claimedAt: 0,
        claiming: null,
      };
      table.set(key, fresh);
      return fresh;
    },
    get size() {
      return table.size;
    },
  };
}
