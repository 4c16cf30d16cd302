import type { BillingState } from '../domain/job-rules.ts';
import type { Job, PrismaClient } from '../generated/prisma/client.ts';
import { inTransaction, lockJob, type Tx } from './transaction.ts';
import { refreshParent } from './transitions.ts';

/** Records the outcome of a billing call: `from` → `to` (no-op when the state moved on). */
async function billingDone(
  tx: Tx,
  jobId: string,
  step: { from: BillingState; to: BillingState },
  chargedMicro: bigint | null,
  at: Date,
  note: string | null,
): Promise<Job | null> {
  const job = await lockJob(tx, jobId);
  if (!job || job.billingState !== step.from) return job;
  const updated = await tx.job.update({
    where: { id: jobId },
    data: {
      billingState: step.to,
      billingAttempts: 0,
      billingError: note,
      ...(chargedMicro === null ? {} : { chargedMicro }),
    },
  });
  if (updated.parentJobId && chargedMicro !== null) await refreshParent(tx, updated.parentJobId, at);
  return updated;
}

/** The bookkeeping of each job's credit hold at billing (`billing_state`). */
export function createBillingStateStore(prisma: PrismaClient) {
  return {
    /** Jobs whose settle or release has not gone through yet. */
    pendingBilling: (finishedBefore: Date, limit: number): Promise<Job[]> =>
      prisma.job.findMany({
        where: { billingState: { in: ['settle_pending', 'release_pending'] }, finishedAt: { lte: finishedBefore } },
        orderBy: { finishedAt: 'asc' },
        take: limit,
      }),

    billingDone: (
      jobId: string,
      from: BillingState,
      to: BillingState,
      chargedMicro: bigint | null,
      at: Date,
      note: string | null = null,
    ): Promise<Job | null> =>
      inTransaction(prisma, (tx) => billingDone(tx, jobId, { from, to }, chargedMicro, at, note)),

    /** A billing call failed: counted, its error kept; the reconciler retries. */
    billingFailed: (jobId: string, error: string): Promise<Job> =>
      prisma.job.update({
        where: { id: jobId },
        data: { billingAttempts: { increment: 1 }, billingError: error.slice(0, 1000) },
      }),

    /** A hold billing made after its job's creation was given up on: release it later. */
    releaseLater: async (jobId: string, error: string): Promise<void> => {
      await prisma.job.updateMany({
        where: { id: jobId, billingState: { in: ['none', 'released'] } },
        data: { billingState: 'release_pending', billingError: error.slice(0, 1000) },
      });
    },
  };
}

export type BillingStateStore = ReturnType<typeof createBillingStateStore>;
