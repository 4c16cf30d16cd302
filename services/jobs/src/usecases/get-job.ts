import type { JobReads } from '../store/job-reads.ts';
import type { QueueStore } from '../store/queue.ts';
import { type JobWithPosition, presentPlace, withPosition } from './positions.ts';
import { checkJobRef, notFound } from './user-job.ts';

export interface GetJobDeps {
  reads: Pick<JobReads, 'findJobWithPlace'>;
  queue: Pick<QueueStore, 'positions'>;
}

export interface JobRef {
  userId: string;
  jobId: string;
}

/** A job of the user with its queue place: one statement (ADR 0025); a batch parent's place is its items'. */
export async function getJob(deps: GetJobDeps, input: JobRef): Promise<JobWithPosition> {
  const { userId, jobId } = checkJobRef(input.userId, input.jobId);
  const found = await deps.reads.findJobWithPlace(userId, jobId);
  if (!found) throw notFound(jobId);
  if (found.job.itemCount > 0) return withPosition(deps.queue, found.job);
  return presentPlace(found.job, found.place);
}
