import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { ALLOWED_DEMUXERS } from '@tp/catalog';
import { classifyDecodeFailure, type DecodeFailure } from './decode-failure.ts';
import { PCM_SAMPLE_RATE } from '../pcm.ts';
import { spawnInGroup } from '../process-group.ts';

const NETWORK_PROTOCOLS = 'http,https,tcp,tls,crypto';
/** How long a read from storage may stall before ffmpeg gives up (a URL input). */
const DEFAULT_READ_TIMEOUT_MS = 60_000;
const MAX_STDERR = 16 * 1024;

export interface DecodeOptions {
  ffmpegPath: string;
  /** Aborting kills ffmpeg's process group at once. */
  signal: AbortSignal;
  /** A network read that stalls this long fails (transient) instead of hanging the job. */
  readTimeoutMs?: number;
  /** Decode this channel (0-based) of the audio alone instead of a mix of all of them. */
  channel?: number;
  /** Decode only this stretch (seconds): one window of a recording, recognized by another worker. */
  range?: DecodeRange;
}

export interface DecodeRange {
  start: number;
  duration: number;
}

export type DecodeOutcome =
  | { status: 'ok'; bytes: number }
  | { status: 'failed'; bytes: number; failure: DecodeFailure }
  | { status: 'aborted'; bytes: number };

export interface Decoding {
  /** Raw 16 kHz mono s16le PCM, streamed as ffmpeg produces it (backpressure reaches ffmpeg). */
  pcm: Readable;
  /** PCM bytes handed on to the reader so far (progress). */
  bytes(): number;
  /** Settles once ffmpeg has exited; never rejects. */
  outcome: Promise<DecodeOutcome>;
}

/**
 * What ffmpeg reads: a presigned URL, a local file, or bytes in memory (written to its stdin).
 * `-nostdin` only turns off ffmpeg's keyboard commands; `pipe:0` still reads stdin.
 */
export type DecodeInput = string | Buffer;

/** The ffmpeg arguments that turn any input into the engines' PCM on stdout. */
/**
 * The hardened input of an ffmpeg run on a user's media (`pipe:0` for stdin, a presigned URL or a
 * local path): only the protocols that input needs, a read timeout for a URL, and only the
 * catalog's demuxers. Every ffmpeg that reads a user's media (decoding, caption burns) starts so.
 */
export function ffmpegInputArgs(source: string, readTimeoutMs = DEFAULT_READ_TIMEOUT_MS): string[] {
  const remote = /^https?:\/\//i.test(source);
  return [
    '-protocol_whitelist',
    source === 'pipe:0' ? 'pipe' : remote ? NETWORK_PROTOCOLS : 'file',
    ...(remote ? ['-rw_timeout', String(readTimeoutMs * 1000)] : []),
    '-format_whitelist',
    ALLOWED_DEMUXERS.join(','),
    '-i',
    source,
  ];
}

export function decodeArgs(
  input: DecodeInput,
  readTimeoutMs = DEFAULT_READ_TIMEOUT_MS,
  channel?: number,
  range?: DecodeRange,
): string[] {
  if (channel !== undefined && !(Number.isInteger(channel) && channel >= 0 && channel < 64))
    throw new RangeError(`channel must be an integer from 0 to 63, not ${channel}`);
  if (range && !(range.start >= 0 && range.duration > 0))
    throw new RangeError(`a range needs start >= 0 and duration > 0, not ${JSON.stringify(range)}`);
  return [
    '-nostdin',
    '-v',
    'error',
    // Seeking on the input, then decoding exactly from there (ffmpeg's accurate seek) for `duration`.
    ...(range ? ['-ss', range.start.toFixed(6)] : []),
    ...ffmpegInputArgs(typeof input === 'string' ? input : 'pipe:0', readTimeoutMs),
    ...(range ? ['-t', range.duration.toFixed(6)] : []),
    '-vn',
    '-sn',
    '-dn',
    // One channel alone (pan picks it; a channel the input lacks is silence), or all of them mixed.
    ...(channel === undefined ? ['-ac', '1'] : ['-af', `pan=mono|c0=c${channel}`]),
    '-ar',
    String(PCM_SAMPLE_RATE),
    '-f',
    's16le',
    'pipe:1',
  ];
}

/** Passes bytes through unchanged and counts them. */
class ByteCounter extends Transform {
  count = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.count += chunk.length;
    callback(null, chunk);
  }
}

/**
 * Starts ffmpeg on a presigned URL, a local file or bytes in memory, in its own process group.
 * Nothing is written to disk and nothing is buffered beyond the pipes: the engine's read rate
 * paces ffmpeg. Bytes go through ffmpeg's stdin, which cannot seek: an MP4 whose index (moov)
 * follows its data may not decode that way (see `needsSeekableInput`).
 */
export function startDecoding(input: DecodeInput, options: DecodeOptions): Decoding {
  const counter = new ByteCounter();
  const piped = typeof input !== 'string';
  const group = spawnInGroup(
    options.ffmpegPath,
    decodeArgs(input, options.readTimeoutMs, options.channel, options.range),
    [piped ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  );
  if (piped && group.child.stdin) {
    // ffmpeg may stop reading early (it has seen enough, or gave up): EPIPE is not our failure, its exit says.
    group.child.stdin.on('error', () => undefined);
    group.child.stdin.end(input);
  }
  let stderr = '';
  group.child.stderr?.setEncoding('utf8');
  group.child.stderr?.on('data', (text: string) => {
    if (stderr.length < MAX_STDERR) stderr += text.slice(0, MAX_STDERR - stderr.length);
  });
  // The total is counted where ffmpeg's output arrives: exact once ffmpeg has closed its stdout,
  // whereas the counter (what the engine has taken so far) may still hold a chunk at that moment.
  let produced = 0;
  if (group.child.stdout) {
    group.child.stdout.on('data', (chunk: Buffer) => (produced += chunk.length));
    group.child.stdout.pipe(counter);
  } else {
    counter.end();
  }

  const abort = () => {
    group.kill();
    // Unread output would hold ffmpeg's stdout (and so its exit) open: drop it.
    group.child.stdout?.destroy();
    counter.destroy();
  };
  if (options.signal.aborted) abort();
  else options.signal.addEventListener('abort', abort, { once: true });

  const outcome = group.exited.then((exit): DecodeOutcome => {
    options.signal.removeEventListener('abort', abort);
    const bytes = produced;
    if (options.signal.aborted) return { status: 'aborted', bytes };
    if (exit.error)
      return {
        status: 'failed',
        bytes,
        failure: {
          kind: 'transient',
          detail: `ffmpeg could not be started (${(exit.error as NodeJS.ErrnoException).code ?? exit.error.message})`,
        },
      };
    if (exit.code !== 0 || exit.signal)
      return {
        status: 'failed',
        bytes,
        failure: classifyDecodeFailure(exit, stderr, typeof input === 'string' ? input : undefined),
      };
    if (bytes === 0)
      return { status: 'failed', bytes, failure: { kind: 'unreadable', detail: 'no audio could be decoded' } };
    return { status: 'ok', bytes };
  });
  // A failed start never opens stdout: end the stream so the reader does not wait forever.
  void group.exited.then((exit) => {
    if (exit.error) counter.end();
  });
  return { pcm: counter, bytes: () => counter.count, outcome };
}
