import { storedTraceParent, withSpan } from '@tp/telemetry';
import type { ClaimedJob } from './claim-job.ts';
import { type RunJobDeps, runJob } from './run-job.ts';
import type { RunningJobs } from './running-jobs.ts';
import type { TicketHandle } from './ticket.ts';

export type RunClaimedJobDeps = RunJobDeps & {
  runningJobs: RunningJobs;
  /** WORK_MAX_DELIVER: how many times the bus runs the handler for one ticket. */
  maxDeliver: number;
};

/**
 * Runs a job its ticket was bound to, counted among the running jobs while it runs, in a `run job`
 * span of the trace of the request that created the job: the child of the ticket's CONSUMER span
 * when the ticket was queued by that request (its headers carry the trace), otherwise (a ticket
 * released by another job's end) a child of the job's stored traceparent, linked to the delivery.
 * Decode, recognition, the artifact write and CompleteJob are its children.
 */
export async function runClaimedJob(
  deps: RunClaimedJobDeps,
  { handle, claimed, deliveryCount }: { handle: TicketHandle; claimed: ClaimedJob; deliveryCount: number },
): Promise<void> {
  const { job } = claimed;
  const attributes = {
    'job.id': job.jobId,
    'job.type': job.type,
    'job.engine': job.engine,
    'job.ticket_id': handle.ticketId,
    'messaging.delivery_count': deliveryCount,
  };
  return withSpan('run job', { attributes, ...storedTraceParent(claimed.traceparent) }, async () => {
    deps.runningJobs.started(handle.ticketId, job.jobId);
    let finished = false;
    try {
      deps.log.info({ jobId: job.jobId, ticketId: handle.ticketId, deliveryCount, engine: job.engine }, 'job claimed');
      await runJob(deps, { ticket: handle, job });
      finished = true;
    } finally {
      // After a failed last delivery the bus calls the dead-letter callback next, which needs the binding.
      deps.runningJobs.ended(handle.ticketId, !finished && deliveryCount >= deps.maxDeliver);
    }
  });
}
