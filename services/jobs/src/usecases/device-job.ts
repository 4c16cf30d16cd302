import { checkReportable } from '../domain/client-local.ts';
import type { JobQueries } from '../store/queries.ts';
import type { Job } from '../store/records.ts';
import { findUserJob } from './user-job.ts';

/**
 * The user's client-local job a device reports on: not_found for any other user's (or no) job,
 * not_client_local for a cloud job, job_not_running once it has ended (ADR 0023).
 */
export async function findDeviceJob(queries: Pick<JobQueries, 'findJob'>, userId: string, jobId: string): Promise<Job> {
  const job = await findUserJob(queries, userId, jobId);
  checkReportable(job);
  return job;
}
