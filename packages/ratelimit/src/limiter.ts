import { createHash } from 'node:crypto';
import type { Logger } from '@tp/logging';
import type { CounterStore } from './kv-counters.ts';
import { type RatePolicy, type RateState, stateOf, windowAt } from './policy.ts';

export interface RateLimiterOptions {
  store: CounterStore;
  log: Logger;
  /** Clock of the windows (ms since the epoch). */
  now?: () => number;
  /** After a store failure, how long requests pass uncounted before the store is tried again. */
  retryAfterFailureMs: number;
}

/**
 * Counts requests against policies in a shared store. It fails open: when the store fails (NATS
 * away, a timeout), the answer is `null` — the caller lets the request through uncounted — and
 * the store is left alone for `retryAfterFailureMs`, so an outage costs one slow call per period,
 * not one per request. One warning is logged when the store fails, one line when it is back.
 */
export interface RateLimiter {
  /** Counts a request of `subject`; null when the store is unavailable. */
  consume(policy: RatePolicy, subject: string): Promise<RateState | null>;
  /** Where `subject` stands without counting a request (allowed while below the limit); null when unavailable. */
  peek(policy: RatePolicy, subject: string): Promise<RateState | null>;
}

/** The store's key of a subject under a policy: a hash, so tokens and addresses never reach the store. */
export function counterKey(policy: RatePolicy, subject: string): string {
  return `${policy.name}.${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { store, log, retryAfterFailureMs } = options;
  const now = options.now ?? Date.now;
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

  return {
    consume(policy, subject) {
      return guarded(policy, async () => {
        const window = windowAt(now(), policy.windowSeconds);
        const count = await store.increment(counterKey(policy, subject), window.index, policy.limit);
        return stateOf(policy, count, window.resetSeconds);
      });
    },
    peek(policy, subject) {
      return guarded(policy, async () => {
        const window = windowAt(now(), policy.windowSeconds);
        const count = await store.read(counterKey(policy, subject), window.index);
        const state = stateOf(policy, count, window.resetSeconds);
        return { ...state, allowed: count < policy.limit };
      });
    },
  };
}
