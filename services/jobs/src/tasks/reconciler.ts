import { type PeriodicTask, startPeriodicTask } from '@tp/runtime';
import type { BillingState } from '../domain/job-rules.ts';
import type { BillingStateStore } from '../store/billing-state.ts';
import type { CreationStore } from '../store/creation.ts';
import type { IdempotencyStore } from '../store/idempotency.ts';
import type { LifecycleStore } from '../store/lifecycle.ts';
import type { JobQueries } from '../store/queries.ts';
import type { CreditHolds } from '../usecases/credit-holds.ts';
import { type DeviceTimeoutDeps, failIdleDeviceJobs } from './device-timeouts.ts';

export interface ReconcileResult {
  /** Creations found stuck in `reserving` and abandoned (their holds released). */
  abandoned: number;
  /** Jobs whose pending settle or release went through in this pass. */
  billed: number;
  /** Running jobs failed because their worker went silent for good. */
  lost: number;
  /** Idempotency-Keys forgotten for age. */
  keysForgotten: number;
  /** Client-local jobs failed because their device went silent (device_timeout). */
  timedOut: number;
}

export interface ReconcilerDeps extends DeviceTimeoutDeps {
  queries: Pick<JobQueries, 'findJobById'>;
  creation: Pick<CreationStore, 'stuckCreations' | 'abandon'>;
  billingState: Pick<BillingStateStore, 'pendingBilling'>;
  lifecycle: Pick<LifecycleStore, 'staleRunning' | 'failStale'>;
  idempotency: Pick<IdempotencyStore, 'sweepIdempotencyKeys'>;
  holds: Pick<CreditHolds, 'release' | 'finish'>;
  now: () => Date;
  reservationTimeoutMs: number;
  idempotencyTtlMs: number;
  /**
   * A running job without a progress report for this long has lost its worker for good: JetStream
   * redelivers a dead worker's ticket within its ack wait, and the next worker reports at once.
   * Only a ticket that was given up on (its redeliveries exhausted while jobs was unreachable) leaves
   * a job like that; it is failed (`worker_lost`) and its hold released.
   */
  staleRunningMs: number;
  /** A pending billing step younger than this is left to the call that is making it. */
  billingGraceMs?: number;
  batchSize?: number;
}

const INTERRUPTED = {
  code: 'creation_interrupted',
  message: 'The job was not created: its request did not finish reserving credits.',
};

/** Creations still `reserving` after RESERVATION_TIMEOUT_MS: abandoned, whatever they may hold released. */
async function abandonStuckCreations(deps: ReconcilerDeps, at: Date, batchSize: number): Promise<number> {
  let abandoned = 0;
  const cutoff = new Date(at.getTime() - deps.reservationTimeoutMs);
  for (const creation of await deps.creation.stuckCreations(cutoff, batchSize)) {
    const runnable = creation.itemCount > 0 ? creation.items : [creation];
    // A client-local job never reserves (ADR 0023): nothing to release at billing.
    const billing = new Map<string, BillingState>(
      runnable.map((job) => [job.id, job.executionMode === 'client_local' ? 'none' : 'release_pending']),
    );
    if (await deps.creation.abandon(creation.id, billing, INTERRUPTED, at)) {
      abandoned += 1;
      deps.log.warn(
        { jobId: creation.id, items: creation.itemCount },
        'abandoned a job creation stuck while reserving credits',
      );
      for (const { id } of runnable) {
        const job = await deps.queries.findJobById(id);
        if (job) await deps.holds.release(job, at);
      }
    }
  }
  return abandoned;
}

/** Settles or releases what jobs that ended while billing was unreachable still owe. */
async function finishPendingBilling(deps: ReconcilerDeps, at: Date, batchSize: number): Promise<number> {
  let billed = 0;
  const graceMs = deps.billingGraceMs ?? 10_000;
  for (const job of await deps.billingState.pendingBilling(new Date(at.getTime() - graceMs), batchSize)) {
    const after = await deps.holds.finish(job, at);
    if (after.billingState !== job.billingState) billed += 1;
  }
  return billed;
}

/** Fails the running jobs whose worker went silent for good, and releases their holds. */
async function failLostJobs(deps: ReconcilerDeps, at: Date, batchSize: number): Promise<number> {
  let lost = 0;
  const silentSince = new Date(at.getTime() - deps.staleRunningMs);
  for (const { id } of await deps.lifecycle.staleRunning(silentSince, batchSize)) {
    const failed = await deps.lifecycle.failStale(id, silentSince, at);
    if (failed) {
      lost += 1;
      deps.log.warn({ jobId: id }, 'failed a running job whose worker went silent');
      await deps.holds.release(failed, at);
    }
  }
  return lost;
}

/**
 * Repairs what a crash or an outage left half done. Every step is idempotent, so replicas may run
 * it at the same time:
 *   - creations still `reserving` after RESERVATION_TIMEOUT_MS (their creator died or hung) are
 *     abandoned and whatever they may have held is released;
 *   - jobs that ended while billing was unreachable get their settle or release (billing is
 *     idempotent per job, so nothing is charged twice);
 *   - running jobs whose worker went silent for good (see staleRunningMs) fail and release;
 *   - Idempotency-Keys older than their lifetime are forgotten;
 *   - client-local jobs whose device went silent fail device_timeout.
 */
export function createReconciler(deps: ReconcilerDeps) {
  const { log } = deps;
  const batchSize = deps.batchSize ?? 100;

  async function reconcile(at: Date = deps.now()): Promise<ReconcileResult> {
    const abandoned = await abandonStuckCreations(deps, at, batchSize);
    const billed = await finishPendingBilling(deps, at, batchSize);
    const lost = await failLostJobs(deps, at, batchSize);
    const cutoff = new Date(at.getTime() - deps.idempotencyTtlMs);
    const keysForgotten = await deps.idempotency.sweepIdempotencyKeys(cutoff);
    const timedOut = await failIdleDeviceJobs(deps, at, batchSize);
    if (abandoned > 0 || billed > 0 || lost > 0 || timedOut > 0)
      log.info({ abandoned, billed, lost, timedOut }, 'reconciled jobs');
    return { abandoned, billed, lost, keysForgotten, timedOut };
  }

  let task: PeriodicTask | undefined;
  return {
    reconcile,
    /** Reconciles every `intervalMs` (never two passes at once in this process). */
    start(intervalMs: number): void {
      task = startPeriodicTask({ name: 'jobs reconciler', intervalMs, log, run: reconcile });
    },
    async stop(): Promise<void> {
      await task?.stop();
    },
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;
