import { AppError } from '@tp/errors';
import { expectedChargeMicro } from '../domain/job-rules.ts';
import type { Job, PrismaClient } from '../generated/prisma/client.ts';
import { type ClaimRequest, claim } from './claim.ts';
import { inTransaction, lockJob, type Tx } from './transaction.ts';
import { endUnsuccessfully, refreshParent, transition } from './transitions.ts';

export type { ClaimOutcome, ClaimRequest } from './claim.ts';

export interface Completion {
  jobId: string;
  ticketId: string;
  artifactId: string;
  billedSeconds: number;
  language: string | null;
  /** What billing charged when the caller settled before recording (null: settle still to do). */
  settledMicro: bigint | null;
}

export interface Failure {
  jobId: string;
  ticketId: string;
  code: string;
  message: string;
  /** The caller released the hold before recording. */
  released: boolean;
}

/** Progress of a running job under its ticket; null when the worker should stop. */
async function reportProgress(
  tx: Tx,
  jobId: string,
  ticketId: string,
  progress: (current: number) => number,
  at: Date,
): Promise<Job | null> {
  const job = await lockJob(tx, jobId);
  if (job?.status !== 'running' || job.ticketId !== ticketId) return null;
  const updated = await tx.job.update({
    where: { id: jobId },
    data: { progress: progress(job.progress), heartbeatAt: at },
  });
  if (updated.parentJobId && updated.progress !== job.progress) await refreshParent(tx, updated.parentJobId, at);
  return updated;
}

/** The job a worker reports the end of, locked; not_found for anything it cannot have run. */
async function lockRunnable(tx: Tx, jobId: string): Promise<Job> {
  const job = await lockJob(tx, jobId);
  if (job?.holdState !== 'held' || job.itemCount > 0) throw new AppError('not_found', `Job ${jobId} was not found.`);
  return job;
}

function notUnderTicket(job: Job, ticketId: string, verb: string): AppError | null {
  if (job.status === 'running' && job.ticketId === ticketId) return null;
  return new AppError(
    'conflict',
    `Job ${job.id} is ${job.status}${job.status === 'running' ? ' under another ticket' : ''}; it cannot be ${verb} with this ticket.`,
  );
}

/**
 * Success of a running job under its ticket. Idempotent: the same artifact again answers the
 * job; a cancelled job stays cancelled (nothing to settle).
 */
async function complete(tx: Tx, input: Completion, at: Date): Promise<Job> {
  const job = await lockRunnable(tx, input.jobId);
  if (job.status === 'succeeded') {
    if (job.artifactIds.includes(input.artifactId)) return job;
    throw new AppError('conflict', `Job ${job.id} already succeeded with another artifact.`);
  }
  if (job.status === 'cancelled') return job;
  const refused = notUnderTicket(job, input.ticketId, 'completed');
  if (refused) throw refused;
  const settled = input.settledMicro === null ? 'settle_pending' : 'settled';
  return transition(
    tx,
    job,
    'succeeded',
    {
      progress: 100,
      artifactIds: [input.artifactId],
      language: input.language,
      billedSeconds: input.billedSeconds,
      chargedMicro: input.settledMicro ?? expectedChargeMicro(job, job.reservedMicro, input.billedSeconds),
      finishedAt: at,
      heartbeatAt: at,
      billingState: job.billingState === 'held' ? settled : job.billingState,
    },
    at,
  );
}

/** Failure of a running job under its ticket. Idempotent: a failed or cancelled job is answered as it is. */
async function fail(tx: Tx, input: Failure, at: Date): Promise<Job> {
  const job = await lockRunnable(tx, input.jobId);
  if (job.status === 'failed' || job.status === 'cancelled') return job;
  const refused = notUnderTicket(job, input.ticketId, 'failed');
  if (refused) throw refused;
  return endUnsuccessfully(tx, job, 'failed', { code: input.code, message: input.message }, at, input.released);
}

/** Fails a running job that lost its worker for good, if it is still running and still silent. */
async function failStale(tx: Tx, jobId: string, before: Date, at: Date): Promise<Job | null> {
  const job = await lockJob(tx, jobId);
  if (
    job?.status !== 'running' ||
    job.executionMode !== 'cloud' ||
    job.heartbeatAt === null ||
    job.heartbeatAt > before
  )
    return null;
  const silentMinutes = Math.max(1, Math.round((at.getTime() - job.heartbeatAt.getTime()) / 60_000));
  return endUnsuccessfully(
    tx,
    job,
    'failed',
    {
      code: 'worker_lost',
      message: `The worker processing this job stopped reporting ${silentMinutes} min ago and the job was not picked up again.`,
    },
    at,
  );
}

/**
 * A job's run: claimed by a worker, its progress, its end (as the worker reports it, or as its
 * silence tells). `defaultMaxConcurrentJobs`: the limit of a user who has none recorded.
 */
export function createLifecycleStore(prisma: PrismaClient, limits: { defaultMaxConcurrentJobs: number }) {
  return {
    claim: (request: ClaimRequest, at: Date) =>
      inTransaction(prisma, (tx) => claim(tx, request, at, limits.defaultMaxConcurrentJobs)),
    reportProgress: (jobId: string, ticketId: string, progress: (current: number) => number, at: Date) =>
      inTransaction(prisma, (tx) => reportProgress(tx, jobId, ticketId, progress, at)),
    complete: (input: Completion, at: Date) => inTransaction(prisma, (tx) => complete(tx, input, at)),
    fail: (input: Failure, at: Date) => inTransaction(prisma, (tx) => fail(tx, input, at)),

    /** Running jobs whose worker has not reported since `before` (progress heartbeats come every few seconds). */
    staleRunning: (before: Date, limit: number) =>
      prisma.job.findMany({
        // A client-local job has no worker: its device's silence is device_timeout (device-runs.ts).
        where: { status: 'running', executionMode: 'cloud', heartbeatAt: { lte: before } },
        orderBy: { heartbeatAt: 'asc' },
        take: limit,
        select: { id: true },
      }),
    failStale: (jobId: string, before: Date, at: Date) =>
      inTransaction(prisma, (tx) => failStale(tx, jobId, before, at)),
  };
}

export type LifecycleStore = ReturnType<typeof createLifecycleStore>;
