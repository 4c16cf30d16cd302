import type { Logger } from '@tp/logging';
import type { Job } from '@tp/proto';
import type { JobsClient } from '../clients.ts';
import { isTransient } from '../domain/backend-errors.ts';
import type { JobFailure } from '../domain/job-failures.ts';
import { withRetries } from './retries.ts';
import type { TicketHandle } from './ticket.ts';

export interface FailJobDeps {
  jobs: JobsClient;
  log: Logger;
  /** Waits between attempts of a backend call that failed transiently. */
  retryDelaysMs: readonly number[];
}

export interface FailJobInput {
  job: Job;
  ticket: TicketHandle;
  failure: JobFailure;
}

/**
 * Ends the job as failed. Resolves when the ticket may be acknowledged (jobs recorded the failure,
 * or refused it for good); throws when jobs could not be reached, for a redelivery.
 */
export async function failJob(deps: FailJobDeps, { job, ticket, failure }: FailJobInput): Promise<void> {
  const { errorCode, errorMessage } = failure;
  deps.log.warn({ jobId: job.jobId, errorCode, errorMessage }, 'job failed');
  try {
    await withRetries(
      () => deps.jobs.failJob({ jobId: job.jobId, ticketId: ticket.ticketId, errorCode, errorMessage }),
      { delaysMs: deps.retryDelaysMs, keepAlive: ticket.working },
    );
  } catch (err) {
    if (isTransient(err)) throw err;
    deps.log.error({ err, jobId: job.jobId, errorCode }, 'jobs refused FailJob; acknowledging the ticket');
  }
}
