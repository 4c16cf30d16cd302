import type { EngineKind } from '@tp/catalog';
import { isUniqueViolation } from '@tp/db';
import { AppError } from '@tp/errors';
import { listLimit, type GrpcClient, type ServiceHandlers } from '@tp/grpc';
import type { Logger } from '@tp/logging';
import type { ArtifactsServiceService, GetQueueResponse, JobsServiceService } from '@tp/proto';
import type { Holds } from '../billing/holds.ts';
import {
  checkJobType,
  checkRequiredId,
  checkStatusFilter,
  checkTypeFilter,
  checkUserId,
  checkWorkspaceId,
  decodeCursor,
  encodeCursor,
  failureCode,
  failureMessage,
  isIdShaped,
  nextProgress,
} from '../domain/job-rules.ts';
import type { Job, JobsStore } from '../store/jobs-store.ts';
import { createJobHandler, type CreateJobDeps } from './create-job.ts';
import { exportJob } from './export.ts';
import { toWireJob } from './wire.ts';

export type ArtifactsClient = Pick<GrpcClient<typeof ArtifactsServiceService>, 'getCurrentPayload'>;

export interface JobsServiceDeps extends Omit<CreateJobDeps, 'present'> {
  artifacts: ArtifactsClient;
  holds: Holds;
  log: Logger;
  engines: ReadonlySet<EngineKind>;
}

const notFound = (jobId: string) => new AppError('not_found', `Job ${jobId.slice(0, 64)} was not found.`);
const POOL = /^[a-z][a-z0-9_-]{0,31}$/;

