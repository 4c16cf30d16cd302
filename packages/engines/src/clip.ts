import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { DecodeError } from './decode/decode-failure.ts';
import { startDecoding, type DecodeInput } from './decode/ffmpeg-decoder.ts';
import { needsSeekableInput } from './decode/seekable-input.ts';
import { EngineError, type SpeechEngine } from './engine.ts';
import { PCM_BYTES_PER_SECOND } from './pcm.ts';
import type { Recognition } from './recognition.ts';

/**
 * Short clips transcribed while the caller waits (a fast transcription request): decoded whole
 * into memory first, so a caller can look at the audio (a speech guard) before running an engine,
 * and decoding and recognition are timed apart. Long media go through `startDecoding` streamed
 * into the engine instead (the worker).
 */

export interface DecodeClipOptions {
  /** The clip's bytes (fed to ffmpeg's stdin) or a local file. */
  input: DecodeInput;
  /** Aborting kills ffmpeg's process group at once; the call rejects with the signal's reason. */
  signal: AbortSignal;
  /** Default `ffmpeg` on PATH. */
  ffmpegPath?: string;
  /** A clip longer than this is refused (ClipTooLongError) as soon as ffmpeg has decoded that much. */
  maxSeconds?: number;
}

export interface DecodedClip {
  /** 16 kHz mono s16le. */
  pcm: Buffer;
  durationSeconds: number;
  decodeMs: number;
}

export interface RecognizeClipOptions {
  engine: SpeechEngine;
  /** `auto` (the default) or an ISO 639-1 code the engine transcribes. */
  language?: string;
  /** Aborting kills the engine's process group at once; the call rejects with the signal's reason. */
  signal: AbortSignal;
}

export type TranscribeClipOptions = DecodeClipOptions & RecognizeClipOptions;

export interface ClipWord {
  word: string;
  /** Seconds from the start of the clip. */
  start: number;
  end: number;
  /** In [0, 1], or null when the engine gives none. */
  confidence: number | null;
}

/** One stretch of speech between pauses (an engine utterance). */
export interface ClipSegment {
  start: number;
  end: number;
  text: string;
}

export interface ClipTranscription {
  /** The words, one space apart; empty when nothing was recognized. */
  text: string;
  /** What the engine transcribed (ISO 639-1). */
  language: string;
  words: ClipWord[];
  segments: ClipSegment[];
  durationSeconds: number;
  decodeMs: number;
  engineMs: number;
}

/** The clip is longer than the caller allows. */
export class ClipTooLongError extends Error {
  override name = 'ClipTooLongError';
  readonly maxSeconds: number;

  constructor(maxSeconds: number) {
    super(`the clip is longer than ${maxSeconds} seconds`);
    this.maxSeconds = maxSeconds;
  }
}

/** Decodes a clip whole. Rejects with DecodeError, ClipTooLongError or the signal's reason. */
export async function decodeClip(options: DecodeClipOptions): Promise<DecodedClip> {
  options.signal.throwIfAborted();
  const started = performance.now();
  if (typeof options.input !== 'string' && needsSeekableInput(options.input)) {
    const dir = await mkdtemp(join(tmpdir(), 'tp-clip-'));
    try {
      const file = join(dir, 'clip');
      await writeFile(file, options.input, { mode: 0o600 });
      return await decodeWhole({ ...options, input: file }, started);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return decodeWhole(options, started);
}

async function decodeWhole(options: DecodeClipOptions, started: number): Promise<DecodedClip> {
  // Aborted while the clip was written to its file: start nothing.
  options.signal.throwIfAborted();
  const local = new AbortController();
  const stop = () => local.abort(options.signal.reason);
  options.signal.addEventListener('abort', stop, { once: true });
  const limit = options.maxSeconds === undefined ? Infinity : options.maxSeconds * PCM_BYTES_PER_SECOND;
  try {
    const decoding = startDecoding(options.input, { ffmpegPath: options.ffmpegPath ?? 'ffmpeg', signal: local.signal });
    const chunks: Buffer[] = [];
    let bytes = 0;
    decoding.pcm.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) local.abort(new ClipTooLongError(options.maxSeconds ?? 0));
      else chunks.push(chunk);
    });
    decoding.pcm.on('error', () => undefined);
    const outcome = await decoding.outcome;
    if (options.signal.aborted) throw options.signal.reason;
    if (local.signal.aborted) throw local.signal.reason;
    if (outcome.status === 'failed') throw new DecodeError(outcome.failure);
    if (outcome.status !== 'ok') throw new Error(`decoding ended unexpectedly (${outcome.status})`);
    const pcm = Buffer.concat(chunks);
    return { pcm, durationSeconds: pcm.length / PCM_BYTES_PER_SECOND, decodeMs: performance.now() - started };
  } finally {
    options.signal.removeEventListener('abort', stop);
  }
}

/** Runs the engine on a decoded clip. Rejects with EngineError or the signal's reason. */
export async function recognizeClip(clip: DecodedClip, options: RecognizeClipOptions): Promise<ClipTranscription> {
  const started = performance.now();
  let recognition: Recognition;
  try {
    recognition = await options.engine.transcribe(Readable.from([clip.pcm]), {
      language: options.language ?? 'auto',
      signal: options.signal,
    });
  } catch (err) {
    if (options.signal.aborted || err instanceof EngineError) throw err;
    throw new EngineError(`the engine failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  const engineMs = performance.now() - started;
  const segments = recognition.utterances.map((u) => ({
    start: u.words[0]?.start ?? 0,
    end: u.words.at(-1)?.end ?? 0,
    text: u.words.map((w) => w.text).join(' '),
  }));
  return {
    text: segments.map((s) => s.text).join(' '),
    language: recognition.language,
    words: recognition.utterances.flatMap((u) =>
      u.words.map((w) => ({ word: w.text, start: w.start, end: w.end, confidence: w.confidence })),
    ),
    segments,
    durationSeconds: clip.durationSeconds,
    decodeMs: clip.decodeMs,
    engineMs,
  };
}

/** Decodes a short clip and runs the engine on it, while the caller waits. */
export async function transcribeClip(options: TranscribeClipOptions): Promise<ClipTranscription> {
  return recognizeClip(await decodeClip(options), options);
}
