import type { Logger } from '@tp/logging';
import type { Job } from '@tp/proto';
import type { JobsClient } from '../clients.ts';
import { isTransient } from '../domain/backend-errors.ts';
import { withRetries } from './retries.ts';
import type { TicketHandle } from './ticket.ts';

export interface CompleteJobDeps {
  jobs: JobsClient;
  log: Logger;
  retryDelaysMs: readonly number[];
}

export interface CompleteJobInput {
  job: Job;
  ticket: TicketHandle;
  artifactId: string;
  /** Seconds of audio transcribed: what the job is charged for. */
  billedSeconds: number;
  language: string;
}

/**
 * CompleteJob: the job succeeds with its transcript and its credits are settled. A job that ended
 * meanwhile (cancelled) or a refusal lets the ticket go; an unreachable jobs throws, for a redelivery.
 */
export async function completeJob(deps: CompleteJobDeps, input: CompleteJobInput): Promise<void> {
  const { job, ticket, artifactId, billedSeconds } = input;
  try {
    const after = await withRetries(
      () =>
        deps.jobs.completeJob({
          jobId: job.jobId,
          ticketId: ticket.ticketId,
          artifactId,
          billedSeconds,
          language: input.language,
        }),
      { delaysMs: deps.retryDelaysMs, keepAlive: ticket.working },
    );
    deps.log.info(
      { jobId: job.jobId, artifactId, billedSeconds, status: after.status },
      after.status === 'succeeded' ? 'job completed' : 'job ended before it could complete',
    );
  } catch (err) {
    if (isTransient(err)) throw err;
    deps.log.warn({ err, jobId: job.jobId, artifactId }, 'jobs refused CompleteJob; acknowledging the ticket');
  }
}
