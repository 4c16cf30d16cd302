import type { Job } from '@tp/proto';
import { isJobStopped } from '../domain/job-stopped.ts';
import { type FailJobDeps, failJob } from './fail-job.ts';
import type { TicketHandle } from './ticket.ts';

/**
 * A job stopped from outside its pipeline: a cancelled one is let go, one that ran past
 * JOB_TIMEOUT_MS fails processing_failed. True when `err` was one of those (the job is settled);
 * false for anything else, the shutdown included, which the caller handles.
 */
export async function settleStoppedJob(
  deps: FailJobDeps,
  { err, job, ticket }: { err: unknown; job: Job; ticket: TicketHandle },
): Promise<boolean> {
  if (isJobStopped(err, 'cancelled')) {
    deps.log.info({ jobId: job.jobId }, 'job cancelled; ticket acknowledged');
    return true;
  }
  if (isJobStopped(err, 'timeout')) {
    await failJob(deps, { job, ticket, failure: { errorCode: 'processing_failed', errorMessage: err.message } });
    return true;
  }
  return false;
}
