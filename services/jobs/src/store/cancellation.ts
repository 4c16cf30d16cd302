import { AppError } from '@tp/errors';
import { isTerminal } from '../domain/job-rules.ts';
import type { Job, PrismaClient } from '../generated/prisma/client.ts';
import { freeSlots, leavesRunning } from './concurrency.ts';
import { inTransaction, lockJob, type Tx, writeOutbox } from './transaction.ts';
import { announce, endUnsuccessfully, refreshParent } from './transitions.ts';

export interface Cancellation {
  /** The job (the parent, for a batch) as it ended. */
  job: Job;
  /** The jobs whose holds are to be released. */
  ended: Job[];
}

/** Every unfinished item of a batch, then the parent once, after all. */
async function cancelBatch(tx: Tx, job: Job, at: Date): Promise<Cancellation> {
  const open = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM jobs WHERE parent_job_id = ${job.id} AND status IN ('queued', 'running') AND hold_state = 'held' ORDER BY id FOR UPDATE`;
  if (open.length === 0) throw new AppError('job_not_cancellable', `Job ${job.id} has already ended.`);
  const ended: Job[] = [];
  let freed = 0;
  for (const { id } of open) {
    const item = (await tx.job.findUnique({ where: { id } }))!;
    // Item by item, without refreshing the parent each time: once, below, after all.
    const updated = await tx.job.update({
      where: { id },
      data: {
        status: 'cancelled',
        finishedAt: at,
        billingState: item.billingState === 'held' ? 'release_pending' : item.billingState,
      },
    });
    await writeOutbox(tx, [announce(tx, updated, at)]);
    ended.push(updated);
    if (leavesRunning(item, updated)) freed += 1;
  }
  // Once every item is cancelled, so that only the user's other waiting jobs get the freed slots.
  await freeSlots(tx, job.userId, freed);
  return { job: await refreshParent(tx, job.id, at), ended };
}

/** Cancels a queued or running job, or every unfinished item of a batch. */
async function cancel(tx: Tx, job: Job, at: Date): Promise<Cancellation> {
  if (job.itemCount > 0) return cancelBatch(tx, job, at);
  const locked = await lockJob(tx, job.id);
  if (!locked || isTerminal(locked.status))
    throw new AppError('job_not_cancellable', `Job ${job.id} has already ended (${locked?.status ?? 'gone'}).`);
  const cancelled = await endUnsuccessfully(tx, locked, 'cancelled', null, at);
  return { job: cancelled, ended: [cancelled] };
}

/** CancelJob's change: the job (or a batch's unfinished items) ended, the holds to release named. */
export function createCancellationStore(prisma: PrismaClient) {
  return {
    cancel: (job: Job, at: Date): Promise<Cancellation> => inTransaction(prisma, (tx) => cancel(tx, job, at)),
  };
}

export type CancellationStore = ReturnType<typeof createCancellationStore>;
