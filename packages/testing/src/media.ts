// Media the way the product makes it, for tests of services that work on media: an upload
// session from the real media service, the bytes PUT to its presigned URL, then finalize and
// wait for verification.
import assert from 'node:assert/strict';
import type {
  CompleteUploadRequest,
  CreateUploadSessionRequest,
  CreateUploadSessionResponse,
  Media,
  MediaOutcome,
} from '@tp/proto';

/** What this needs of a media gRPC client (`createClient(MediaServiceService, …)` is one). */
export interface MediaUploadClient {
  createUploadSession(request: CreateUploadSessionRequest): Promise<CreateUploadSessionResponse>;
  completeUpload(request: CompleteUploadRequest): Promise<MediaOutcome>;
}

export interface UploadOptions {
  userId: string;
  bytes: Uint8Array;
  fileName: string;
  contentType?: string;
  workspaceId?: string;
  userAgent?: string;
}

/** Uploads `bytes` and waits until media has verified them; fails the test unless the media is ready. */
export async function uploadVerifiedMedia(
  media: MediaUploadClient,
  options: UploadOptions,
): Promise<{ media: Media; uploadUrl: string }> {
  const { userId, bytes, fileName } = options;
  const contentType = options.contentType ?? 'audio/wav';
  const session = await media.createUploadSession({
    userId,
    fileName,
    contentType,
    workspaceId: options.workspaceId ?? '',
    idempotencyKey: '',
    userAgent: options.userAgent ?? 'test',
    sizeBytes: bytes.length,
  });
  const put = await fetch(session.uploadUrl, { method: 'PUT', body: bytes, headers: { 'content-type': contentType } });
  assert.equal(put.status, 200, await put.text());
  const outcome = await media.completeUpload({
    userId,
    mediaId: session.mediaId,
    finalizeToken: session.finalizeToken,
    waitMs: 20_000,
  });
  assert.equal(outcome.media?.status, 'ready', JSON.stringify(outcome));
  return { media: outcome.media!, uploadUrl: session.uploadUrl };
}
