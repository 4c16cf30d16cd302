import { type KV, Kvm } from '@nats-io/kv';
import type { Bus } from '@tp/bus';
import type { Recognition } from '@tp/engines';
import type { Logger } from '@tp/logging';
import { jobStopKey, type WindowScope, type WindowSpan, windowKey } from '../../domain/window-item.ts';
import { parseRecognition } from '../../domain/windows.ts';

/** The WINDOWS bucket as the worker uses it: checkpoints, fanned-out results, stop keys (ADR 0026). */
export type WindowBucket = Pick<KV, 'get' | 'put' | 'watch' | 'keys' | 'purge'>;

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

/** How long a job's windows are kept when nobody clears them (a job that never finished). */
export const WINDOW_CHECKPOINT_TTL_MS = 24 * 3600 * 1000;

export async function openWindowBucket(bus: Bus): Promise<KV> {
  return new Kvm(bus.jetstream).create(bus.streamName('WINDOWS'), {
    history: 1,
    ttl: WINDOW_CHECKPOINT_TTL_MS,
    storage: 'file',
  });
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
