/** Runs the caption burn: ffmpeg in a process group of its own, its progress read from `-progress pipe:1`. */
import { rm, stat } from 'node:fs/promises';
import { sanitizeFfmpegLine, spawnInGroup, type ChildExit } from '@tp/engines';
import { burnArgs, type BurnInput } from './burn-args.ts';

export interface BurnResult {
  /** The output's length in seconds, as ffmpeg last reported it. */
  durationSeconds: number;
  /** The MP4's size. */
  bytes: number;
  /** ffmpeg's pid (the leader of its process group), gone by the time this resolves. */
  pid: number;
}

/** Progress is reported at most this often. */
const PROGRESS_INTERVAL_MS = 250;
const MAX_STDERR = 16 * 1024;

/** The burn was aborted through `signal`; ffmpeg and everything it started have exited. */
export class BurnCancelledError extends Error {
  override name = 'BurnCancelledError';
  readonly pid: number | undefined;

  constructor(pid: number | undefined) {
    super('the caption burn was cancelled');
    this.pid = pid;
  }
}

/** ffmpeg failed; `detail` is its last error line without URLs, signed queries or paths. */
export class BurnFailedError extends Error {
  override name = 'BurnFailedError';
  readonly detail: string;
  readonly pid: number | undefined;

  constructor(detail: string, pid: number | undefined) {
    super(`the caption burn failed: ${detail}`);
    this.detail = detail;
    this.pid = pid;
  }
}

/** The last meaningful line of ffmpeg's stderr, sanitized. */
function lastError(stderr: string, input: BurnInput): string {
  const lines = stderr.split(/\r?\n/).reverse();
  for (const raw of lines) {
    const line = sanitizeFfmpegLine(
      [input.assPath, input.outputPath, input.fontsDir ?? ''].reduce(
        (text, path) => (path ? text.replaceAll(path, '<file>') : text),
        raw,
      ),
      input.input,
    );
    if (line !== '') return line;
  }
  return '';
}

/** Reads `-progress` blocks (`key=value` lines); calls `onTime` with each out_time_us in seconds. */
function progressReader(onTime: (seconds: number) => void): (chunk: string) => void {
  let pending = '';
  return (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^out_time_us=(\d+)\s*$/.exec(line);
      if (match) onTime(Number(match[1]) / 1e6);
    }
  };
}

function exitDetail(exit: ChildExit): string {
  if (exit.error) return `ffmpeg could not be started (${(exit.error as NodeJS.ErrnoException).code ?? 'error'})`;
  if (exit.signal) return `ffmpeg was killed by ${exit.signal}`;
  return `ffmpeg exited with code ${String(exit.code)}`;
}

/**
 * Burns the captions of `input.assPath` into the media and writes an MP4 (H.264, AAC) of exactly
 * `durationSeconds`. Aborting `signal` kills ffmpeg's whole process group and rejects with BurnCancelledError
 * once it has exited; a failure rejects with BurnFailedError. Either way no partial output is left.
 */
export async function burnCaptions(input: BurnInput): Promise<BurnResult> {
  if (input.signal?.aborted) throw new BurnCancelledError(undefined);
  const group = spawnInGroup(input.ffmpegPath, burnArgs(input), ['ignore', 'pipe', 'pipe']);
  const pid = group.pgid;
  let stderr = '';
  group.child.stderr?.setEncoding('utf8');
  group.child.stderr?.on('data', (text: string) => {
    stderr = (stderr + text).slice(-MAX_STDERR);
  });
  let outSeconds = 0;
  let reported = -1;
  let reportedAt = 0;
  const report = (fraction: number, force: boolean) => {
    const now = Date.now();
    if (!input.onProgress || fraction <= reported || (!force && now - reportedAt < PROGRESS_INTERVAL_MS)) return;
    reported = fraction;
    reportedAt = now;
    input.onProgress(fraction);
  };
  group.child.stdout?.setEncoding('utf8');
  group.child.stdout?.on(
    'data',
    progressReader((seconds) => {
      outSeconds = Math.max(outSeconds, seconds);
      if (input.durationSeconds > 0) report(Math.min(1, outSeconds / input.durationSeconds), false);
    }),
  );
  const abort = () => group.kill();
  input.signal?.addEventListener('abort', abort, { once: true });
  const exit = await group.exited.finally(() => input.signal?.removeEventListener('abort', abort));

  if (input.signal?.aborted || exit.code !== 0) {
    await rm(input.outputPath, { force: true });
    if (input.signal?.aborted) throw new BurnCancelledError(pid);
    throw new BurnFailedError(lastError(stderr, input) || exitDetail(exit), pid);
  }
  report(1, true);
  const { size } = await stat(input.outputPath);
  return { durationSeconds: outSeconds, bytes: size, pid: pid ?? 0 };
}
