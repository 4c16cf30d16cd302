import type { WorkTicket } from '@tp/events';
import { type ClaimJobDeps, claimJob } from './claim-job.ts';
import { type RunClaimedJobDeps, runClaimedJob } from './run-claimed-job.ts';
import type { TicketHandle } from './ticket.ts';

export type ProcessTicketDeps = ClaimJobDeps & RunClaimedJobDeps;

export interface ProcessTicketInput {
  ticket: WorkTicket;
  handle: TicketHandle;
  /** The bus's delivery count of the ticket (1 on its first delivery). */
  deliveryCount: number;
}

/**
 * One delivery of a work ticket: claim the job it is bound to, run it. Resolves when the ticket may
 * be acknowledged (nothing to run, or the job is settled); throws to have it redelivered.
 */
export async function processTicket(deps: ProcessTicketDeps, input: ProcessTicketInput): Promise<void> {
  const claimed = await claimJob(deps, input);
  if (!claimed) {
    deps.log.debug({ ticketId: input.ticket.ticket_id }, 'nothing to run for this ticket');
    return;
  }
  await runClaimedJob(deps, { handle: input.handle, claimed, deliveryCount: input.deliveryCount });
}
