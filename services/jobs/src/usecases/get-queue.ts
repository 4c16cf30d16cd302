import { AppError } from '@tp/errors';
import { listLimit } from '@tp/grpc';
import { checkJobType, checkUserId } from '../domain/job-rules.ts';
import type { QueueStore } from '../store/queue.ts';
import { type JobWithPosition, withPositions } from './positions.ts';

export interface GetQueueDeps {
  queue: Pick<QueueStore, 'queueOf' | 'positions'>;
}

export interface GetQueueInput {
  userId: string;
  /** '' = transcription. */
  jobType: string;
  limit: number;
  offset: number;
}

/** A window of the user's queue: running jobs (oldest start first), then queued ones in execution order. */
export interface QueueWindow {
  jobs: JobWithPosition[];
  totalRunning: number;
  totalQueued: number;
  limit: number;
  offset: number;
}

export async function queueWindow(
  deps: GetQueueDeps,
  userId: string,
  jobType: string,
  limit: number,
  offset: number,
): Promise<QueueWindow> {
  const page = await deps.queue.queueOf(userId, jobType, offset, limit);
  return {
    jobs: await withPositions(deps.queue, page.jobs),
    totalRunning: page.totalRunning,
    totalQueued: page.totalQueued,
    limit,
    offset,
  };
}

/** GetQueue. */
export async function getQueue(deps: GetQueueDeps, input: GetQueueInput): Promise<QueueWindow> {
  const userId = checkUserId(input.userId);
  const jobType = checkJobType(input.jobType === '' ? 'transcription' : input.jobType);
  if (!Number.isInteger(input.offset) || input.offset < 0)
    throw new AppError('bad_request', 'offset must be 0 or more.');
  return queueWindow(deps, userId, jobType, listLimit(input.limit), input.offset);
}
