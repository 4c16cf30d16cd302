import type { Job } from './models.ts';
import { sleep } from './retry.ts';

const ENDED: ReadonlySet<Job['status']> = new Set(['succeeded', 'failed', 'cancelled']);

export interface WaitForJobOptions {
  /** Stops waiting (the wait rejects with the signal's reason). */
  signal?: AbortSignal;
  /** Gives up after this long: the wait rejects with a `TimeoutError` DOMException. */
  timeoutMs?: number;
  /** The first pause between two reads (default 1 s), growing by half each time up to `maxIntervalMs` (default 10 s). */
  intervalMs?: number;
  maxIntervalMs?: number;
  /** Each state read, the last one included. */
  onUpdate?: (job: Job) => void;
}

/**
 * Reads the job until it has ended (succeeded, failed or cancelled) and answers it: a failed job is an
 * answer, not an error (its `error` says why).
 */
export async function waitForJob(
  getJob: (jobId: string, signal: AbortSignal | undefined) => Promise<Job>,
  jobId: string,
  options: WaitForJobOptions = {},
): Promise<Job> {
  const signals = [
    options.signal,
    options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs),
  ];
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  const signal = present.length > 1 ? AbortSignal.any(present) : present[0];
  const maxIntervalMs = options.maxIntervalMs ?? 10_000;
  let intervalMs = Math.min(options.intervalMs ?? 1_000, maxIntervalMs);
  for (;;) {
    const job = await getJob(jobId, signal);
    options.onUpdate?.(job);
    if (ENDED.has(job.status)) return job;
    await sleep(intervalMs, signal);
    intervalMs = Math.min(intervalMs * 1.5, maxIntervalMs);
  }
}
