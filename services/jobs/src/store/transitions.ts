import type { OutboxMessage } from '@tp/bus';
import { afterCommit } from '@tp/db';
import { aggregateBatch } from '../domain/batch.ts';
import { billingStepFor, canTransition, type JobStatus } from '../domain/job-rules.ts';
import { jobEvent } from '../events/job-events.ts';
import type { Job, Prisma } from '../generated/prisma/client.ts';
import { freeSlots, leavesRunning } from './concurrency.ts';
import { countJobStatus } from '../metrics.ts';
import { lockJob, type Tx, writeOutbox } from './transaction.ts';

/** The event of a job's new status, to write with the change; the status is counted once the change commits. */
export function announce(tx: Tx, job: Job, at: Date): OutboxMessage {
  afterCommit(tx, () => countJobStatus(job));
  return jobEvent(job, at);
}

/** Recomputes a batch parent from its items (after locking it); announces a change of status. */
export async function refreshParent(tx: Tx, parentId: string, at: Date): Promise<Job> {
  const parent = (await lockJob(tx, parentId))!;
  const items = await tx.job.findMany({ where: { parentJobId: parentId }, orderBy: { id: 'asc' } });
  const aggregate = aggregateBatch(items);
  const updated = await tx.job.update({ where: { id: parentId }, data: aggregate });
  if (parent.holdState === 'held' && updated.status !== parent.status)
    await writeOutbox(tx, [announce(tx, updated, at)]);
  return updated;
}

/** Moves a (locked) job to `status`, announces it, refreshes its parent, and hands on a slot it frees. */
export async function transition(
  tx: Tx,
  job: Job,
  status: JobStatus,
  data: Omit<Prisma.JobUncheckedUpdateInput, 'status'>,
  at: Date,
): Promise<Job> {
  if (!canTransition(job.status, status))
    throw new Error(`job ${job.id}: ${job.status} → ${status} is not a transition`);
  const updated = await tx.job.update({ where: { id: job.id }, data: { ...data, status } });
  await writeOutbox(tx, [announce(tx, updated, at)]);
  if (leavesRunning(job, updated)) await freeSlots(tx, updated.userId, 1);
  if (updated.parentJobId) await refreshParent(tx, updated.parentJobId, at);
  return updated;
}

/** Ends a running or queued job (failed / cancelled): its hold is to be released. */
export function endUnsuccessfully(
  tx: Tx,
  job: Job,
  status: 'failed' | 'cancelled',
  error: { code: string; message: string } | null,
  at: Date,
  released = false,
): Promise<Job> {
  return transition(
    tx,
    job,
    status,
    {
      finishedAt: at,
      errorCode: error?.code ?? null,
      errorMessage: error?.message ?? null,
      billingState: job.billingState === 'held' ? (released ? 'released' : billingStepFor(status)) : job.billingState,
    },
    at,
  );
}
