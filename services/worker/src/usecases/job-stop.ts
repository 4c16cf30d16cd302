import { JobStopped } from '../domain/job-stopped.ts';
import { timeoutMessage } from '../domain/job-failures.ts';

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
