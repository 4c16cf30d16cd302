import type { JobQueries } from '../store/queries.ts';

/**
 * Whether the job runs under this ticket with its hold still held: then billing may go first, so
 * a client that sees the job's end also sees its credits settled or released.
 */
export async function runsWithHeldCredits(
  queries: Pick<JobQueries, 'findJobById'>,
  jobId: string,
  ticketId: string,
): Promise<boolean> {
  const job = await queries.findJobById(jobId);
  return (
    job !== null &&
    job.status === 'running' &&
    job.ticketId === ticketId &&
    job.holdState === 'held' &&
    job.billingState === 'held' &&
    job.itemCount === 0
  );
}
