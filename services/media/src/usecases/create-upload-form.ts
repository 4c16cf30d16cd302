import { AppError } from '@tp/errors';
import { checkIdempotencyKey, createOnce, priorUse, requestHash } from '@tp/idempotency';
import { newId } from '@tp/ids';
import type { ObjectStore } from '@tp/storage';
import { cleanFileName } from '../domain/file-names.ts';
import {
  checkContentType,
  checkQuota,
  checkUserId,
  cleanUserAgent,
  FILE_URL_TTL_SECONDS,
} from '../domain/media-rules.ts';
import { mediaStorageKey } from '../domain/storage-keys.ts';
import type { MediaReads } from '../store/media-reads.ts';
import type { MediaAsset, UploadKey } from '../store/records.ts';
import type { UploadStore } from '../store/uploads.ts';
import { fileUrlOf } from './get-file-url.ts';

export interface CreateUploadFormDeps {
  store: Pick<MediaReads, 'usage'> &
    Pick<UploadStore, 'createUploadSession' | 'findSessionByIdempotencyKey' | 'releaseIdempotencyKey'>;
  objects: Pick<ObjectStore, 'presignForm' | 'presignGet'>;
  now: () => Date;
  /** Largest file the form accepts (its content-length-range). */
  formMaxBytes: number;
  /** How long the form is valid (MEDIA_FORM_TTL_SECONDS; 60 minutes by default). */
  formTtlSeconds: number;
  quotaBytes: number;
}

export interface CreateUploadFormInput {
  userId: string;
  fileName: string;
  contentType: string;
  userAgent: string;
  /** Empty or absent: not idempotent. */
  idempotencyKey?: string;
}

export interface UploadForm {
  mediaId: string;
  url: string;
  fields: Record<string, string>;
  expiresAt: Date;
  maxSizeBytes: number;
  fileUrl: string;
  fileUrlExpiresAt: Date;
}

/** The form and file URL of `media`, signed now. */
async function formOf(deps: CreateUploadFormDeps, media: MediaAsset): Promise<UploadForm> {
  const form = await deps.objects.presignForm(media.storageKey, {
    contentType: media.contentType,
    maxBytes: deps.formMaxBytes,
    expiresInSeconds: deps.formTtlSeconds,
  });
  const file = await fileUrlOf(deps, media, FILE_URL_TTL_SECONDS);
  return {
    mediaId: media.id,
    url: form.url,
    fields: form.fields,
    expiresAt: form.expiresAt,
    maxSizeBytes: deps.formMaxBytes,
    fileUrl: file.url,
    fileUrlExpiresAt: file.expiresAt,
  };
}

/** The form the key's first request answered, signed again; null when the key is free (ADR 0035). */
async function replayOf(deps: CreateUploadFormDeps, userId: string, key: UploadKey): Promise<UploadForm | null> {
  const at = deps.now();
  const use = await priorUse({
    find: async () => {
      const found = await deps.store.findSessionByIdempotencyKey(userId, key.key);
      return found && { ...found, requestHash: found.requestHash ?? '' };
    },
    forget: async (found) => {
      await deps.store.releaseIdempotencyKey(found.id);
    },
    requestHash: key.hash,
    now: at,
  });
  if (!use) return null;
  if (use.media.deletedAt !== null)
    throw new AppError('not_found', 'The media this Idempotency-Key created has been deleted.');
  if (use.media.status === 'expired' || (use.media.status === 'awaiting_upload' && use.expiresAt <= at))
    throw new AppError('upload_session_expired', undefined, { media_id: use.mediaId });
  return formOf(deps, use.media);
}

/**
 * A media awaiting a browser-style upload: a presigned POST form for its exact key (the type
 * fixed, 1..formMaxBytes, valid formTtlSeconds: 60 minutes by default) and its file URL. The media stays awaiting_upload
 * until ResolveFileUrl finalises it; an upload session records when it expires (with the file
 * URL, after 24 hours), so the sweeper expires it and removes its object if it is never used.
 * With an Idempotency-Key (kept on that session), the same request answers the same media's form.
 */
export async function createUploadForm(deps: CreateUploadFormDeps, input: CreateUploadFormInput): Promise<UploadForm> {
  const userId = checkUserId(input.userId);
  const fileName = cleanFileName(input.fileName);
  const contentType = checkContentType(input.contentType);
  const key = input.idempotencyKey
    ? {
        key: checkIdempotencyKey(input.idempotencyKey),
        hash: requestHash({ operation: 'upload_form', file_name: fileName, content_type: contentType }),
      }
    : null;
  const earlier = key && (await replayOf(deps, userId, key));
  if (earlier) return earlier;
  const { usedBytes } = await deps.store.usage(userId);
  checkQuota(usedBytes, 0, deps.quotaBytes);

  const at = deps.now();
  const mediaId = newId('med');
  const userAgent = cleanUserAgent(input.userAgent);
  const create = async () => {
    const { media } = await deps.store.createUploadSession(
      {
        id: mediaId,
        userId,
        workspaceId: null,
        fileName,
        contentType,
        source: 'upload_form',
        storageKey: mediaStorageKey(userId, mediaId, fileName),
        userAgent,
      },
      {
        id: newId('upl'),
        contentType,
        userAgent,
        expiresAt: new Date(at.getTime() + FILE_URL_TTL_SECONDS * 1000),
        idempotencyKey: key?.key ?? null,
        requestHash: key?.hash ?? null,
      },
    );
    return formOf(deps, media);
  };
  // A concurrent request with the same key that won the insert is answered as a replay.
  return key ? createOnce(create, () => replayOf(deps, userId, key)) : create();
}
