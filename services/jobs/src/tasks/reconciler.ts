import type { Logger } from '@tp/logging';
import { startPeriodicTask, type PeriodicTask } from '@tp/runtime';
import type { Holds } from '../billing/holds.ts';
import type { BillingState } from '../domain/job-rules.ts';
import type { JobsStore } from '../store/jobs-store.ts';

export interface ReconcileResult {
  /** Creations found stuck in `reserving` and abandoned (their holds released). */
  abandoned: number;
  /** Jobs whose pending settle or release went through in this pass. */
  billed: number;
  /** Running jobs failed because their worker went silent for good. */
  lost: number;
  /** Idempotency-Keys forgotten for age. */
  keysForgotten: number;
}

export interface ReconcilerDeps {
  store: JobsStore;
  holds: Holds;
  log: Logger;
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

/**
 * Repairs what a crash or an outage left half done. Every step is idempotent, so replicas may run
 * it at the same time:
 *   - creations still `reserving` after RESERVATION_TIMEOUT_MS (their creator died or hung) are
 *     abandoned and whatever they may have held is released;
 *   - jobs that ended while billing was unreachable get their settle or release (billing is
 *     idempotent per job, so nothing is charged twice);
 *   - running jobs whose worker went silent for good (see staleRunningMs) fail and release;
 *   - Idempotency-Keys older than their lifetime are forgotten.
 */
export function createReconciler(deps: ReconcilerDeps) {
  const { store, holds, log } = deps;
  const batchSize = deps.batchSize ?? 100;
  const graceMs = deps.billingGraceMs ?? 10_000;

  async function reconcile(at: Date = deps.now()): Promise<ReconcileResult> {
    let abandoned = 0;
    for (const creation of await store.stuckCreations(new Date(at.getTime() - deps.reservationTimeoutMs), batchSize)) {
      const runnable = creation.itemCount > 0 ? creation.items : [creation];
      const billing = new Map<string, BillingState>(runnable.map((job) => [job.id, 'release_pending']));
      const reason = { code: 'creation_interrupted', message: 'The job was not created: its request did not finish reserving credits.' };
      if (await store.abandon(creation.id, billing, reason, at)) {
        abandoned += 1;
        log.warn({ jobId: creation.id, items: creation.itemCount }, 'abandoned a job creation stuck while reserving credits');
        for (const { id } of runnable) {
          const job = await store.findJobById(id);
          if (job) await holds.release(job, at);
        }
      }
    }

    let billed = 0;
    for (const job of await store.pendingBilling(new Date(at.getTime() - graceMs), batchSize)) {
      const after = await holds.finish(job, at);
      if (after.billingState !== job.billingState) billed += 1;
    }

    let lost = 0;
    const silentSince = new Date(at.getTime() - deps.staleRunningMs);
    for (const { id } of await store.staleRunning(silentSince, batchSize)) {
      const failed = await store.failStale(id, silentSince, at);
      if (failed) {
        lost += 1;
        log.warn({ jobId: id }, 'failed a running job whose worker went silent');
        await holds.release(failed, at);
      }
    }

    const keysForgotten = await store.sweepIdempotencyKeys(new Date(at.getTime() - deps.idempotencyTtlMs));
    if (abandoned > 0 || billed > 0 || lost > 0) log.info({ abandoned, billed, lost }, 'reconciled jobs');
    return { abandoned, billed, lost, keysForgotten };
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
