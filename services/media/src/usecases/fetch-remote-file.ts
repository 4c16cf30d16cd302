import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type EgressPolicy, type EgressResponse, EgressTimeoutError, egressRequest } from '@tp/egress';
import { AppError } from '@tp/errors';
import type { ObjectStore } from '@tp/storage';
import { cleanFileName } from '../domain/file-names.ts';
import { checkSize } from '../domain/media-rules.ts';
import { remoteContentType, remoteFileName } from '../domain/remote-files.ts';

export interface FetchRemoteFileDeps {
  objects: Pick<ObjectStore, 'uploadStream'>;
  egressPolicy: EgressPolicy;
  /** Largest file fetched; beyond it the transfer stops and nothing is stored. */
  importMaxBytes: number;
  /** The whole transfer (connection, headers and body) must be done within this. */
  importTimeoutMs: number;
}

/** A remote file, once stored: what it is called, its type and size. */
export interface FetchedFile {
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

/** remote_fetch_failed naming what went wrong (the status, the network's code, or the timeout). */
function fetchFailed(err: unknown, timedOut: boolean, timeoutMs: number): AppError {
  if (err instanceof AppError) return err;
  if (timedOut || err instanceof EgressTimeoutError)
    return new AppError('remote_fetch_failed', `Fetching the file timed out after ${timeoutMs} ms.`, {
      reason: 'timeout',
    });
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new AppError('remote_fetch_failed', `The URL's host name could not be resolved (${code}).`, {
      reason: 'dns',
    });
  const cause = code ?? (err instanceof Error ? err.message : String(err));
  return new AppError('remote_fetch_failed', `The connection to the remote host failed (${cause}).`, {
    reason: 'connection',
  });
}

/** Passes the bytes on, counting them; media_too_large as soon as they pass `maxBytes`. */
function byteLimit(maxBytes: number): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      if (counter.bytes > maxBytes) done(tooLarge(maxBytes, `more than ${maxBytes} bytes`));
      else done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

const tooLarge = (maxBytes: number, size: string) =>
  new AppError('media_too_large', `The file at the URL is ${size}; the largest accepted is ${maxBytes} bytes.`, {
    max_size_bytes: maxBytes,
  });

/**
 * Fetches a public http(s) URL (the egress guard at every connection, no redirects: a 3xx is a
 * failure) and streams the body into `key`; stops at importMaxBytes or importTimeoutMs with
 * nothing stored. url_not_allowed, remote_fetch_failed or media_too_large.
 */
export async function fetchRemoteFile(deps: FetchRemoteFileDeps, url: string, key: (fileName: string) => string) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), deps.importTimeoutMs);
  let response: EgressResponse | undefined;
  try {
    response = await egressRequest(url, {
      policy: deps.egressPolicy,
      headers: { accept: '*/*', 'user-agent': 'transcription-media-import/1' },
      timeoutMs: deps.importTimeoutMs,
      signal: abort.signal,
    });
    if (response.status < 200 || response.status > 299) {
      throw new AppError('remote_fetch_failed', `The remote server answered HTTP ${response.status}.`, {
        reason: 'status',
        status: response.status,
      });
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isSafeInteger(declared)) checkSize(declared, deps.importMaxBytes);
    const fileName = cleanFileName(remoteFileName(new URL(url), response.headers['content-disposition']));
    const contentType = remoteContentType(response.headers['content-type'], fileName);
    const counter = byteLimit(deps.importMaxBytes);
    // The body's failure (or the limit's) reaches the upload through the counter, which then stores nothing.
    const flowing = pipeline(response.body, counter).catch(() => undefined);
    await deps.objects.uploadStream(key(fileName), counter, { contentType });
    await flowing;
    return { fileName, contentType, sizeBytes: counter.bytes } satisfies FetchedFile;
  } catch (err) {
    throw fetchFailed(err, abort.signal.aborted, deps.importTimeoutMs);
  } finally {
    clearTimeout(timer);
    // Whatever was not read (a refusal, a failed upload) is dropped with its connection.
    response?.body.destroy();
  }
}
