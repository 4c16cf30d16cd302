import type { JobFailure } from '../../domain/job-failures.ts';
import { isJobStopped } from '../../domain/job-stopped.ts';

/**
 * How a job's run ends early: the job fails with `failure` (its ticket acknowledged), it was
 * cancelled (let go, acknowledged), or this attempt ends and the ticket is redelivered (a backend
 * unreachable, the worker shutting down; `error` is what the dead letter names if none is left).
 */
export type RunEnd = { kind: 'failed'; failure: JobFailure } | { kind: 'cancelled' } | { kind: 'retry'; error: Error };

/**
 * What a step of a job's run came to; every step of every pipeline answers one. `done` carries
 * what the next step needs (for the run as a whole: what the job completes with); anything else
 * ends the run, and settlement/settle-job.ts settles the job from it.
 */
export type Outcome<T = void> = { kind: 'done'; value: T } | RunEnd;

export function done<T>(value: T): Outcome<T> {
  return { kind: 'done', value };
}

export function failed(failure: JobFailure): RunEnd {
  return { kind: 'failed', failure };
}

export const cancelled: RunEnd = { kind: 'cancelled' };

export function retry(err: unknown): RunEnd {
  return { kind: 'retry', error: err instanceof Error ? err : new Error(String(err)) };
}

/**
 * What stopped a job from outside its pipeline (a JobStopped, the reason of its stop signal):
 * a cancellation lets it go, JOB_TIMEOUT_MS fails it processing_failed, the worker's shutdown hands
 * the ticket back. Undefined for anything else.
 */
export function stopOutcome(err: unknown): RunEnd | undefined {
  if (isJobStopped(err, 'cancelled')) return cancelled;
  if (isJobStopped(err, 'timeout')) return failed({ errorCode: 'processing_failed', errorMessage: err.message });
  if (isJobStopped(err, 'shutdown')) return retry(err);
  return undefined;
}