export function jobsServiceHandlers(deps: JobsServiceDeps): ServiceHandlers<typeof JobsServiceService> {
  const { store, holds, now } = deps;

  async function present(job: Job) {
    const positions = await store.positions([job]);
    return toWireJob(job, positions.get(job.id) ?? 0);
  }

  /** Whether the job runs under this ticket with its hold still to settle: billing may go first. */
  async function runsUnder(jobId: string, ticketId: string): Promise<boolean> {
    const job = await store.findJobById(jobId);
    return job !== null && job.status === 'running' && job.ticketId === ticketId && job.holdState === 'held' && job.billingState === 'held' && job.itemCount === 0;
  }

  async function presentAll(jobs: Job[]) {
    const positions = await store.positions(jobs);
    return jobs.map((job) => toWireJob(job, positions.get(job.id) ?? 0));
  }

  async function jobOf(userId: string, jobId: string): Promise<Job> {
    const user = checkUserId(userId);
    if (!isIdShaped(jobId)) throw notFound(jobId);
    const job = await store.findJob(user, jobId);
    if (!job) throw notFound(jobId);
    return job;
  }

  async function queueResponse(userId: string, jobType: string, limit: number, offset: number): Promise<GetQueueResponse> {
    const page = await store.queueOf(userId, jobType, offset, limit);
    return { jobs: await presentAll(page.jobs), totalRunning: page.totalRunning, totalQueued: page.totalQueued, limit, offset };
  }

  /** Runs the billing step of jobs that just ended; a failure leaves it to the reconciler. */
  async function finishBilling(jobs: Job[]): Promise<void> {
    for (const job of jobs) await holds.finish(job);
  }

  const createJob = createJobHandler({ ...deps, present });

  return {
    createJob,

    async getJob({ userId, jobId }) {
      return present(await jobOf(userId, jobId));
    },

    async listJobs(request) {
      const userId = checkUserId(request.userId);
      const limit = listLimit(request.limit);
      const jobs = await store.listJobs({
        userId,
        status: checkStatusFilter(request.status),
        type: checkTypeFilter(request.type),
        workspaceId: checkWorkspaceId(request.workspaceId),
        beforeId: decodeCursor(request.cursor),
        limit: limit + 1,
      });
      const page = jobs.slice(0, limit);
      return { jobs: await presentAll(page), nextCursor: jobs.length > limit ? encodeCursor(page[page.length - 1]!.id) : '' };
    },

    async cancelJob({ userId, jobId }) {
      const job = await jobOf(userId, jobId);
      const { job: cancelled, ended } = await store.cancel(job, now());
      deps.nudgeOutbox();
      await finishBilling(ended);
      return present((await store.findJobById(cancelled.id)) ?? cancelled);
    },

    async getQueue(request) {
      const userId = checkUserId(request.userId);
      const jobType = checkJobType(request.jobType === '' ? 'transcription' : request.jobType);
      if (!Number.isInteger(request.offset) || request.offset < 0) throw new AppError('bad_request', 'offset must be 0 or more.');
      return queueResponse(userId, jobType, listLimit(request.limit), request.offset);
    },

    async reorderQueue(request) {
      const userId = checkUserId(request.userId);
      if (request.beforeJobId !== '' && request.beforeJobId === request.jobId) throw new AppError('validation_error', 'A job cannot be moved before itself.');
      const job = await jobOf(userId, request.jobId);
      if (job.itemCount > 0) throw new AppError('job_not_queued', `Job ${job.id} is a batch; move its items instead.`);
      if (job.status !== 'queued') throw new AppError('job_not_queued', `Job ${job.id} is ${job.status}, not queued.`);
      let beforeJobId: string | null = null;
      if (request.beforeJobId !== '') {
        const before = await jobOf(userId, request.beforeJobId);
        if (before.itemCount > 0) throw new AppError('job_not_queued', `Job ${before.id} is a batch; name one of its items.`);
        if (before.status !== 'queued') throw new AppError('job_not_queued', `Job ${before.id} is ${before.status}, not queued.`);
        if (before.type !== job.type || before.pool !== job.pool) {
          throw new AppError('validation_error', `Jobs ${job.id} and ${before.id} wait in different queues (${job.type}/${job.pool} and ${before.type}/${before.pool}).`);
        }
        beforeJobId = before.id;
      }
      await store.reorder(job, beforeJobId);
      return queueResponse(userId, job.type, listLimit(0), 0);
    },

    async listItems(request) {
      const job = await jobOf(request.userId, request.jobId);
      const limit = listLimit(request.limit);
      if (job.itemCount === 0) return { jobs: [], nextCursor: '' };
      return { jobs: await presentAll(await store.listItems(job.id, limit)), nextCursor: '' };
    },

    async exportJob(request) {
      const job = await jobOf(request.userId, request.jobId);
      return exportJob(deps.artifacts, job, request, deps.log);
    },

    // --- worker surface -----------------------------------------------------------------------

    async claimJob(request) {
      const ticketId = checkRequiredId('ticket_id', request.ticketId);
      const jobType = checkJobType(request.jobType);
      if (!POOL.test(request.pool)) throw new AppError('bad_request', 'pool is missing or malformed.');
      if (request.engines.length === 0) throw new AppError('bad_request', 'engines must name the engines this worker runs.');
      const claim = {
        ticketId,
        workerId: request.workerId.slice(0, 200),
        jobType,
        pool: request.pool,
        engines: request.engines,
        deliveryCount: Math.max(1, request.deliveryCount),
        maxAttempts: Math.max(0, request.maxAttempts),
      };
      // Two deliveries of one ticket claiming at once: the loser finds the winner's binding.
      const outcome = await store.claim(claim, now()).catch((err: unknown) => {
        if (isUniqueViolation(err)) return store.claim(claim, now());
        throw err;
      });
      if (outcome.outcome === 'none') return { job: undefined };
      deps.nudgeOutbox();
      if (outcome.outcome === 'worker_lost') {
        deps.log.warn({ jobId: outcome.job.id, ticketId, attempts: outcome.job.attempts }, 'job failed: its worker was lost too often');
        await holds.release(outcome.job);
        return { job: undefined };
      }
      return { job: await present(outcome.job) };
    },

    async reportProgress(request) {
      if (!isIdShaped(request.jobId) || request.ticketId === '') return { cancel: true };
      const job = await store.reportProgress(request.jobId, request.ticketId, (current) => nextProgress(current, request.progress), now());
      return { cancel: job === null };
    },

    async completeJob(request) {
      const jobId = checkRequiredId('job_id', request.jobId);
      const ticketId = checkRequiredId('ticket_id', request.ticketId);
      const artifactId = checkRequiredId('artifact_id', request.artifactId);
      if (!Number.isFinite(request.billedSeconds) || request.billedSeconds < 0) throw new AppError('bad_request', 'billed_seconds must be a number of at least 0.');
      const language = request.language.trim() === '' ? null : request.language.trim().slice(0, 16);
      // Billing first, so a client that sees the job succeeded also sees its credits settled.
      const settledMicro = (await runsUnder(jobId, ticketId)) ? await holds.settleEarly(jobId, request.billedSeconds) : null;
      let job = await store.complete({ jobId, ticketId, artifactId, billedSeconds: request.billedSeconds, language, settledMicro }, now());
      deps.nudgeOutbox();
      // Settles once; a repeated call (or the reconciler) finishes a settle that did not go through.
      job = await holds.settle(job);
      return present(job);
    },

    async failJob(request) {
      const jobId = checkRequiredId('job_id', request.jobId);
      const ticketId = checkRequiredId('ticket_id', request.ticketId);
      // Billing first, so a client that sees the job failed also sees its hold released.
      const released = (await runsUnder(jobId, ticketId)) ? await holds.releaseEarly(jobId) : false;
      let job = await store.fail({ jobId, ticketId, code: failureCode(request.errorCode), message: failureMessage(request.errorMessage), released }, now());
      deps.nudgeOutbox();
      job = await holds.release(job);
      return present(job);
    },
  };
}
