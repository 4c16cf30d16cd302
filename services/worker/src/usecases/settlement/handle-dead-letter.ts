import { isTransient } from '../../domain/backend-errors.ts';
import { attemptsExhausted } from '../../domain/job-failures.ts';
import { maxAttempts } from '../../domain/transcription-job.ts';
import { underGrant } from '../shared/job-grant.ts';
import { withRetries } from '../shared/retries.ts';
import { claimJob, type TicketDelivery } from '../tickets/claim-job.ts';
import { type HandleTicketDeps, runClaimedJob } from '../tickets/handle-ticket.ts';

/**
 * Entry point of events/work-tickets.ts: the bus gave up on a ticket (its last delivery failed, or
 * deliveries ran past the limit). A job this process ran for it fails with the last error. A ticket
 * not run here is presented to jobs as exhausted: bound to a running job, that job fails as
 * worker_lost (the process running it died); a ticket that never bound a job binds the queue head
 * instead, which is a job like any other and runs now, the ticket having no retries left.
 */
export async function handleDeadLetter(
  deps: HandleTicketDeps,
  input: TicketDelivery & { error: Error },
): Promise<void> {
  const { ticket, handle } = input;
  const ticketId = ticket.ticket_id;
  const jobId = deps.runningJobs.jobOf(ticketId);
  if (jobId) return failDeadLetteredJob(deps, { ticketId, jobId, error: input.error });
  const deliveryCount = Math.max(input.deliveryCount, maxAttempts(deps.maxDeliver));
  const claimed = await claimJob(deps, { ticket, handle, deliveryCount });
  if (!claimed) return;
  try {
    await runClaimedJob(deps, { handle, claimed, deliveryCount: Number.MAX_SAFE_INTEGER });
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    await failDeadLetteredJob(deps, { ticketId, jobId: claimed.job.jobId, error });
  }
}

/**
 * Fails the job of a ticket that ran out of deliveries (processing_failed, naming the last error).
 * Throws when jobs could not be reached, so that the bus tries the dead-letter callback again.
 */
async function failDeadLetteredJob(
  deps: Pick<HandleTicketDeps, 'jobs' | 'log' | 'retryDelaysMs' | 'runningJobs' | 'maxDeliver'>,
  { ticketId, jobId, error }: { ticketId: string; jobId: string; error: Error },
): Promise<void> {
  const { errorCode, errorMessage } = attemptsExhausted(deps.maxDeliver, error);
  deps.log.error({ jobId, ticketId, err: error }, 'ticket dead-lettered; failing its job');
  // Under the job's last grant (jobs admits a failure only so, ADR 0040).
  const grant = deps.runningJobs.grantOf(ticketId);
  const jobs = grant ? underGrant(deps.jobs, grant) : deps.jobs;
  try {
    await withRetries(() => jobs.failJob({ jobId, ticketId, errorCode, errorMessage }), {
      delaysMs: deps.retryDelaysMs,
    });
  } catch (err) {
    if (isTransient(err)) throw err;
    deps.log.error({ err, jobId }, 'jobs refused FailJob for a dead-lettered ticket');
  }
  deps.runningJobs.release(ticketId);
}
