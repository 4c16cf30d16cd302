import { AppError } from '@tp/errors';
import { checkIdempotencyKey, createOnce, priorUse } from '@tp/idempotency';
import { newId } from '@tp/ids';
import type { ObjectStore } from '@tp/storage';
import { cleanFileName } from '../domain/file-names.ts';
import {
  checkContentType,
  checkQuota,
  checkUserId,
  checkWorkspaceId,
  cleanUserAgent,
  MAX_PARTS,
  retryAfterSeconds,
} from '../domain/media-rules.ts';
import { mediaStorageKey } from '../domain/storage-keys.ts';
import type { MediaReads } from '../store/media-reads.ts';
import type { UploadKey } from '../store/records.ts';
import type { UploadStore } from '../store/uploads.ts';
import {
  type AwaitVerificationDeps,
  awaitVerification,
  type FinalizeWait,
  type VerificationOutcome,
} from './await-verification.ts';

export interface StartDirectUploadDeps extends AwaitVerificationDeps {
  store: Pick<MediaReads, 'usage' | 'findMedia'> &
    Pick<UploadStore, 'createDirectUpload' | 'findDirectUploadByIdempotencyKey' | 'releaseDirectUploadKey'>;
  objects: Pick<ObjectStore, 'createMultipart' | 'abortMultipart'>;
  now: () => Date;
  /** Size of every part but the last. */
  partBytes: number;
  maxBytes: number;
  quotaBytes: number;
}

export interface StartDirectUploadInput extends Partial<FinalizeWait> {
  userId: string;
  fileName: string;
  contentType: string;
  workspaceId: string;
  userAgent: string;
  /** Empty or absent: not idempotent. */
  idempotencyKey?: string;
  /** With a key: the caller's SHA-256 (hex) of what it knew of the request before the bytes. */
  requestHash?: string;
}

export interface DirectUploadStarted {
  mediaId: string;
  partSizeBytes: number;
  maxParts: number;
  maxSizeBytes: number;
  /** Set when the key answered an earlier upload: nothing is to be uploaded, this is the answer. */
  replay?: VerificationOutcome;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

function uploadKeyOf(input: StartDirectUploadInput): UploadKey | null {
  if (!input.idempotencyKey) return null;
  const key = checkIdempotencyKey(input.idempotencyKey);
  const hash = input.requestHash ?? '';
  if (!SHA256_HEX.test(hash)) throw new AppError('bad_request', 'request_hash must be a SHA-256 in hex.');
  return { key, hash };
}

/**
 * What the upload that first used this key answers now, or null when the key is free: never used,
 * older than 24 h, or given back by an upload whose bytes never all arrived (aborted, expired), so a
 * retry after an interrupted upload uploads again. The first upload still streaming is "pending".
 */
async function replayOf(
  deps: StartDirectUploadDeps,
  userId: string,
  key: UploadKey,
  wait: FinalizeWait,
): Promise<VerificationOutcome | null> {
  const use = await priorUse({
    find: async () => {
      const found = await deps.store.findDirectUploadByIdempotencyKey(userId, key.key);
      return found && { ...found, requestHash: found.requestHash ?? '' };
    },
    forget: async (found) => {
      await deps.store.releaseDirectUploadKey(found.mediaId);
    },
    requestHash: key.hash,
    now: deps.now(),
  });
  if (!use) return null;
  if (use.abortedAt !== null) {
    // Left by an abort that stopped half-way: the key is free as the abort meant it to be.
    await deps.store.releaseDirectUploadKey(use.mediaId);
    return null;
  }
  if (use.media.deletedAt !== null)
    throw new AppError('not_found', 'The media this Idempotency-Key created has been deleted.');
  if (use.media.status === 'awaiting_upload')
    return { kind: 'pending', mediaId: use.mediaId, verificationId: '', retryAfterSeconds: retryAfterSeconds(0) };
  return awaitVerification(deps, userId, use.mediaId, wait);
}

function started(deps: StartDirectUploadDeps, mediaId: string, replay?: VerificationOutcome): DirectUploadStarted {
  return {
    mediaId,
    partSizeBytes: deps.partBytes,
    maxParts: MAX_PARTS,
    maxSizeBytes: deps.maxBytes,
    ...(replay ? { replay } : {}),
  };
}

/**
 * A media awaiting a multipart upload whose parts the caller PUTs to URLs signed one by one. With an
 * Idempotency-Key, the upload that first used it answers instead (ADR 0035), its bytes not sent again;
 * the key is recorded with the media in the transaction that creates it.
 */
export async function startDirectUpload(
  deps: StartDirectUploadDeps,
  input: StartDirectUploadInput,
): Promise<DirectUploadStarted> {
  const userId = checkUserId(input.userId);
  const fileName = cleanFileName(input.fileName);
  const contentType = checkContentType(input.contentType);
  const workspaceId = checkWorkspaceId(input.workspaceId);
  const key = uploadKeyOf(input);
  const wait = { waitMs: input.waitMs ?? 0, deadline: input.deadline };
  const replay = async () => {
    const outcome = key && (await replayOf(deps, userId, key, wait));
    return outcome ? started(deps, outcome.kind === 'ready' ? outcome.media.id : outcome.mediaId, outcome) : null;
  };
  const earlier = await replay();
  if (earlier) return earlier;

  const { usedBytes } = await deps.store.usage(userId);
  checkQuota(usedBytes, 0, deps.quotaBytes);
  const mediaId = newId('med');
  const storageKey = mediaStorageKey(userId, mediaId, fileName);
  const uploadId = await deps.objects.createMultipart(storageKey, contentType);
  const create = async () => {
    try {
      await deps.store.createDirectUpload(
        {
          id: mediaId,
          userId,
          workspaceId,
          fileName,
          contentType,
          source: 'direct_upload',
          storageKey,
          userAgent: cleanUserAgent(input.userAgent),
        },
        uploadId,
        deps.partBytes,
        key,
      );
    } catch (err) {
      await deps.objects.abortMultipart(storageKey, uploadId).catch(() => undefined);
      throw err;
    }
    return started(deps, mediaId);
  };
  // A concurrent request with the same key that won the insert is answered as a replay.
  return key ? createOnce(create, replay) : create();
}
