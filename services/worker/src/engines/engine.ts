import type { Readable } from 'node:stream';
import type { EngineKind } from '@tp/catalog';

/** One recognized word; times in seconds from the start of the PCM stream. */
export interface RecognizedWord {
  text: string;
  start: number;
  end: number;
  /** In [0, 1], or null when the engine gives none. */
  confidence: number | null;
}

/** A stretch of speech the engine decoded as one unit (between pauses). */
export interface Utterance {
  words: RecognizedWord[];
}

export interface Recognition {
  /** The language the engine transcribed (ISO 639-1). */
  language: string;
  utterances: Utterance[];
}

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
  /** Throws EngineUnavailableError naming what is missing (binary, model files) when it cannot run here. */
  check(): Promise<void>;
  transcribe(pcm: Readable, options: TranscribeOptions): Promise<Recognition>;
}

/** The engine ran and failed (crashed, exited non-zero, refused the input): the job fails with engine_failed. */
export class EngineError extends Error {
  override name = 'EngineError';
}

/** The engine cannot run on this machine (start-up check). */
export class EngineUnavailableError extends Error {
  override name = 'EngineUnavailableError';
}
