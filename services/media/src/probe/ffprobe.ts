import { execFile } from 'node:child_process';
import { ALLOWED_DEMUXERS } from '@tp/catalog';

export type ProbeRun =
  /** ffprobe answered (its JSON, possibly with no streams). */
  | { kind: 'probed'; output: string }
  /** ffprobe read the bytes and refused them: not media. */
  | { kind: 'invalid'; detail: string }
  /** Storage could not be read or ffprobe did not finish in time: worth another attempt. */
  | { kind: 'transient'; detail: string };

export interface ProbeOptions {
  ffprobePath: string;
  timeoutMs: number;
}

// ffprobe's words for "I could not fetch the bytes", as opposed to "the bytes are not media".
const TRANSIENT =
  /Server returned (4\d\d|5\d\d)|Connection (refused|reset|timed out)|Network is unreachable|Failed to resolve|Name or service not known|No route to host|Broken pipe|I\/O error|Input\/output error/i;

/**
 * Runs ffprobe on a (presigned GET) URL: nothing is downloaded to disk, ffprobe reads only what
 * it needs over HTTP (with range requests). Only plain container demuxers and HTTP(S) are
 * allowed, so a playlist-like upload cannot make the service fetch other URLs.
 */
export function probeUrl(url: string, options: ProbeOptions): Promise<ProbeRun> {
  const args = [
    '-v',
    'error',
    '-protocol_whitelist',
    'http,https,tcp,tls,crypto',
    '-format_whitelist',
    ALLOWED_DEMUXERS.join(','),
    '-rw_timeout',
    String(Math.max(1, options.timeoutMs) * 1000),
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    url,
  ];
  return new Promise((resolve) => {
    execFile(
      options.ffprobePath,
      args,
      { timeout: options.timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        // The URL carries a signature: keep it out of anything that is logged or stored.
        const detail = stderr.replaceAll(url, '<url>').trim().slice(0, 1000);
        if (!error) return resolve({ kind: 'probed', output: stdout });
        const failure = error as NodeJS.ErrnoException & { killed?: boolean; signal?: string | null };
        if (failure.killed || failure.signal === 'SIGKILL')
          return resolve({ kind: 'transient', detail: `ffprobe did not finish within ${options.timeoutMs} ms` });
        if (typeof failure.code === 'string')
          return resolve({ kind: 'transient', detail: `ffprobe could not be started: ${failure.code}` });
        if (TRANSIENT.test(detail)) return resolve({ kind: 'transient', detail });
        resolve({ kind: 'invalid', detail: detail || `ffprobe exited with ${String(failure.code)}` });
      },
    );
  });
}
