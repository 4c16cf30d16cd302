import { isUniqueViolation } from '@tp/db';
import { AppError } from '@tp/errors';
import { listLimit, type CallContext, type ServiceHandlers } from '@tp/grpc';
import { newId } from '@tp/ids';
import type { Logger } from '@tp/logging';
import type { CreateUploadSessionResponse, MediaServiceService } from '@tp/proto';
import { cleanFileName } from '../domain/file-names.ts';
import { finalizeToken, finalizeTokenMatches } from '../domain/finalize-tokens.ts';
import { checkIdempotencyKey, IDEMPOTENCY_KEY_TTL_MS, requestHash } from '@tp/idempotency';
import {
  checkContentType,
  checkPartNumber,
  checkParts,
  checkQuota,
  checkSize,
  checkUserId,
  checkWorkspaceId,
  MAX_PARTS,
  waitBudgetMs,
} from '../domain/media-rules.ts';
import { fileNameOfKey, mediaStorageKey, registrableKey } from '../domain/storage-keys.ts';
import { mediaDeleted, verifyWork } from '../events/media-events.ts';
import type { ObjectStore } from '@tp/storage';
import { type MediaAsset, type MediaRecord, type MediaStore, type UploadSession } from '../store/media-store.ts';
import type { Admission } from './admission.ts';
import { toWireMedia } from './wire.ts';

export interface MediaServiceDeps {
  store: MediaStore;
  objects: ObjectStore;
  admission: Admission;
  nudgeOutbox: () => void;
  now: () => Date;
  log: Logger;
  tokenSecret: string;
  uploadUrlTtlSeconds: number;
  uploadSessionTtlSeconds: number;
  maxBytes: number;
  quotaBytes: number;
  completeWaitMs: number;
  partBytes: number;
}

const DEFAULT_READ_URL_TTL_SECONDS = 3600;
const notFound = () => new AppError('not_found', 'The media was not found.');
const userAgentOf = (raw: string) => raw.replace(/[\p{Cc}]/gu, '').slice(0, 500);

