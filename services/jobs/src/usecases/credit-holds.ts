import { isAppError } from '@tp/errors';
import type { Logger } from '@tp/logging';
import type { BillingClient } from '../clients.ts';
import type { BillingStateStore } from '../store/billing-state.ts';
import type { Job } from '../store/records.ts';

export interface CreditHoldsDeps {
  billingState: Pick<BillingStateStore, 'billingDone' | 'billingFailed'>;
  billing: Pick<BillingClient, 'settle' | 'release'>;
  log: Logger;
  now: () => Date;
  /** After this long no Reserve of a job can still be on its way to billing (see the creation). */
  reservationTimeoutMs: number;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function settle(deps: CreditHoldsDeps, job: Job, at: Date): Promise<Job> {
  if (job.billingState !== 'settle_pending') return job;
  const { billingState: store, log } = deps;
  try {
    const reservation = await deps.billing.settle({ reference: job.id, actualSeconds: job.billedSeconds ?? 0 });
    return (await store.billingDone(job.id, 'settle_pending', 'settled', BigInt(reservation.chargedMicro), at)) ?? job;
  } catch (err) {
    if (isAppError(err) && (err.code === 'conflict' || err.code === 'not_found')) {
      // Billing already ended this hold another way: nothing is left to settle. Never expected.
      const ended = err.code === 'conflict' && /already settled/.test(err.message) ? 'settled' : 'released';
      log.error({ err, jobId: job.id }, 'billing refused to settle a succeeded job; recorded as it stands at billing');
      return (
        (await store.billingDone(job.id, 'settle_pending', ended, null, at, `settle refused: ${err.message}`)) ?? job
      );
    }
    log.warn({ err, jobId: job.id }, 'could not settle the hold of a succeeded job; the reconciler retries');
    return store.billingFailed(job.id, `settle: ${messageOf(err)}`);
  }
}

async function release(deps: CreditHoldsDeps, job: Job, at: Date): Promise<Job> {
  if (job.billingState !== 'release_pending') return job;
  const { billingState: store, log } = deps;
  try {
    await deps.billing.release({ reference: job.id });
    return (await store.billingDone(job.id, 'release_pending', 'released', null, at)) ?? job;
  } catch (err) {
    const notFound = isAppError(err) && err.code === 'not_found';
    if (notFound && job.createdAt.getTime() <= at.getTime() - deps.reservationTimeoutMs) {
      // No hold was ever made, and no Reserve for it can still arrive.
      return (await store.billingDone(job.id, 'release_pending', 'released', null, at, 'no hold at billing')) ?? job;
    }
    if (isAppError(err) && err.code === 'conflict') {
      log.error({ err, jobId: job.id }, 'billing refused to release a hold; recorded as settled');
      const note = `release refused: ${err.message}`;
      return (await store.billingDone(job.id, 'release_pending', 'settled', null, at, note)) ?? job;
    }
    if (!notFound) log.warn({ err, jobId: job.id }, 'could not release a hold; the reconciler retries');
    return store.billingFailed(job.id, `release: ${messageOf(err)}`);
  }
}

/**
 * The billing step of a job that ended: settle a success, release anything else. A job records
 * the step as pending in the same transaction as its end; these calls then move it to settled or
 * released. Billing is idempotent per reference (the job id), so a step repeated by the reconciler
 * after a lost answer charges nothing twice. A step that fails stays pending for the reconciler.
 */
export function createCreditHolds(deps: CreditHoldsDeps) {
  const { billing, log, now } = deps;
  return {
    settle: (job: Job, at: Date = now()): Promise<Job> => settle(deps, job, at),
    release: (job: Job, at: Date = now()): Promise<Job> => release(deps, job, at),

    /**
     * Settles a running job's hold before its success is recorded; the charge, or null when billing
     * did not answer plainly (the recorded job then keeps the step pending for `settle`).
     */
    async settleEarly(jobId: string, seconds: number): Promise<bigint | null> {
      try {
        return BigInt((await billing.settle({ reference: jobId, actualSeconds: seconds })).chargedMicro);
      } catch (err) {
        log.warn({ err, jobId }, 'could not settle before recording the success; settling after');
        return null;
      }
    },

    /** Releases a running job's hold before its failure is recorded; false when that did not go through. */
    async releaseEarly(jobId: string): Promise<boolean> {
      try {
        await billing.release({ reference: jobId });
        return true;
      } catch (err) {
        log.warn({ err, jobId }, 'could not release before recording the failure; releasing after');
        return false;
      }
    },

    /** Whatever step the job is waiting for. */
    finish: (job: Job, at: Date = now()): Promise<Job> =>
      job.billingState === 'settle_pending' ? settle(deps, job, at) : release(deps, job, at),
  };
}

export type CreditHolds = ReturnType<typeof createCreditHolds>;
