import { setTimeout as sleep } from 'node:timers/promises';
import { isTransient } from '../../domain/backend-errors.ts';

/**
 * Calls `fn`, retrying transient failures after each of `delaysMs` (calling `keepAlive` while it
 * waits, so the ticket's ack wait does not run out). The last failure is thrown as is.
 */
export async function withRetries<T>(
  fn: () => Promise<T>,
  options: { delaysMs: readonly number[]; keepAlive?: () => void },
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fn();
    } catch (err) {
      const delay = options.delaysMs[attempt];
      if (delay === undefined || !isTransient(err)) throw err;
      options.keepAlive?.();
      await sleep(delay);
    }
  }
}
