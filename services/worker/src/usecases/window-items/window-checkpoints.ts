import type { KV } from '@nats-io/kv';
import type { Recognition } from '@tp/engines';
import type { Logger } from '@tp/logging';
import { jobStopKey, type WindowScope, type WindowSpan, windowKey } from '../../domain/window-item.ts';
import { parseRecognition } from '../../domain/windows.ts';

/** The WINDOWS bucket as the worker uses it: checkpoints, fanned-out results, stop keys (ADR 0026). */
export type WindowBucket = Pick<KV, 'get' | 'put' | 'watch' | 'keys' | 'purge'>;

/** One job's keys of the bucket, reached with its window credentials (ADR 0041), until closed. */
export interface JobWindowAccess {
  bucket: WindowBucket;
  close(): Promise<void>;
}

/**
 * Reaches a job's windows with its credentials; undefined when there are none (jobs has no windows
 * signer) or NATS refuses or does not answer (then the job is recognized without checkpoints or fan-out).
 */
export type OpenJobWindows = (credentials: string, jobId: string) => Promise<JobWindowAccess | undefined>;

/**
 * Each window's recognition as soon as it is done, in a JetStream KV bucket (WINDOWS), so a job
 * whose worker dies mid-way loses only the windows that were running: its next attempt cuts the
 * same windows (decoding and the detector are deterministic) and takes the done ones from here.
 * Best effort both ways: a bucket that does not answer costs recognition time, never the job.
 */
export interface WindowCheckpoints {
  get(window: WindowSpan): Promise<Recognition | undefined>;
  put(window: WindowSpan, recognition: Recognition): Promise<void>;
}

/**
 * Forgets a job's windows once it is settled for good (else they expire after a day). Its stop
 * key stays (it expires with the bucket's age): items of the job still queued are dropped by it.
 */
export async function clearJobWindows(kv: WindowBucket | undefined, log: Logger, jobId: string): Promise<void> {
  if (!kv) return;
  try {
    const keys = await kv.keys(`${jobId}.>`);
    const stop = jobStopKey(jobId);
    for await (const key of keys) if (key !== stop) await kv.purge(key);
  } catch (err) {
    log.warn({ err, jobId }, "clearing the job's window checkpoints failed");
  }
}

/** Keys: windowKey (domain/window-item.ts). */
export function windowCheckpoints(kv: WindowBucket | undefined, log: Logger, scope: WindowScope): WindowCheckpoints {
  const key = (w: WindowSpan) => windowKey(scope, w);
  const warn = (err: unknown, what: string) =>
    log.warn({ err, jobId: scope.jobId }, `window checkpoint ${what} failed`);
  return {
    async get(window) {
      if (!kv) return undefined;
      try {
        const entry = await kv.get(key(window));
        if (entry?.operation !== 'PUT') return undefined;
        return parseRecognition(entry.string());
      } catch (err) {
        warn(err, 'read');
        return undefined;
      }
    },
    async put(window, recognition) {
      if (!kv) return;
      await kv.put(key(window), JSON.stringify(recognition)).catch((err: unknown) => warn(err, 'write'));
    },
  };
}
