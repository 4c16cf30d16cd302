import { isUniqueViolation } from '@tp/db';
import { AppError } from '@tp/errors';
import { checkIdempotencyKey, IDEMPOTENCY_KEY_TTL_MS, requestHash } from '@tp/idempotency';
import { newId } from '@tp/ids';
import type { ObjectStore } from '@tp/storage';
import { cleanFileName } from '../domain/file-names.ts';
import { finalizeToken } from '../domain/finalize-tokens.ts';
import {
  checkContentType,
  checkQuota,
  checkSize,
  checkUserId,
  checkWorkspaceId,
  cleanUserAgent,
} from '../domain/media-rules.ts';
import { mediaStorageKey } from '../domain/storage-keys.ts';
import type { MediaReads } from '../store/media-reads.ts';
import type { MediaAsset, UploadSession } from '../store/records.ts';
import type { UploadStore } from '../store/uploads.ts';

export interface CreateUploadSessionDeps {
  store: Pick<MediaReads, 'usage'> &
    Pick<UploadStore, 'findSessionByIdempotencyKey' | 'releaseIdempotencyKey' | 'createUploadSession'>;
  objects: Pick<ObjectStore, 'presignPut'>;
  now: () => Date;
  tokenSecret: string;
  uploadUrlTtlSeconds: number;
  uploadSessionTtlSeconds: number;
  maxBytes: number;
  quotaBytes: number;
}

export interface CreateUploadSessionInput {
  userId: string;
  fileName: string;
  contentType: string;
  workspaceId: string;
  /** Empty: not idempotent. */
  idempotencyKey: string;
  userAgent: string;
  /** Declared size; 0 when unknown. */
  sizeBytes: number;
}

/** Where and how to PUT the file, and the token that finalizes the upload. */
export interface UploadSessionTicket {
  mediaId: string;
  uploadUrl: string;
  finalizeToken: string;
  uploadUrlExpiresAt: Date;
  expiresAt: Date;
  uploadHeaders: Record<string, string>;
  replayed: boolean;
}

async function ticketOf(
  deps: CreateUploadSessionDeps,
  session: UploadSession,
  media: MediaAsset,
  replayed: boolean,
  at: Date,
): Promise<UploadSessionTicket> {
  // A URL never outlives its session.
  const remaining = Math.floor((session.expiresAt.getTime() - at.getTime()) / 1000);
  const ttl = Math.max(1, Math.min(deps.uploadUrlTtlSeconds, remaining));
  return {
    mediaId: media.id,
    uploadUrl: await deps.objects.presignPut(media.storageKey, session.contentType, ttl),
    finalizeToken: finalizeToken(deps.tokenSecret, session.id),
    uploadUrlExpiresAt: new Date(at.getTime() + ttl * 1000),
    expiresAt: session.expiresAt,
    uploadHeaders: { 'Content-Type': session.contentType },
    replayed,
  };
}

/** The answer to an earlier request with this key, or null when the key is new (or older than 24 h). */
async function replayOf(
  deps: CreateUploadSessionDeps,
  userId: string,
  key: { key: string; hash: string },
  at: Date,
): Promise<UploadSessionTicket | null> {
  const existing = await deps.store.findSessionByIdempotencyKey(userId, key.key);
  if (!existing) return null;
  if (existing.createdAt.getTime() <= at.getTime() - IDEMPOTENCY_KEY_TTL_MS) {
    await deps.store.releaseIdempotencyKey(existing.id);
    return null;
  }
  if (existing.requestHash !== key.hash) throw new AppError('idempotency_conflict');
  if (existing.media.deletedAt !== null)
    throw new AppError('not_found', 'The media this Idempotency-Key created has been deleted.');
  if (existing.media.status === 'expired' || (existing.completedAt === null && existing.expiresAt <= at)) {
    throw new AppError('upload_session_expired', undefined, { media_id: existing.mediaId });
  }
  return ticketOf(deps, existing, existing.media, true, at);
}

function checkRequest(input: CreateUploadSessionInput, maxBytes: number) {
  const checked = {
    userId: checkUserId(input.userId),
    fileName: cleanFileName(input.fileName),
    contentType: checkContentType(input.contentType),
    workspaceId: checkWorkspaceId(input.workspaceId),
  };
  if (!Number.isSafeInteger(input.sizeBytes) || input.sizeBytes < 0)
    throw new AppError('bad_request', 'size_bytes must be a non-negative integer.');
  checkSize(input.sizeBytes, maxBytes);
  return checked;
}

/**
 * A media awaiting its upload and a presigned PUT URL for it. With an Idempotency-Key, the same
 * request answers the same session (signed again); a different request with the key is refused.
 */
export async function createUploadSession(
  deps: CreateUploadSessionDeps,
  input: CreateUploadSessionInput,
): Promise<UploadSessionTicket> {
  const { userId, fileName, contentType, workspaceId } = checkRequest(input, deps.maxBytes);
  const at = deps.now();

  let idempotency: { key: string; hash: string } | null = null;
  if (input.idempotencyKey !== '') {
    const key = checkIdempotencyKey(input.idempotencyKey);
    const hash = requestHash({
      file_name: fileName,
      content_type: contentType,
      workspace_id: workspaceId,
      size_bytes: input.sizeBytes,
    });
    idempotency = { key, hash };
    const replay = await replayOf(deps, userId, idempotency, at);
    if (replay) return replay;
  }

  const { usedBytes } = await deps.store.usage(userId);
  checkQuota(usedBytes, input.sizeBytes, deps.quotaBytes);

  const mediaId = newId('med');
  const userAgent = cleanUserAgent(input.userAgent);
  try {
    const { media, session } = await deps.store.createUploadSession(
      {
        id: mediaId,
        userId,
        workspaceId,
        fileName,
        contentType,
        source: 'upload_session',
        storageKey: mediaStorageKey(userId, mediaId, fileName),
        userAgent,
      },
      {
        id: newId('upl'),
        contentType,
        userAgent,
        expiresAt: new Date(at.getTime() + deps.uploadSessionTtlSeconds * 1000),
        idempotencyKey: idempotency?.key ?? null,
        requestHash: idempotency?.hash ?? null,
      },
    );
    return await ticketOf(deps, session, media, false, at);
  } catch (err) {
    // A concurrent request with the same key won the insert: answer what it created.
    if (idempotency && isUniqueViolation(err)) {
      const replay = await replayOf(deps, userId, idempotency, at);
      if (replay) return replay;
    }
    throw err;
  }
}
