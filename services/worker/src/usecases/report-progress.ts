import type { Logger } from '@tp/logging';
import type { Job } from '@tp/proto';
import type { JobsClient } from '../clients.ts';
import type { JobStop } from './job-stop.ts';
import type { TicketHandle } from './ticket.ts';

export interface ReportProgressDeps {
  jobs: JobsClient;
  log: Logger;
  /** How often a running job reports progress; a report may take up to three of these. */
  progressIntervalMs: number;
}

export interface ReportProgressInput {
  ticket: TicketHandle;
  job: Job;
  /** How far the job is now, in percent below 100 (100 is the jobs service's to set on completion). */
  progress(): number;
  stop: JobStop;
}

/**
 * The beat of a running job's heartbeat: extends the ticket's ack wait, reports progress, and
 * stops the job when jobs answers that it was cancelled. Never throws: progress is best effort, a
 * jobs outage must not stop a transcription that can still be settled later.
 */
export function progressReporter(deps: ReportProgressDeps, input: ReportProgressInput): () => Promise<void> {
  const { ticket, job, stop } = input;
  let failures = 0;
  return async () => {
    ticket.working();
    const progress = input.progress();
    try {
      const answer = await deps.jobs.reportProgress(
        { jobId: job.jobId, ticketId: ticket.ticketId, progress },
        { deadlineMs: Math.max(1_000, deps.progressIntervalMs * 3) },
      );
      failures = 0;
      deps.log.debug({ jobId: job.jobId, progress }, 'progress reported');
      if (answer.cancel && !stop.signal.aborted) {
        deps.log.info({ jobId: job.jobId }, 'job cancelled; stopping ffmpeg and the engine');
        stop.cancel();
      }
    } catch (err) {
      failures += 1;
      if (failures === 1 || failures % 30 === 0)
        deps.log.warn({ err, jobId: job.jobId, failures }, 'progress report failed');
    }
  };
}
