import type { Logger } from '@tp/logging';
import type { ReservationStore, UsageHoldStore } from '../store/index.ts';

export interface ReleaseStaleUsageHoldsDeps {
  usageHolds: Pick<UsageHoldStore, 'staleHolds'>;
  reservations: Pick<ReservationStore, 'release'>;
  /** A usage hold still held this long after it was made is released (its call died: ai-proxy stopped). */
  staleAfterMs: number;
  log: Logger;
}

/**
 * Returns the credits of managed-AI holds nobody settled or released (ai-proxy died mid-call):
 * such a call is never charged (ADR 0020). At most 500 holds a sweep; releasing is idempotent.
 */
export async function releaseStaleUsageHolds(deps: ReleaseStaleUsageHoldsDeps, at: Date): Promise<number> {
  const references = await deps.usageHolds.staleHolds(new Date(at.getTime() - deps.staleAfterMs), 500);
  for (const reference of references) await deps.reservations.release(reference, at);
  if (references.length > 0) deps.log.warn({ holds: references.length }, 'released stale managed-AI holds');
  return references.length;
}
