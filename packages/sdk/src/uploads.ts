import type { Send } from './types.ts';
import { apiErrorOf } from './errors.ts';
import type { MediaAsset, MediaVerificationPending, UploadSession } from './models.ts';
import { type Fetch, type RetryPolicy, sleep, withRetries } from './retry.ts';

const PROGRESS_STEP_BYTES = 256 * 1024;

export interface UploadProgress {
  /** Bytes handed to the connection so far. */
  sentBytes: number;
  totalBytes: number;
}

export interface UploadFileInput {
  /** The bytes: a Blob (a File in browsers; `await fs.openAsBlob(path)` in Node streams it from disk). */
  file: Blob;
  fileName: string;
  /** An audio/* or video/* media type (default: the Blob's type). */
  contentType?: string;
  workspaceId?: string;
  /** Called as the bytes go out (in Node as they stream; elsewhere when they are all sent). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

export interface UploadDeps {
  send: Send;
  /** Fetch without the API's credentials: the upload URL is signed, and must not see the token. */
  fetch: Fetch;
  baseUrl: string;
  policy: RetryPolicy;
}

/**
 * Uploads a file as the API asks: an upload session, the bytes PUT to its signed URL, then completion,
 * repeated while media verifies it (202, after `retry_after_seconds`). Answers the media once ready.
 */
export async function uploadFile(deps: UploadDeps, input: UploadFileInput): Promise<MediaAsset> {
  const contentType = input.contentType || input.file.type;
  const { signal } = input;
  const session = await deps.send('post', '/api/v1/media/upload-session', {
    body: {
      file_name: input.fileName,
      content_type: contentType,
      size_bytes: input.file.size,
      ...(input.workspaceId ? { workspace_id: input.workspaceId } : {}),
    },
    signal,
  });
  const { upload_url, upload_headers, media_id, finalize_token } = (session.body as { data: UploadSession }).data;
  await putBytes(deps, new URL(upload_url, deps.baseUrl), { ...upload_headers, 'Content-Type': contentType }, input);
  for (;;) {
    const { body } = await deps.send('post', '/api/v1/media/complete', { body: { media_id, finalize_token }, signal });
    const answer = (body as { data: MediaAsset | MediaVerificationPending }).data;
    if (answer.status !== 'verification_pending') return answer;
    await sleep(answer.retry_after_seconds * 1000, signal);
  }
}

/** PUTs the bytes, retried as any idempotent request (each try reads the Blob anew). */
async function putBytes(deps: UploadDeps, url: URL, headers: Record<string, string>, input: UploadFileInput) {
  const total = input.file.size;
  let reported = -1;
  const report = (sentBytes: number) => {
    if (sentBytes !== reported) input.onProgress?.({ sentBytes, totalBytes: total });
    reported = sentBytes;
  };
  const request = () => {
    const body = bodyOf(input.file, report);
    return new Request(url, {
      ...body,
      method: 'PUT',
      headers: { ...headers, ...body.headers },
      signal: input.signal ?? null,
    });
  };
  const response = await withRetries(() => deps.fetch(request()), deps.policy, {
    signal: input.signal,
    label: 'PUT upload_url',
  });
  if (!response.ok) throw apiErrorOf(response, await response.text());
  await response.body?.cancel();
  report(total);
}

/**
 * The Blob as the request body: in Node a stream that counts what the connection takes (Node's fetch
 * sends the Content-Length given with a stream, which a signed URL needs); browsers send a stream
 * without a length, if at all, so there the Blob goes whole.
 */
function bodyOf(
  file: Blob,
  report: (sentBytes: number) => void,
): { body: Blob | ReadableStream<Uint8Array>; headers?: Record<string, string>; duplex?: 'half' } {
  if (!isNode()) {
    report(0);
    return { body: file };
  }
  let sent = 0;
  const counted = file.stream().pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      // In slices, so that progress moves however large the source's chunks are (an in-memory Blob gives one).
      transform(chunk, controller) {
        for (let at = 0; at < chunk.byteLength; at += PROGRESS_STEP_BYTES) {
          const slice = chunk.subarray(at, at + PROGRESS_STEP_BYTES);
          controller.enqueue(slice);
          sent += slice.byteLength;
          report(sent);
        }
      },
    }),
  );
  return { body: counted, duplex: 'half', headers: { 'Content-Length': String(file.size) } };
}

function isNode(): boolean {
  const runtime = globalThis as { process?: { versions?: { node?: string } } };
  return typeof runtime.process?.versions?.node === 'string';
}
