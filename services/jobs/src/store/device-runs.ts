import { checkReportable, deviceTimeout } from '../domain/client-local.ts';
import { isTerminal, nextProgress } from '../domain/job-rules.ts';
import type { Job, PrismaClient } from '../generated/prisma/client.ts';
import { inTransaction, lockJob, type Tx } from './transaction.ts';
import { endUnsuccessfully, transition } from './transitions.ts';

// The run of a client-local job (ADR 0023), as its user's device reports it: started by the first
// report, kept alive by each, ended by a delivered transcript, or failed by the device's silence.
// No ticket, no worker, no credit hold.

/** The job locked, still one a device may report on (not_client_local, job_not_running otherwise). */
async function lockReportable(tx: Tx, jobId: string): Promise<Job> {
  const job = await lockJob(tx, jobId);
  if (!job) throw new Error(`job ${jobId} vanished`);
  checkReportable(job);
  return job;
}

/** The first report starts the job, as a worker's claim does (started_at, `events.job.started`). */
function start(tx: Tx, job: Job, progress: number, at: Date): Promise<Job> {
  return transition(tx, job, 'running', { startedAt: at, heartbeatAt: at, attempts: 1, progress }, at);
}

/** A progress report: never backwards, and a sign of life. */
async function reportProgress(tx: Tx, jobId: string, progress: number, at: Date): Promise<Job> {
  const job = await lockReportable(tx, jobId);
  const next = nextProgress(job.progress, progress);
  if (job.status === 'queued') return start(tx, job, next, at);
  return tx.job.update({ where: { id: jobId }, data: { progress: next, heartbeatAt: at } });
}

export interface DeviceSuccess {
  artifactId: string;
  language: string;
  billedSeconds: number;
}

/** The transcript was stored: the job succeeds (a job the device never reported on starts first). */
async function succeed(tx: Tx, jobId: string, success: DeviceSuccess, at: Date): Promise<Job> {
  let job = await lockReportable(tx, jobId);
  if (job.status === 'queued') job = await start(tx, job, job.progress, at);
  return transition(
    tx,
    job,
    'succeeded',
    {
      progress: 100,
      artifactIds: [success.artifactId],
      language: success.language.slice(0, 16),
      billedSeconds: success.billedSeconds,
      finishedAt: at,
      heartbeatAt: at,
    },
    at,
  );
}

/** Fails a client-local job its device left silent since `before`, if it still is. */
async function failIdle(tx: Tx, jobId: string, before: Date, at: Date, idleTimeoutMs: number): Promise<Job | null> {
  const job = await lockJob(tx, jobId);
  if (job?.executionMode !== 'client_local' || isTerminal(job.status)) return null;
  if (job.heartbeatAt === null || job.heartbeatAt > before) return null;
  return endUnsuccessfully(tx, job, 'failed', deviceTimeout(idleTimeoutMs), at);
}

export function createDeviceRunStore(prisma: PrismaClient) {
  return {
    reportProgress: (jobId: string, progress: number, at: Date) =>
      inTransaction(prisma, (tx) => reportProgress(tx, jobId, progress, at)),
    succeed: (jobId: string, success: DeviceSuccess, at: Date) =>
      inTransaction(prisma, (tx) => succeed(tx, jobId, success, at)),

    /** Client-local jobs still open whose device has not reported since `before`. */
    idleDeviceJobs: (before: Date, limit: number) =>
      prisma.job.findMany({
        where: {
          executionMode: 'client_local',
          status: { in: ['queued', 'running'] },
          holdState: 'held',
          heartbeatAt: { lte: before },
        },
        orderBy: { heartbeatAt: 'asc' },
        take: limit,
        select: { id: true },
      }),
    failIdle: (jobId: string, before: Date, at: Date, idleTimeoutMs: number) =>
      inTransaction(prisma, (tx) => failIdle(tx, jobId, before, at, idleTimeoutMs)),
  };
}

export type DeviceRunStore = ReturnType<typeof createDeviceRunStore>;
