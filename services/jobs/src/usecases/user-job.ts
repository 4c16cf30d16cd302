import { AppError } from '@tp/errors';
import { checkUserId, isIdShaped } from '../domain/job-rules.ts';
import type { JobQueries } from '../store/queries.ts';
import type { Job } from '../store/records.ts';

export const notFound = (jobId: string) => new AppError('not_found', `Job ${jobId.slice(0, 64)} was not found.`);

/** The user id checked; not_found for a job id that is not even shaped like one. */
export function checkJobRef(userId: string, jobId: string): { userId: string; jobId: string } {
  const user = checkUserId(userId);
  if (!isIdShaped(jobId)) throw notFound(jobId);
  return { userId: user, jobId };
}

/** A job of the user (items included); not_found for any other id, shaped or not. */
export async function findUserJob(queries: Pick<JobQueries, 'findJob'>, userId: string, jobId: string): Promise<Job> {
  const ref = checkJobRef(userId, jobId);
  const job = await queries.findJob(ref.userId, ref.jobId);
  if (!job) throw notFound(jobId);
  return job;
}
