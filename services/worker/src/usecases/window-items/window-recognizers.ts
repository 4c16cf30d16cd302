import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { type EnginePool, PCM_BYTES_PER_SECOND, type Recognition, type SpeechEngine } from '@tp/engines';
import type { SpeechWindow } from '@tp/speech-guard';
import { type WindowScope, type WindowSpan, windowItem, windowKey } from '../../domain/window-item.ts';
import { withoutContext } from '../../domain/windows.ts';
import type { WindowCheckpoints } from './window-checkpoints.ts';
import type { WindowResults } from './window-results.ts';

export interface RecognizedWindow {
  recognition: Recognition;
  /** Taken from a checkpoint of an earlier attempt. */
  fromCheckpoint: boolean;
  /** Recognized by whichever worker of the pool took its work item. */
  remote: boolean;
  /** This worker's engine time on it. */
  engineMs: number;
}

/**
 * How a job's windows get recognized. `slotTaken` is called once the window no longer needs to be
 * held here (it has an engine slot, or was handed off): the job cuts its next window only then.
 */
export interface WindowRecognizer {
  recognize(window: SpeechWindow, signal: AbortSignal, slotTaken: () => void): Promise<RecognizedWindow>;
}

/** In this worker's engine slots, each window in its own engine process, checkpointed when done. */
export function localRecognizer(deps: {
  engine: SpeechEngine;
  language: string;
  pool: EnginePool;
  checkpoints: WindowCheckpoints;
}): WindowRecognizer {
  return {
    async recognize(window, signal, slotTaken) {
      const saved = await deps.checkpoints.get(window);
      if (saved) {
        slotTaken();
        return { recognition: saved, fromCheckpoint: true, remote: false, engineMs: 0 };
      }
      return deps.pool.run(signal, async () => {
        slotTaken();
        const started = performance.now();
        const both = await deps.engine.transcribe(Readable.from([window.context, window.pcm]), {
          language: deps.language,
          signal,
        });
        const recognition = withoutContext(both, window.context.length / PCM_BYTES_PER_SECOND);
        const engineMs = performance.now() - started;
        await deps.checkpoints.put(window, recognition);
        return { recognition, fromCheckpoint: false, remote: false, engineMs };
      });
    },
  };
}

/**
 * Fan-out (ADR 0026): each window is published as a work item for any worker of the pool (this one
 * included), which decodes its stretch from the job's media source; the result arrives through the
 * WINDOWS bucket. The item's id is its key, so an attempt that publishes it again within the
 * stream's duplicate window adds nothing.
 */
export function fanOutRecognizer(deps: {
  scope: WindowScope;
  /** The job's window credentials, which its items carry. */
  credentials: string;
  checkpoints: WindowCheckpoints;
  results: WindowResults;
  publish: (item: ReturnType<typeof windowItem>, msgId: string) => Promise<void>;
}): WindowRecognizer {
  return {
    // Only the window's place is kept while its result is awaited, never its PCM: an hour's
    // windows are all in flight at once.
    recognize: (window, signal, slotTaken) =>
      handOff(deps, { index: window.index, start: window.start, end: window.end }, window.context.length / 2, {
        signal,
        slotTaken,
      }),
  };
}

async function handOff(
  deps: Parameters<typeof fanOutRecognizer>[0],
  span: WindowSpan & { index: number },
  contextSamples: number,
  waiting: { signal: AbortSignal; slotTaken: () => void },
): Promise<RecognizedWindow> {
  const saved = await deps.checkpoints.get(span);
  if (saved) {
    waiting.slotTaken();
    return { recognition: saved, fromCheckpoint: true, remote: false, engineMs: 0 };
  }
  const key = windowKey(deps.scope, span);
  try {
    await deps.publish(windowItem(deps.scope, deps.credentials, span, contextSamples), key);
  } finally {
    waiting.slotTaken();
  }
  const recognition = await deps.results.wait(key, waiting.signal);
  return { recognition, fromCheckpoint: false, remote: true, engineMs: 0 };
}
