// The sender: claims due deliveries (a lease in PostgreSQL, FOR UPDATE SKIP LOCKED, so several
// replicas share the work and a dead one's claims expire) and keeps up to `concurrency` attempts
// in flight. It wakes at once when a delivery is created or an attempt ends (nudge), and polls
// otherwise; all state is in PostgreSQL, so a restart resumes where the last process left off.
import { randomBytes } from 'node:crypto';
import type { Logger } from '@tp/logging';
import type { ClaimStore } from '../store/index.ts';
import { type SendDeliveryDeps, sendDelivery } from '../usecases/send-delivery.ts';

export interface SenderDeps extends SendDeliveryDeps {
  claims: Pick<ClaimStore, 'claimDue' | 'recordAttempt'>;
  concurrency: number;
  pollIntervalMs: number;
  log: Logger;
}

export interface Sender {
  /** Look for due deliveries now (a delivery was created or restarted). */
  nudge(): void;
  /** Stops claiming and waits for the attempts in flight. */
  stop(): Promise<void>;
}

/**
 * How long a claim holds: twice an attempt's timeout and a margin, so a live sender always records
 * its attempt before the lease lapses, and a dead one's deliveries are free again soon after.
 */
export const leaseMsFor = (timeoutMs: number): number => 2 * timeoutMs + 5_000;

export function startSender(deps: SenderDeps): Sender {
  const log = deps.log.child({ component: 'sender' });
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  let woken = false;
  let wake: (() => void) | null = null;

  const nudge = () => {
    woken = true;
    wake?.();
  };

  const rest = () =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      const timer = setTimeout(finish, deps.pollIntervalMs);
      function finish() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = finish;
    });

  async function claimBatch(): Promise<void> {
    const free = deps.concurrency - inFlight.size;
    if (free <= 0) return;
    const lease = randomBytes(12).toString('base64url');
    const claimed = await deps.claims.claimDue(lease, deps.now(), leaseMsFor(deps.timeoutMs), free);
    for (const delivery of claimed) {
      const sending: Promise<unknown> = sendDelivery(deps, delivery, lease)
        .catch((err: unknown) =>
          log.error({ err, delivery_id: delivery.id }, 'attempt not recorded; retried once the lease lapses'),
        )
        .finally(() => {
          inFlight.delete(sending);
          nudge();
        });
      inFlight.add(sending);
    }
  }

  const loop = (async () => {
    while (!stopped) {
      woken = false;
      try {
        await claimBatch();
      } catch (err) {
        log.warn({ err }, 'claiming due deliveries failed; retrying');
      }
      // Until a nudge (a delivery created, an attempt ended: a slot is free) or the next poll.
      await rest();
    }
  })();

  return {
    nudge,
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await Promise.allSettled([...inFlight]);
    },
  };
}
