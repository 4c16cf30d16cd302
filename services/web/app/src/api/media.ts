// Media (GET /media, DELETE /media/{id}, a signed URL to play one) and the way of one file in: an
// upload session, the bytes PUT straight to storage (XMLHttpRequest, for its upload progress), then
// /media/complete, repeated while verification is pending (README "Uploading media", ADR 0005).
import { ApiError } from '@tp/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { client } from './client.ts';
import { keys, useWrite } from './keys.ts';
import { LIST_LIMITS } from './limits.ts';
import type { MediaAsset, UploadSession } from './schema.ts';

/** The newest media; `followVerifying` asks again while a file is being verified (its state changes without us). */
export function useMediaList({ followVerifying = false } = {}) {
  return useQuery({
    queryKey: keys.media.list,
    queryFn: () => client.GET('/api/v1/media', { params: { query: { limit: LIST_LIMITS.media } } }),
    refetchInterval: (query) =>
      followVerifying && query.state.data?.some((m) => m.status === 'verifying') ? 3_000 : false,
  });
}

/** A signed URL of the media's file in storage (ADR 0032), valid an hour: asked again well before. */
export function useMediaDownloadUrl(mediaId: string) {
  return useQuery({
    queryKey: keys.media.downloadUrl(mediaId),
    queryFn: () =>
      client.GET('/api/v1/media/{media_id}/download-url', {
        params: { path: { media_id: mediaId }, query: { ttl_seconds: 3600 } },
      }),
    staleTime: 45 * 60_000,
    refetchOnWindowFocus: false,
  });
}

/** DELETE /media/{id}: the media and its file in storage removed. */
export const useDeleteMedia = (media: MediaAsset, onDeleted: () => void) =>
  useWrite(
    () => client.DELETE('/api/v1/media/{media_id}', { params: { path: { media_id: media.media_id } } }),
    keys.media.list,
    onDeleted,
  );

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
function putToStorage(session: UploadSession, file: File, onPercent: (percent: number) => void): Promise<void> {
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
        const message = `Storage refused the upload (HTTP ${xhr.status}).`;
        reject(new ApiError({ status: xhr.status, code: 'storage_refused', message }));
      }
    };
    xhr.onerror = () => reject(new Error('The upload was interrupted. Check your connection and try again.'));
    xhr.onabort = () => reject(new Error('The upload was cancelled.'));
    xhr.send(file);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** POST /media/complete, waiting up to 10 s a call, repeated while verification is pending. */
async function complete(session: UploadSession, onPending: () => void): Promise<MediaAsset> {
  for (;;) {
    const answer = await client.POST('/api/v1/media/complete', {
      body: { media_id: session.media_id, finalize_token: session.finalize_token },
      headers: { Prefer: 'wait=10' },
    });
    if (answer.status !== 'verification_pending') return answer;
    onPending();
    await sleep(Math.max(1, answer.retry_after_seconds) * 1000);
  }
}

/** The whole way of one file: resolves with the verified media, rejects with the API's error. */
export async function uploadFile(file: File, onProgress: (progress: UploadProgress) => void): Promise<MediaAsset> {
  onProgress({ phase: 'uploading', percent: 0 });
  const session = await client.POST('/api/v1/media/upload-session', {
    body: { file_name: file.name, content_type: contentTypeOf(file), size_bytes: file.size },
  });
  await putToStorage(session, file, (percent) => onProgress({ phase: 'uploading', percent }));
  onProgress({ phase: 'verifying', percent: 100 });
  const media = await complete(session, () => onProgress({ phase: 'verifying', percent: 100 }));
  onProgress({ phase: 'ready', percent: 100 });
  return media;
}

/** Uploads a file (`uploadFile`); the media list is asked for again once it is in, or has failed. */
export function useUpload() {
  const queryClient = useQueryClient();
  return useCallback(
    (file: File, onProgress: (progress: UploadProgress) => void) =>
      uploadFile(file, onProgress).finally(() => void queryClient.invalidateQueries({ queryKey: keys.media.list })),
    [queryClient],
  );
}
