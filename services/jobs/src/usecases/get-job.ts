import type { JobQueries } from '../store/queries.ts';
import type { QueueStore } from '../store/queue.ts';
import { type JobWithPosition, withPosition } from './positions.ts';
import { findUserJob } from './user-job.ts';

export interface GetJobDeps {
  queries: Pick<JobQueries, 'findJob'>;
  queue: Pick<QueueStore, 'positions'>;
}

export interface JobRef {
  userId: string;
  jobId: string;
}

export async function getJob(deps: GetJobDeps, input: JobRef): Promise<JobWithPosition> {
  return withPosition(deps.queue, await findUserJob(deps.queries, input.userId, input.jobId));
}
