import { isTransient } from '../domain/backend-errors.ts';
import { attemptsExhausted } from '../domain/job-failures.ts';
import type { CompleteJobDeps } from './complete-job.ts';
import { withRetries } from './retries.ts';
import type { RunningJobs } from './running-jobs.ts';

export interface FailDeadLetteredJobDeps extends CompleteJobDeps {
  runningJobs: RunningJobs;
  maxDeliver: number;
}

/**
 * Fails the job of a ticket that ran out of deliveries (processing_failed, naming the last error).
 * Throws when jobs could not be reached, so that the bus tries the dead-letter callback again.
 */
export async function failDeadLetteredJob(
  deps: FailDeadLetteredJobDeps,
  { ticketId, jobId, error }: { ticketId: string; jobId: string; error: Error },
): Promise<void> {
  const { errorCode, errorMessage } = attemptsExhausted(deps.maxDeliver, error);
  deps.log.error({ jobId, ticketId, err: error }, 'ticket dead-lettered; failing its job');
  try {
    await withRetries(() => deps.jobs.failJob({ jobId, ticketId, errorCode, errorMessage }), {
      delaysMs: deps.retryDelaysMs,
    });
  } catch (err) {
    if (isTransient(err)) throw err;
    deps.log.error({ err, jobId }, 'jobs refused FailJob for a dead-lettered ticket');
  }
  deps.runningJobs.release(ticketId);
}