export function mediaServiceHandlers(deps: MediaServiceDeps): ServiceHandlers<typeof MediaServiceService> {
  const { store, objects, admission, now } = deps;
  const sessionTtlMs = deps.uploadSessionTtlSeconds * 1000;
  const waitFor = (requested: number, ctx: CallContext) => waitBudgetMs(requested, deps.completeWaitMs, ctx.deadline, Date.now());

  async function mediaOf(userId: string, mediaId: string): Promise<MediaRecord> {
    const media = await store.findMedia(checkUserId(userId), mediaId);
    if (!media) throw notFound();
    return media;
  }

  async function sessionResponse(session: UploadSession, media: MediaAsset, replayed: boolean, at: Date): Promise<CreateUploadSessionResponse> {
    // A URL never outlives its session.
    const remaining = Math.floor((session.expiresAt.getTime() - at.getTime()) / 1000);
    const ttl = Math.max(1, Math.min(deps.uploadUrlTtlSeconds, remaining));
    return {
      mediaId: media.id,
      uploadUrl: await objects.presignPut(media.storageKey, session.contentType, ttl),
      finalizeToken: finalizeToken(deps.tokenSecret, session.id),
      uploadUrlExpiresAt: new Date(at.getTime() + ttl * 1000),
      expiresAt: session.expiresAt,
      uploadHeaders: { 'Content-Type': session.contentType },
      replayed,
    };
  }

  /** The answer to an earlier request with this key, or null when the key is new (or older than 24 h). */
  async function replayOf(userId: string, key: string, hash: string, at: Date): Promise<CreateUploadSessionResponse | null> {
    const existing = await store.findSessionByIdempotencyKey(userId, key);
    if (!existing) return null;
    if (existing.createdAt.getTime() <= at.getTime() - IDEMPOTENCY_KEY_TTL_MS) {
      await store.releaseIdempotencyKey(existing.id);
      return null;
    }
    if (existing.requestHash !== hash) throw new AppError('idempotency_conflict');
    if (existing.media.deletedAt !== null) throw new AppError('not_found', 'The media this Idempotency-Key created has been deleted.');
    if (existing.media.status === 'expired' || (existing.completedAt === null && existing.expiresAt <= at)) {
      throw new AppError('upload_session_expired', undefined, { media_id: existing.mediaId });
    }
    return sessionResponse(existing, existing.media, true, at);
  }

  /** A direct upload still open for parts; otherwise the reason it is not. */
  function openDirectUpload(media: MediaRecord, at: Date) {
    const direct = media.directUpload;
    if (!direct) throw notFound();
    if (media.status === 'expired' || (media.status === 'awaiting_upload' && direct.createdAt.getTime() + sessionTtlMs <= at.getTime())) {
      throw new AppError('upload_session_expired', undefined, { media_id: media.id });
    }
    return direct;
  }

  return {
    async createUploadSession(request) {
      const userId = checkUserId(request.userId);
      const fileName = cleanFileName(request.fileName);
      const contentType = checkContentType(request.contentType);
      const workspaceId = checkWorkspaceId(request.workspaceId);
      if (!Number.isSafeInteger(request.sizeBytes) || request.sizeBytes < 0) throw new AppError('bad_request', 'size_bytes must be a non-negative integer.');
      checkSize(request.sizeBytes, deps.maxBytes);
      const at = now();

      let idempotency: { key: string; hash: string } | null = null;
      if (request.idempotencyKey !== '') {
        const key = checkIdempotencyKey(request.idempotencyKey);
        idempotency = { key, hash: requestHash({ file_name: fileName, content_type: contentType, workspace_id: workspaceId, size_bytes: request.sizeBytes }) };
        const replay = await replayOf(userId, key, idempotency.hash, at);
        if (replay) return replay;
      }

      const { usedBytes } = await store.usage(userId);
      checkQuota(usedBytes, request.sizeBytes, deps.quotaBytes);

      const mediaId = newId('med');
      const userAgent = userAgentOf(request.userAgent);
      try {
        const { media, session } = await store.createUploadSession(
          { id: mediaId, userId, workspaceId, fileName, contentType, source: 'upload_session', storageKey: mediaStorageKey(userId, mediaId, fileName), userAgent },
          {
            id: newId('upl'),
            contentType,
            userAgent,
            expiresAt: new Date(at.getTime() + sessionTtlMs),
            idempotencyKey: idempotency?.key ?? null,
            requestHash: idempotency?.hash ?? null,
          },
        );
        return await sessionResponse(session, media, false, at);
      } catch (err) {
        // A concurrent request with the same key won the insert: answer what it created.
        if (idempotency && isUniqueViolation(err)) {
          const replay = await replayOf(userId, idempotency.key, idempotency.hash, at);
          if (replay) return replay;
        }
        throw err;
      }
    },

    async completeUpload(request, ctx) {
      const media = await mediaOf(request.userId, request.mediaId);
      const session = media.uploadSession;
      if (!session || !finalizeTokenMatches(deps.tokenSecret, session.id, request.finalizeToken)) throw new AppError('invalid_finalize_token');
      if (media.status === 'awaiting_upload') {
        if (session.expiresAt <= now()) throw new AppError('upload_session_expired', undefined, { media_id: media.id });
        await admission.admit(media, session.contentType);
      }
      return admission.outcome(media.userId, media.id, waitFor(request.waitMs, ctx));
    },

    async registerMedia(request, ctx) {
      const userId = checkUserId(request.userId);
      const key = registrableKey(userId, request.storageKey);
      const workspaceId = checkWorkspaceId(request.workspaceId);
      const head = await objects.head(key);
      if (!head) throw new AppError('not_found', 'There is no object with this storage key.');
      const fileName = cleanFileName(request.fileName || fileNameOfKey(key));
      const contentType = checkContentType(request.contentType || head.contentType);
      if (head.sizeBytes === 0) throw new AppError('media_empty');
      checkSize(head.sizeBytes, deps.maxBytes);

      const mediaId = newId('med');
      const verificationId = newId('vrf');
      let result;
      try {
        result = await store.registerMedia(
          { id: mediaId, userId, workspaceId, fileName, contentType, source: 'register', storageKey: key, userAgent: userAgentOf(request.userAgent) },
          { mediaId, userId, sizeBytes: head.sizeBytes, quotaBytes: deps.quotaBytes, verificationId, now: now(), work: verifyWork({ verification_id: verificationId, media_id: mediaId }) },
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('conflict', 'This object already belongs to a media.');
        throw err;
      }
      if (result.outcome === 'over_quota') checkQuota(result.usedBytes, head.sizeBytes, deps.quotaBytes);
      deps.nudgeOutbox();
      return admission.outcome(userId, mediaId, waitFor(request.waitMs, ctx));
    },

    async startDirectUpload(request) {
      const userId = checkUserId(request.userId);
      const fileName = cleanFileName(request.fileName);
      const contentType = checkContentType(request.contentType);
      const workspaceId = checkWorkspaceId(request.workspaceId);
      const { usedBytes } = await store.usage(userId);
      checkQuota(usedBytes, 0, deps.quotaBytes);

      const mediaId = newId('med');
      const storageKey = mediaStorageKey(userId, mediaId, fileName);
      const uploadId = await objects.createMultipart(storageKey, contentType);
      try {
        await store.createDirectUpload({ id: mediaId, userId, workspaceId, fileName, contentType, source: 'direct_upload', storageKey, userAgent: userAgentOf(request.userAgent) }, uploadId, deps.partBytes);
      } catch (err) {
        await objects.abortMultipart(storageKey, uploadId).catch(() => undefined);
        throw err;
      }
      return { mediaId, partSizeBytes: deps.partBytes, maxParts: MAX_PARTS, maxSizeBytes: deps.maxBytes };
    },

    async signUploadPart(request) {
      const media = await mediaOf(request.userId, request.mediaId);
      const at = now();
      const direct = openDirectUpload(media, at);
      if (media.status !== 'awaiting_upload') throw new AppError('conflict', 'This upload is already finished.');
      checkPartNumber(request.partNumber, Number(direct.partBytes), deps.maxBytes);
      const remaining = Math.floor((direct.createdAt.getTime() + sessionTtlMs - at.getTime()) / 1000);
      const url = await objects.presignPart(media.storageKey, direct.s3UploadId, request.partNumber, Math.max(1, Math.min(deps.uploadUrlTtlSeconds, remaining)));
      return { url };
    },

    async finishDirectUpload(request, ctx) {
      const media = await mediaOf(request.userId, request.mediaId);
      const direct = openDirectUpload(media, now());
      if (media.status === 'awaiting_upload') {
        checkParts(request.parts);
        const completed = await objects.completeMultipart(media.storageKey, direct.s3UploadId, request.parts);
        // A retry after a completion whose answer was lost finds the upload gone but the object there.
        if (!completed.ok && !(completed.code === 'upload_incomplete' && (await objects.head(media.storageKey)))) {
          throw new AppError(completed.code, completed.message, { media_id: media.id });
        }
        await admission.admit(media, media.contentType);
      }
      return admission.outcome(media.userId, media.id, waitFor(request.waitMs, ctx));
    },

    async abortDirectUpload(request) {
      const media = await mediaOf(request.userId, request.mediaId);
      const direct = media.directUpload;
      if (!direct) throw notFound();
      if (direct.completedAt !== null) throw new AppError('conflict', 'This upload is already finished; delete the media instead.');
      const at = now();
      await store.failMedia(media.id, ['awaiting_upload'], 'upload_incomplete', 'The upload was aborted.', at);
      await objects.abortMultipart(media.storageKey, direct.s3UploadId);
      await store.markDirectUploadAborted(media.id, at);
      await objects.delete(media.storageKey);
      await store.markDeleted(media.userId, media.id, at, []);
      return {};
    },

    async listMedia(request) {
      const userId = checkUserId(request.userId);
      const media = await store.listMedia(userId, checkWorkspaceId(request.workspaceId), listLimit(request.limit));
      return { media: media.map(toWireMedia) };
    },

    async getMedia(request) {
      const media = await mediaOf(request.userId, request.mediaId);
      const workspaceId = checkWorkspaceId(request.workspaceId);
      if (workspaceId !== null && media.workspaceId !== workspaceId) throw notFound();
      return { media: toWireMedia(media) };
    },

    async deleteMedia(request) {
      const media = await mediaOf(request.userId, request.mediaId);
      const at = now();
      const direct = media.directUpload;
      if (direct && direct.completedAt === null && direct.abortedAt === null) {
        await objects.abortMultipart(media.storageKey, direct.s3UploadId);
        await store.markDirectUploadAborted(media.id, at);
      }
      // Storage first: a media marked deleted never keeps an object behind.
      await objects.delete(media.storageKey);
      const deleted = await store.markDeleted(media.userId, media.id, at, [
        mediaDeleted({ media_id: media.id, user_id: media.userId, workspace_id: media.workspaceId, occurred_at: at.toISOString() }),
      ]);
      if (!deleted) throw notFound();
      deps.nudgeOutbox();
      return {};
    },

    async getReadUrl(request) {
      const media = await mediaOf(request.userId, request.mediaId);
      if (media.status !== 'ready') throw new AppError('media_not_ready', `The media is ${media.status}, not ready.`);
      const ttl = request.ttlSeconds === 0 ? DEFAULT_READ_URL_TTL_SECONDS : request.ttlSeconds;
      if (!Number.isInteger(ttl) || ttl < 60 || ttl > 86_400) throw new AppError('bad_request', 'ttl_seconds must be 60..86400.');
      const at = now();
      // Signed for the services (workers), not the public address: it never reaches a client.
      const url = await objects.presignGet(media.storageKey, ttl, { signedAt: at });
      return { url, expiresAt: new Date(at.getTime() + ttl * 1000), media: toWireMedia(media) };
    },

    async getStorageUsage(request) {
      const usage = await store.usage(checkUserId(request.userId));
      return { usedBytes: usage.usedBytes, objectCount: usage.objectCount, quotaBytes: deps.quotaBytes };
    },
  };
}
