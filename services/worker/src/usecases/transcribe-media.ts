import { performance } from 'node:perf_hooks';
import { Transform } from 'node:stream';
import { DecodeError, EngineError, type Recognition, type SpeechEngine, startDecoding } from '@tp/engines';

export interface TranscribeMediaInput {
  /** Presigned GET URL (or, in tests, a local file). */
  input: string;
  engine: SpeechEngine;
  language: string;
  ffmpegPath: string;
  /** Cancellation, timeout and shutdown: aborting kills ffmpeg and the engine; the call rejects with the reason. */
  signal: AbortSignal;
  /** Transcribe this audio channel (0-based) alone; undefined: all channels mixed. */
  channel?: number;
  /** Sees the PCM on its way into the engine (a later stage's features), chunk by chunk. */
  onPcm?: (chunk: Buffer) => void;
}

export interface MediaTranscription {
  recognition: Recognition;
  /** PCM bytes decoded (16 kHz mono s16le). */
  decodedBytes: number;
  /** From the engine's start to its exit: decoding runs alongside, streamed. */
  engineMs: number;
}

export interface RunningTranscription {
  /** PCM bytes handed to the engine so far, for progress. */
  decodedBytes(): number;
  result: Promise<MediaTranscription>;
}

/**
 * Decodes the media with ffmpeg and streams the PCM into the engine: ffmpeg → byte counter →
 * engine stdin, each tool in its own process group. Whichever side fails first stops the other.
 * Rejects with DecodeError, EngineError, or the signal's reason.
 */
export function transcribeMedia(options: TranscribeMediaInput): RunningTranscription {
  const local = new AbortController();
  const stop = () => local.abort(options.signal.reason);
  if (options.signal.aborted) stop();
  else options.signal.addEventListener('abort', stop, { once: true });

  const decoding = startDecoding(options.input, {
    ffmpegPath: options.ffmpegPath,
    signal: local.signal,
    channel: options.channel,
  });
  const pcm = options.onPcm === undefined ? decoding.pcm : decoding.pcm.pipe(tap(options.onPcm));
  const started = performance.now();
  const recognizing = options.engine.transcribe(pcm, { language: options.language, signal: local.signal }).then(
    (recognition) => ({ recognition, engineMs: performance.now() - started }),
    (err: unknown) => {
      // The engine is gone: nothing reads ffmpeg's output any more, so stop it too.
      if (!local.signal.aborted) local.abort(err);
      throw err;
    },
  );

  const result = (async (): Promise<MediaTranscription> => {
    try {
      const [decoded, recognized] = await Promise.allSettled([decoding.outcome, recognizing]);
      if (options.signal.aborted) throw options.signal.reason;
      // A decode failure explains an engine that saw truncated input, so it wins.
      if (decoded.status === 'fulfilled' && decoded.value.status === 'failed')
        throw new DecodeError(decoded.value.failure);
      if (recognized.status === 'rejected') {
        const err: unknown = recognized.reason;
        throw err instanceof EngineError
          ? err
          : new EngineError(`the engine failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
      if (decoded.status === 'rejected') throw decoded.reason;
      if (decoded.value.status !== 'ok') throw new Error(`decoding ended unexpectedly (${decoded.value.status})`);
      return {
        recognition: recognized.value.recognition,
        decodedBytes: decoded.value.bytes,
        engineMs: recognized.value.engineMs,
      };
    } finally {
      options.signal.removeEventListener('abort', stop);
    }
  })();
  return { decodedBytes: decoding.bytes, result };
}

/** Passes PCM through unchanged, showing each chunk to `see` first (a throw fails the stream, and so the job). */
function tap(see: (chunk: Buffer) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        see(chunk);
        callback(null, chunk);
      } catch (err) {
        callback(err as Error);
      }
    },
  });
}
