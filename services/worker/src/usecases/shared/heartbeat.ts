import type { Logger } from '@tp/logging';
import type { Job } from '@tp/proto';
import type { JobsClient } from '../../clients.ts';
import { timeoutMessage } from '../../domain/job-failures.ts';
import { JobStopped } from '../../domain/job-stopped.ts';
import type { TicketHandle } from './ticket.ts';

// A running job's heartbeat: it extends the ticket's ack wait, reports progress and hears of a
// cancellation; and what else stops a job from outside its pipeline (JOB_TIMEOUT_MS, shutdown).

export interface Heartbeat {
  /** Stops beating; a beat in flight finishes on its own. */
  stop(): void;
}

/**
 * Runs `beat` every `intervalMs`, one at a time (a slow beat delays the next instead of piling
 * up). `beat` must not throw; it logs its own failures.
 */
export function startHeartbeat(intervalMs: number, beat: () => Promise<void>): Heartbeat {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void beat().finally(schedule);
    }, intervalMs);
  };
  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** `work`, with the ticket's ack wait extended every `intervalMs` while it runs (a step that reports no progress). */
export async function keepingTicket<T>(intervalMs: number, ticket: TicketHandle, work: () => Promise<T>): Promise<T> {
  const heartbeat = startHeartbeat(intervalMs, async () => ticket.working());
  try {
    return await work();
  } finally {
    heartbeat.stop();
  }
}

/**
 * What stops a running job from outside its pipeline: its cancellation, JOB_TIMEOUT_MS, or the
 * worker's shutdown. The signal's reason is a JobStopped that says which.
 */
export interface JobStop {
  signal: AbortSignal;
  /** Stops the job because jobs said it was cancelled. */
  cancel(): void;
  /** Removes the timer and the shutdown listener once the job no longer runs. */
  release(): void;
}

export function startJobStop(shutdownSignal: AbortSignal, jobTimeoutMs: number): JobStop {
  const controller = new AbortController();
  const onShutdown = () => controller.abort(new JobStopped('shutdown', 'The worker is shutting down.'));
  if (shutdownSignal.aborted) onShutdown();
  else shutdownSignal.addEventListener('abort', onShutdown, { once: true });
  const timeout = setTimeout(
    () => controller.abort(new JobStopped('timeout', timeoutMessage(jobTimeoutMs))),
    jobTimeoutMs,
  );
  return {
    signal: controller.signal,
    cancel: () => controller.abort(new JobStopped('cancelled', 'The job was cancelled.')),
    release() {
      clearTimeout(timeout);
      shutdownSignal.removeEventListener('abort', onShutdown);
    },
  };
}

export interface ReportProgressDeps {
  jobs: Pick<JobsClient, 'reportProgress'>;
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
