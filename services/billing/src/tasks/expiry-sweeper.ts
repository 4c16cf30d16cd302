import type { Logger } from '@tp/logging';
import { startPeriodicTask, type PeriodicTask } from '@tp/runtime';
import type { BillingStore } from '../store/billing-store.ts';

export interface SweepResult {
  /** Principals whose past-due grants this sweep expired. */
  principals: number;
  /** Grants expired by this sweep. */
  grants: number;
}

export interface ExpirySweeperDeps {
  store: BillingStore;
  log: Logger;
  now: () => Date;
  batchSize?: number;
}

/**
 * Expires the remaining credits of past-due grants (an expiry entry each), principal by principal
 * under its account lock. Reads expire a principal's grants too, so the sweep only keeps balances
 * that nobody reads up to date. Idempotent: replicas may sweep at the same time.
 */
export function createExpirySweeper(deps: ExpirySweeperDeps) {
  const { store, log } = deps;
  const batchSize = deps.batchSize ?? 100;
  const MAX_BATCHES = 20;

  async function sweep(at: Date = deps.now()): Promise<SweepResult> {
    const result: SweepResult = { principals: 0, grants: 0 };
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const principals = await store.principalsWithDueGrants(at, batchSize);
      for (const principalId of principals) {
        const expired = await store.expireDue(principalId, at);
        if (expired > 0) {
          result.principals += 1;
          result.grants += expired;
        }
      }
      if (principals.length < batchSize) break;
    }
    if (result.grants > 0) log.info(result, 'expired grants swept');
    return result;
  }

  let task: PeriodicTask | undefined;
  return {
    sweep,
    /** Sweeps every `intervalMs` (never two sweeps at once in this process). */
    start(intervalMs: number): void {
      task = startPeriodicTask({ name: 'grant expiry sweep', intervalMs, log, run: sweep });
    },
    async stop(): Promise<void> {
      await task?.stop();
    },
  };
}

export type ExpirySweeper = ReturnType<typeof createExpirySweeper>;
