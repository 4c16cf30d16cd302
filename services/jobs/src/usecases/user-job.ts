import { AppError } from '@tp/errors';
import { checkUserId, isIdShaped } from '../domain/job-rules.ts';
import type { JobQueries } from '../store/queries.ts';
import type { Job } from '../store/records.ts';

const notFound = (jobId: string) => new AppError('not_found', `Job ${jobId.slice(0, 64)} was not found.`);

/** A job of the user (items included); not_found for any other id, shaped or not. */
export async function findUserJob(queries: Pick<JobQueries, 'findJob'>, userId: string, jobId: string): Promise<Job> {
  const user = checkUserId(userId);
  if (!isIdShaped(jobId)) throw notFound(jobId);
  const job = await queries.findJob(user, jobId);
  if (!job) throw notFound(jobId);
  return job;
}
