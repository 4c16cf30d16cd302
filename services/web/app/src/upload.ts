// One file's way into the platform (README "Uploading media", ADR 0005): an upload session,
// the bytes PUT straight to storage (XMLHttpRequest, for its upload progress), then finalize,
// repeated while verification is pending.
import { ApiError, api } from './api.ts';
import type { Media, UploadSession, VerificationPending } from './types.ts';

const TYPES_BY_EXTENSION: Record<string, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  weba: 'audio/webm',
  webm: 'video/webm',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
};

/** The file's media type as the browser knows it, else from its extension; the API decides what it accepts. */
export function contentTypeOf(file: File): string {
  if (file.type) return file.type;
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  return TYPES_BY_EXTENSION[extension] ?? 'application/octet-stream';
}

export type UploadPhase = 'uploading' | 'verifying' | 'ready' | 'failed';

export interface UploadProgress {
  phase: UploadPhase;
  /** Percent of the bytes sent, 0–100. */
  percent: number;
}

/** PUT the bytes to the signed URL with the session's headers; reports the percent sent. */
export function putToStorage(session: UploadSession, file: File, onPercent: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', session.upload_url);
    for (const [name, value] of Object.entries(session.upload_headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onPercent(Math.floor((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onPercent(100);
        resolve();
      } else {
        reject(new ApiError(xhr.status, 'storage_refused', `Storage refused the upload (HTTP ${xhr.status}).`));
      }
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'network_error', 'The upload was interrupted. Check your connection and try again.'));
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'The upload was cancelled.'));
    xhr.send(file);
  });
}

const isPending = (answer: Media | VerificationPending): answer is VerificationPending =>
  answer.status === 'verification_pending';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** POST /media/complete, waiting up to 10 s a call, repeated while verification is pending. */
export async function finalize(session: UploadSession, onPending: () => void): Promise<Media> {
  for (;;) {
    const answer = await api<Media | VerificationPending>(
      'POST',
      '/media/complete',
      { media_id: session.media_id, finalize_token: session.finalize_token },
      { Prefer: 'wait=10' },
    );
    if (!isPending(answer)) return answer;
    onPending();
    await sleep(Math.max(1, answer.retry_after_seconds) * 1000);
  }
}

/** The whole way of one file: resolves with the verified media, rejects with the API's error. */
export async function uploadFile(file: File, onProgress: (progress: UploadProgress) => void): Promise<Media> {
  onProgress({ phase: 'uploading', percent: 0 });
  const session = await api<UploadSession>('POST', '/media/upload-session', {
    file_name: file.name,
    content_type: contentTypeOf(file),
    size_bytes: file.size,
  });
  await putToStorage(session, file, (percent) => onProgress({ phase: 'uploading', percent }));
  onProgress({ phase: 'verifying', percent: 100 });
  const media = await finalize(session, () => onProgress({ phase: 'verifying', percent: 100 }));
  onProgress({ phase: 'ready', percent: 100 });
  return media;
}
