import { EngineError, type Recognition } from '@tp/engines';
import { parseRecognition } from '../../domain/windows.ts';
import type { WindowBucket } from './window-checkpoints.ts';

/**
 * The results of a job's fanned-out windows as the workers that recognized them store them (one KV
 * watch per job, from the bucket's current values on): `wait(key)` resolves with the window's
 * recognition, or rejects when its item failed for good or the signal aborts.
 */
export interface WindowResults {
  wait(key: string, signal: AbortSignal): Promise<Recognition>;
  stop(): void;
}

interface Waiter {
  resolve: (recognition: Recognition) => void;
  reject: (err: unknown) => void;
}

const FAILED = '.failed';

export async function watchWindowResults(kv: Pick<WindowBucket, 'watch'>, jobId: string): Promise<WindowResults> {
  const done = new Map<string, Recognition | EngineError>();
  const waiters = new Map<string, Waiter>();
  const watch = await kv.watch({ key: `${jobId}.>` });
  const settle = (key: string, outcome: Recognition | EngineError) => {
    done.set(key, outcome);
    const waiter = waiters.get(key);
    if (!waiter) return;
    waiters.delete(key);
    if (outcome instanceof EngineError) waiter.reject(outcome);
    else waiter.resolve(outcome);
  };
  void (async () => {
    for await (const entry of watch) {
      if (entry.operation !== 'PUT') continue;
      if (entry.key.endsWith(FAILED))
        settle(entry.key.slice(0, -FAILED.length), new EngineError(`a window failed: ${entry.string()}`));
      else {
        const recognition = parseRecognition(entry.string());
        if (recognition) settle(entry.key, recognition);
      }
    }
  })();
  return {
    wait(key, signal) {
      const known = done.get(key);
      if (known) return known instanceof EngineError ? Promise.reject(known) : Promise.resolve(known);
      if (signal.aborted) return Promise.reject(signal.reason);
      return new Promise<Recognition>((resolve, reject) => {
        const onAbort = () => {
          waiters.delete(key);
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        waiters.set(key, {
          resolve: (r) => {
            signal.removeEventListener('abort', onAbort);
            resolve(r);
          },
          reject: (e) => {
            signal.removeEventListener('abort', onAbort);
            reject(e);
          },
        });
      });
    },
    stop: () => watch.stop(),
  };
}
