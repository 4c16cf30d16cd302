import { maxAttempts } from '../domain/transcription-job.ts';
import { claimJob } from './claim-job.ts';
import { failDeadLetteredJob } from './fail-dead-lettered-job.ts';
import type { ProcessTicketDeps, ProcessTicketInput } from './process-ticket.ts';
import { runClaimedJob } from './run-claimed-job.ts';

/**
 * The bus gave up on a ticket (its last delivery failed, or deliveries ran past the limit). A job
 * this process ran for it fails with the last error. A ticket not run here is presented to jobs as
 * exhausted: bound to a running job, that job fails as worker_lost (the process running it died);
 * a ticket that never bound a job binds the queue head instead, which is a job like any other and
 * runs now, the ticket having no retries left.
 */
export async function settleDeadLetter(
  deps: ProcessTicketDeps,
  input: ProcessTicketInput & { error: Error },
): Promise<void> {
  const { ticket, handle } = input;
  const jobId = deps.runningJobs.jobOf(ticket.ticket_id);
  if (jobId) return failDeadLetteredJob(deps, { ticketId: ticket.ticket_id, jobId, error: input.error });
  const deliveryCount = Math.max(input.deliveryCount, maxAttempts(deps.maxDeliver));
  const claimed = await claimJob(deps, { ticket, handle, deliveryCount });
  if (!claimed) return;
  try {
    await runClaimedJob(deps, { handle, claimed, deliveryCount: Number.MAX_SAFE_INTEGER });
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    await failDeadLetteredJob(deps, { ticketId: ticket.ticket_id, jobId: claimed.job.jobId, error });
  }
}
