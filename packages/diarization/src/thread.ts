import { Worker } from 'node:worker_threads';
import { CLASSIC_METHOD } from './classic.ts';
import type { DiarizationOptions, DiarizationResult } from './types.ts';

/** A diarizer whose work runs in a worker thread: `push` hands the PCM over, `finish` answers later. */
export interface ThreadedDiarizer {
  readonly method: string;
  /** 16 kHz mono s16le, any chunk size; copied and handed to the thread. */
  push(pcm: Buffer): void;
  /** The result; the thread ends with it. Rejects as the method would throw (a RangeError for a bad count). */
  finish(options: DiarizationOptions): Promise<DiarizationResult>;
  /** Ends the thread and drops its features (a job that stopped before finishing). Idempotent. */
  close(): Promise<void>;
}

export type ThreadRequest = { type: 'push'; pcm: Uint8Array } | { type: 'finish'; options: DiarizationOptions };

export type ThreadAnswer =
  | { type: 'result'; result: DiarizationResult }
  | { type: 'error'; name: string; message: string };

/**
 * The classic diarizer in a worker thread: the features are computed and kept there, and `finish`
 * (clustering and re-segmentation: seconds for minutes of audio) runs there, so the caller's event
 * loop (a worker's heartbeats, progress and cancellation) is never blocked by it.
 */
export function createThreadedDiarizer(): ThreadedDiarizer {
  const thread = new Worker(new URL('./thread-entry.ts', import.meta.url));
  let ended: Promise<void> | undefined;
  const close = () => {
    ended ??= thread.terminate().then(() => undefined);
    return ended;
  };
  return {
    method: CLASSIC_METHOD,
    push(pcm) {
      if (ended) throw new Error('the diarizer is closed');
      const copy = new Uint8Array(pcm);
      thread.postMessage({ type: 'push', pcm: copy } satisfies ThreadRequest, [copy.buffer]);
    },
    finish(options) {
      if (ended) return Promise.reject(new Error('the diarizer is closed'));
      return new Promise<DiarizationResult>((resolve, reject) => {
        const fail = (err: Error) => {
          reject(err);
          void close();
        };
        thread.once('error', fail);
        thread.once('exit', (code) => fail(new Error(`the diarization thread exited (${code}) before answering`)));
        thread.once('message', (answer: ThreadAnswer) => {
          if (answer.type === 'result') resolve(answer.result);
          else {
            const err = answer.name === 'RangeError' ? new RangeError(answer.message) : new Error(answer.message);
            reject(err);
          }
          void close();
        });
        thread.postMessage({ type: 'finish', options } satisfies ThreadRequest);
      });
    },
    close,
  };
}
