import type { Job } from '@tp/proto';
import { storedTraceParent, withSpan } from '@tp/telemetry';
import { CAPTION_BURN_JOB_TYPE } from '../../domain/caption-burn-job.ts';
import { unsupportedJobType } from '../../domain/job-failures.ts';
import { JOB_TYPE } from '../../domain/transcription-job.ts';
import { type RunCaptionBurnJobDeps, runCaptionBurnJob } from '../caption-burn/run-caption-burn-job.ts';
import { type SettleJobDeps, settleJob } from '../settlement/settle-job.ts';
import { type JobGrantHolder, renewingGrant, underGrant } from '../shared/job-grant.ts';
import { failed } from '../shared/outcome.ts';
import type { TicketHandle } from '../shared/ticket.ts';
import type { JobWindowAccess, OpenJobWindows } from '../window-items/window-checkpoints.ts';
import { type RunTranscriptionJobDeps, runTranscriptionJob } from '../transcription/run-transcription-job.ts';
import { type ClaimedJob, type ClaimJobDeps, claimJob, type TicketDelivery } from './claim-job.ts';
import type { RunningJobs } from './running-jobs.ts';

/** What a claimed job's pipeline runs with: the worker's deps, and its own grant and windows. */
type PipelineDeps = RunTranscriptionJobDeps & RunCaptionBurnJobDeps & SettleJobDeps;

export type RunClaimedJobDeps = Omit<PipelineDeps, 'windowBucket' | 'windowCredentials'> & {
  runningJobs: RunningJobs;
  /** WORK_MAX_DELIVER: how many times the bus runs the handler for one ticket. */
  maxDeliver: number;
  /** Reaches a job's windows with the credentials of its claim (ADR 0041). */
  openWindows: OpenJobWindows;
};

export type HandleTicketDeps = ClaimJobDeps & RunClaimedJobDeps;

/**
 * Entry point of events/work-tickets.ts: one delivery of a work ticket. Claims the job it is bound
 * to and runs it to its end. Resolves when the ticket may be acknowledged (nothing to run, or the
 * job is settled); throws to have it redelivered.
 */
export async function handleTicket(deps: HandleTicketDeps, delivery: TicketDelivery): Promise<void> {
  const claimed = await claimJob(deps, delivery);
  if (!claimed) {
    deps.log.debug({ ticketId: delivery.ticket.ticket_id }, 'nothing to run for this ticket');
    return;
  }
  await runClaimedJob(deps, { handle: delivery.handle, claimed, deliveryCount: delivery.deliveryCount });
}

/**
 * Runs a job its ticket was bound to by its type's pipeline, counted among the running jobs while it
 * runs, in a `run job` span of the trace of the request that created the job: the child of the
 * ticket's CONSUMER span when the ticket was queued by that request (its headers carry the trace),
 * otherwise (a ticket released by another job's end) a child of the job's stored traceparent, linked
 * to the delivery. Decode, recognition, the artifact write and CompleteJob are its children.
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
    const grant: JobGrantHolder = { current: claimed.grant };
    deps.runningJobs.started(handle.ticketId, job.jobId, grant);
    let finished = false;
    try {
      deps.log.info({ jobId: job.jobId, ticketId: handle.ticketId, deliveryCount, engine: job.engine }, 'job claimed');
      const windows = await deps.openWindows(claimed.windowCredentials, job.jobId);
      try {
        await runPipeline(ownDeps(deps, { ...claimed, grant }, windows), { ticket: handle, job });
      } finally {
        await windows?.close();
      }
      finished = true;
    } finally {
      // After a failed last delivery the bus calls the dead-letter callback next, which needs the binding.
      deps.runningJobs.ended(handle.ticketId, !finished && deliveryCount >= deps.maxDeliver);
    }
  });
}

/**
 * The job's deps: media and artifacts called under its grant, which its progress reports renew
 * (ADR 0040), and its own keys of the WINDOWS bucket with the credentials its window items carry (ADR 0041).
 */
function ownDeps(
  deps: RunClaimedJobDeps,
  claimed: Omit<ClaimedJob, 'grant'> & { grant: JobGrantHolder },
  windows: JobWindowAccess | undefined,
): PipelineDeps {
  const holder = claimed.grant;
  return {
    ...deps,
    media: underGrant(deps.media, holder),
    artifacts: underGrant(deps.artifacts, holder),
    // Reports, completion and failure go under the grant too; each report answers a fresh one.
    jobs: renewingGrant(underGrant(deps.jobs, holder), holder),
    windowBucket: windows?.bucket,
    windowCredentials: claimed.windowCredentials,
  };
}

/** The pipeline of the job's type (ADR 0024 for caption burns); a type this worker does not run fails the job. */
function runPipeline(deps: PipelineDeps, input: { ticket: TicketHandle; job: Job }): Promise<void> {
  if (input.job.type === JOB_TYPE) return runTranscriptionJob(deps, input);
  if (input.job.type === CAPTION_BURN_JOB_TYPE) return runCaptionBurnJob(deps, input);
  return settleJob(deps, input, failed(unsupportedJobType(input.job.type)));
}
