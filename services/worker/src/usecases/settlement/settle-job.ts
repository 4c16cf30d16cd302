import type { Logger } from '@tp/logging';
import type { Job } from '@tp/proto';
import type { JobsClient } from '../../clients.ts';
import { isTransient } from '../../domain/backend-errors.ts';
import type { JobFailure } from '../../domain/job-failures.ts';
import type { Outcome } from '../shared/outcome.ts';
import { withRetries } from '../shared/retries.ts';
import type { TicketHandle } from '../shared/ticket.ts';

export interface SettleJobDeps {
  jobs: Pick<JobsClient, 'completeJob' | 'failJob'>;
  log: Logger;
  /** Waits between attempts of a backend call that failed transiently. */
  retryDelaysMs: readonly number[];
}

/** What a job that ran to its end completes with. */
export interface Completion {
  artifactId: string;
  /** Seconds charged for: the audio transcribed, or a caption burn's output. */
  billedSeconds: number;
  /** The transcript's language ('' for a caption burn). */
  language: string;
}

/**
 * Settles a job from the outcome of its run: `done` completes it (CompleteJob: it succeeds and its
 * credits are settled), `failed` fails it (FailJob), `cancelled` lets it go. Resolves when the ticket
 * may be acknowledged (jobs recorded the end, or refused it for good); throws for a redelivery: the
 * run's `retry` error, or jobs out of reach.
 */
export async function settleJob(
  deps: SettleJobDeps,
  { job, ticket }: { job: Job; ticket: TicketHandle },
  outcome: Outcome<Completion>,
): Promise<void> {
  switch (outcome.kind) {
    case 'done':
      return completeJob(deps, job, ticket, outcome.value);
    case 'failed':
      return failJob(deps, job, ticket, outcome.failure);
    case 'cancelled':
      deps.log.info({ jobId: job.jobId }, 'job cancelled; ticket acknowledged');
      return;
    case 'retry':
      throw outcome.error;
  }
}

async function completeJob(deps: SettleJobDeps, job: Job, ticket: TicketHandle, completion: Completion): Promise<void> {
  const { artifactId, billedSeconds, language } = completion;
  try {
    const after = await withRetries(
      () => deps.jobs.completeJob({ jobId: job.jobId, ticketId: ticket.ticketId, artifactId, billedSeconds, language }),
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

async function failJob(deps: SettleJobDeps, job: Job, ticket: TicketHandle, failure: JobFailure): Promise<void> {
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
