import type { Job } from '@tp/proto';
import { withSpan } from '@tp/telemetry';
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
 * span: a child of the ticket's CONSUMER span, so of the trace of the request that queued the job
 * (the ticket's headers carry it). Decode, recognition, the artifact write and CompleteJob are its children.
 */
export async function runClaimedJob(
  deps: RunClaimedJobDeps,
  { handle, job, deliveryCount }: { handle: TicketHandle; job: Job; deliveryCount: number },
): Promise<void> {
  const attributes = {
    'job.id': job.jobId,
    'job.type': job.type,
    'job.engine': job.engine,
    'job.ticket_id': handle.ticketId,
    'messaging.delivery_count': deliveryCount,
  };
  return withSpan('run job', { attributes }, async () => {
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
