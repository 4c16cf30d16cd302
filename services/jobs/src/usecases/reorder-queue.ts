import { AppError } from '@tp/errors';
import { listLimit } from '@tp/grpc';
import { checkUserId } from '../domain/job-rules.ts';
import type { JobQueries } from '../store/queries.ts';
import type { QueueStore } from '../store/queue.ts';
import type { Job } from '../store/records.ts';
import { type QueueWindow, queueWindow } from './get-queue.ts';
import { findUserJob } from './user-job.ts';

export interface ReorderQueueDeps {
  queries: Pick<JobQueries, 'findJob'>;
  queue: Pick<QueueStore, 'reorder' | 'queueOf' | 'positions'>;
}

export interface ReorderQueueInput {
  userId: string;
  jobId: string;
  /** '' = behind all of the user's queued jobs. */
  beforeJobId: string;
}

/** A client-local job waits for its device, in no queue (ADR 0023). */
function checkInAQueue(job: Job): void {
  if (job.executionMode === 'client_local')
    throw new AppError('job_not_queued', `Job ${job.id} runs on your device; it waits in no queue.`);
}

/** The job another is moved in front of: a queued job of the same queue. */
async function placeBefore(deps: ReorderQueueDeps, userId: string, job: Job, beforeJobId: string): Promise<Job> {
  const before = await findUserJob(deps.queries, userId, beforeJobId);
  if (before.itemCount > 0) throw new AppError('job_not_queued', `Job ${before.id} is a batch; name one of its items.`);
  if (before.status !== 'queued')
    throw new AppError('job_not_queued', `Job ${before.id} is ${before.status}, not queued.`);
  checkInAQueue(before);
  if (before.type !== job.type || before.pool !== job.pool) {
    throw new AppError(
      'validation_error',
      `Jobs ${job.id} and ${before.id} wait in different queues (${job.type}/${job.pool} and ${before.type}/${before.pool}).`,
    );
  }
  return before;
}

/** ReorderQueue: moves a queued job among the places the user's queued jobs already hold; answers the queue. */
export async function reorderQueue(deps: ReorderQueueDeps, input: ReorderQueueInput): Promise<QueueWindow> {
  const userId = checkUserId(input.userId);
  if (input.beforeJobId !== '' && input.beforeJobId === input.jobId)
    throw new AppError('validation_error', 'A job cannot be moved before itself.');
  const job = await findUserJob(deps.queries, userId, input.jobId);
  if (job.itemCount > 0) throw new AppError('job_not_queued', `Job ${job.id} is a batch; move its items instead.`);
  if (job.status !== 'queued') throw new AppError('job_not_queued', `Job ${job.id} is ${job.status}, not queued.`);
  checkInAQueue(job);
  const before = input.beforeJobId === '' ? null : await placeBefore(deps, userId, job, input.beforeJobId);
  await deps.queue.reorder(job, before?.id ?? null);
  return queueWindow(deps, userId, job.type, listLimit(0), 0);
}
