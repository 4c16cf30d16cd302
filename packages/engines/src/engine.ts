import type { Readable } from 'node:stream';
import type { EngineKind } from '@tp/catalog';
import type { Recognition } from './recognition.ts';

export interface TranscribeOptions {
  /** `auto` or an ISO 639-1 code the engine supports. */
  language: string;
  /** Aborting kills the engine process at once; `transcribe` then rejects with the signal's reason. */
  signal: AbortSignal;
}

/**
 * A speech engine plugin. Input is always raw 16 kHz mono s16le PCM (the decoder's output), so an
 * engine never sees containers or URLs. Native engines run in a child process: a crash in one
 * rejects with EngineError and the worker carries on.
 */
export interface SpeechEngine {
  readonly kind: EngineKind;
  /** ISO 639-1 codes it transcribes. */
  readonly languages: readonly string[];
  /**
   * Seconds of the recording before a window that the engine needs to settle (recognized with the
   * window, its words then dropped): 0 for an engine whose start carries nothing over.
   */
  readonly contextSeconds: number;
  /**
   * The longest window it decodes in one pass (whisper: 30 s, its encoder's window; a longer one
   * costs a second pass, however little is left). The worker cuts windows no longer. Undefined: any.
   */
  readonly maxWindowSeconds?: number;
  /** Throws EngineUnavailableError naming what is missing (binary, model files) when it cannot run here. */
  check(): Promise<void>;
  transcribe(pcm: Readable, options: TranscribeOptions): Promise<Recognition>;
  /** Ends the processes it keeps loaded between calls (at shutdown); nothing for an engine that keeps none. */
  close?(): Promise<void>;
}

/**
 * The engine ran and failed (crashed, exited non-zero, refused the input): the job fails with
 * engine_failed and a fixed message. `message` says what happened in a few words; `output` is what
 * the engine printed (its stderr tail), for the worker's log only: it may name paths, models and
 * whatever the engine chose to print, so it never reaches the job's user.
 */
export class EngineError extends Error {
  override name = 'EngineError';
  readonly output: string;

  constructor(message: string, options: { output?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.output = options.output ?? '';
  }
}

/** The engine cannot run on this machine (start-up check). */
export class EngineUnavailableError extends Error {
  override name = 'EngineUnavailableError';
}
