/**
 * What a failed ffmpeg run means for the job (or the clip). The presigned URL carries a signature, so nothing
 * ffmpeg printed reaches a log or a user before `sanitizeFfmpegLine` has removed URLs and queries.
 */
export type DecodeFailureKind =
  /** The bytes are there but are not decodable audio: the job fails with media_unreadable. */
  | 'unreadable'
  /** The object is gone (deleted between GetReadUrl and the read): media_unavailable. */
  | 'unavailable'
  /** Storage could not be reached or refused for a reason that may pass: retry the ticket. */
  | 'transient';

export interface DecodeFailure {
  kind: DecodeFailureKind;
  /** ffmpeg's first error line, sanitized (or a description of what happened). */
  detail: string;
}

const MAX_DETAIL = 300;

// ffmpeg's words for "could not fetch the bytes", as opposed to "the bytes are not media".
const NOT_FOUND = /Server returned 404|HTTP error 404/i;
const TRANSIENT =
  /Server returned (401|403|408|429|5\d\d|5XX)|HTTP error (401|403|408|429|5\d\d)|Connection (refused|reset|timed out)|Network is unreachable|Failed to resolve|Name or service not known|No route to host|Broken pipe|I\/O error|Input\/output error|Operation timed out/i;

/** Removes URLs (with their signed queries), absolute paths and control characters from one line of ffmpeg output. */
export function sanitizeFfmpegLine(line: string, input?: string): string {
  let text = input ? line.replaceAll(input, '<media>') : line;
  text = text
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+?(?=:\s|:$|\s|$)/gi, '<media>')
    .replace(/[?&][A-Za-z0-9_-]+=[^\s&]*/g, '')
    .replace(/(^|\s)\/[^\s:]+/g, '$1<media>')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text;
}

/** The first meaningful line of ffmpeg's stderr (sanitized), or '' when it printed nothing. */
export function firstFfmpegError(stderr: string, input?: string): string {
  for (const raw of stderr.split(/\r?\n/)) {
    const line = sanitizeFfmpegLine(raw, input);
    if (line !== '') return line;
  }
  return '';
}

/** Classifies a failed decode from ffmpeg's exit and stderr. */
export function classifyDecodeFailure(
  exit: { code: number | null; signal: string | null },
  stderr: string,
  input?: string,
): DecodeFailure {
  const first = firstFfmpegError(stderr, input);
  if (NOT_FOUND.test(stderr)) return { kind: 'unavailable', detail: first || 'the media object was not found' };
  if (TRANSIENT.test(stderr)) return { kind: 'transient', detail: first || 'storage could not be read' };
  if (exit.signal) return { kind: 'transient', detail: `ffmpeg was killed by ${exit.signal}` };
  return { kind: 'unreadable', detail: first || `ffmpeg exited with code ${String(exit.code)}` };
}

/** ffmpeg could not produce audio from the media. */
export class DecodeError extends Error {
  override name = 'DecodeError';
  readonly failure: DecodeFailure;

  constructor(failure: DecodeFailure) {
    super(`decode failed (${failure.kind}): ${failure.detail}`);
    this.failure = failure;
  }
}
