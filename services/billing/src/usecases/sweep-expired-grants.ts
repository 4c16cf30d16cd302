import type { Logger } from '@tp/logging';
import type { GrantStore } from '../store/index.ts';

export interface SweepResult {
  /** Principals whose past-due grants this sweep expired. */
  principals: number;
  /** Grants expired by this sweep. */
  grants: number;
}

export interface SweepExpiredGrantsDeps {
  grants: Pick<GrantStore, 'principalsWithDueGrants' | 'expireDue'>;
  log: Logger;
  /** Principals per batch (default 100); a sweep does at most 20 batches. */
  batchSize?: number;
}

const MAX_BATCHES = 20;

/**
 * Expires the remaining credits of past-due grants as of `at` (an expiry entry each), principal
 * by principal under its account lock. Reads expire a principal's grants too, so the sweep only
 * keeps balances that nobody reads up to date. Idempotent: replicas may sweep at the same time.
 */
export async function sweepExpiredGrants(deps: SweepExpiredGrantsDeps, at: Date): Promise<SweepResult> {
  const batchSize = deps.batchSize ?? 100;
  const result: SweepResult = { principals: 0, grants: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const principals = await deps.grants.principalsWithDueGrants(at, batchSize);
    for (const principalId of principals) {
      const expired = await deps.grants.expireDue(principalId, at);
      if (expired > 0) {
        result.principals += 1;
        result.grants += expired;
      }
    }
    if (principals.length < batchSize) break;
  }
  if (result.grants > 0) deps.log.info(result, 'expired grants swept');
  return result;
}
