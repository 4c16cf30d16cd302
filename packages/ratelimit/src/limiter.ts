import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Logger } from '@tp/logging';
import type { CounterStore } from './kv-counters.ts';
import { createSlotTable, nextBlock, recordClaim, type SlotSettings, type Slots } from './local-slots.ts';
import { type RatePolicy, type RateState, stateOf, windowAt } from './policy.ts';

export interface RateLimiterOptions {
  store: CounterStore;
  log: Logger;
  /** Clock of the windows (ms since the epoch). */
  now?: () => number;
  /** After a store failure, how long requests pass uncounted before the store is tried again. */
  retryAfterFailureMs: number;
  /**
   * The largest block of slots one process claims at once, as a share of a policy's limit (default
   * 0.02): up to that many requests per process and window are counted without asking the store.
   */
  claimShare?: number;
  /** How long a peek trusts the count it last saw (default 1000 ms). */
  peekFreshMs?: number;
}

/**
 * Counts requests against policies in a shared store, claiming slots ahead (ADR 0025): a process
 * adds a block of slots to the shared count by one store call and hands them out itself, so a busy
 * subject costs a store call per block, not per request. The shared count is never passed (the
 * claims together stay within the limit); a process may refuse while others still hold slots they
 * claimed, at most `claimShare` of the limit each. Blocks start at one slot and double while they
 * are used up within a second, so a subject that calls now and then is counted exactly. Once the
 * shared count is at the limit, the window's refusals are answered without the store (counts only
 * grow within a window).
 *
 * It fails open: when the store fails (NATS away, a timeout), the answer is `null` — the caller
 * lets the request through uncounted — and the store is left alone for `retryAfterFailureMs`, so
 * an outage costs one slow call per period, not one per request. One warning is logged when the
 * store fails, one line when it is back.
 */
export interface RateLimiter {
  /** Counts a request of `subject`; null when the store is unavailable. */
  consume(policy: RatePolicy, subject: string): Promise<RateState | null>;
  /**
   * Where `subject` stands without counting a request (allowed while below the limit); null when
   * unavailable. The count it knows is at most `peekFreshMs` old unless the limit is reached.
   */
  peek(policy: RatePolicy, subject: string): Promise<RateState | null>;
}

/** The store's key of a subject under a policy: a hash, so tokens and addresses never reach the store. */
export function counterKey(policy: RatePolicy, subject: string): string {
  return `${policy.name}.${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { store, log, retryAfterFailureMs, peekFreshMs = 1_000 } = options;
  const now = options.now ?? Date.now;
  const settings: SlotSettings = { claimShare: options.claimShare ?? 0.02, hotClaimMs: 1_000 };
  const table = createSlotTable(now);
  let unavailableUntil = 0;
  let failing = false;

  async function guarded<T>(policy: RatePolicy, work: () => Promise<T>): Promise<T | null> {
    if (Date.now() < unavailableUntil) return null;
    try {
      const result = await work();
      if (failing) {
        failing = false;
        log.info({ policy: policy.name }, 'rate limit store reachable again; counting requests');
      }
      return result;
    } catch (err) {
      unavailableUntil = Date.now() + retryAfterFailureMs;
      if (!failing) {
        failing = true;
        log.warn(
          { err, policy: policy.name, retryInMs: retryAfterFailureMs },
          'rate limit store unavailable; requests pass uncounted (failing open)',
        );
      }
      return null;
    }
  }

  /** Claims the next block (one claim at a time per entry; the others wait for it). */
  function claim(slots: Slots, policy: RatePolicy, subject: string): Promise<void> {
    slots.claiming ??= (async () => {
      try {
        slots.block = nextBlock(slots, policy, settings, performance.now());
        const got = await store.claim(counterKey(policy, subject), slots.window, slots.block, policy.limit);
        recordClaim(slots, got, performance.now());
      } finally {
        slots.claiming = null;
      }
    })();
    return slots.claiming;
  }

  async function consume(policy: RatePolicy, subject: string): Promise<RateState> {
    const window = windowAt(now(), policy.windowSeconds);
    const slots = table.get(policy, subject, window);
    for (;;) {
      if (slots.unused > 0) {
        slots.unused -= 1;
        return stateOf(policy, slots.total - slots.unused, window.resetSeconds);
      }
      // At the limit: refused without asking (the shared count does not go down within a window).
      if (slots.total >= policy.limit) return stateOf(policy, slots.total + 1, window.resetSeconds);
      await claim(slots, policy, subject);
    }
  }

  async function peek(policy: RatePolicy, subject: string): Promise<RateState> {
    const window = windowAt(now(), policy.windowSeconds);
    const slots = table.get(policy, subject, window);
    if (slots.total < policy.limit && performance.now() - slots.seenAt > peekFreshMs) {
      const read = await store.read(counterKey(policy, subject), window.index);
      slots.total = Math.max(slots.total, read);
      slots.seenAt = performance.now();
    }
    const count = slots.total - slots.unused;
    return { ...stateOf(policy, count, window.resetSeconds), allowed: count < policy.limit };
  }

  return {
    consume: (policy, subject) => guarded(policy, () => consume(policy, subject)),
    peek: (policy, subject) => guarded(policy, () => peek(policy, subject)),
  };
}
