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
import type { UploadStore } from '../store/uploads.ts';
import { fileUrlOf } from './get-file-url.ts';

export interface CreateUploadFormDeps {
  store: Pick<MediaReads, 'usage'> & Pick<UploadStore, 'createUploadSession'>;
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

/**
 * A media awaiting a browser-style upload: a presigned POST form for its exact key (the type
 * fixed, 1..formMaxBytes, valid formTtlSeconds: 60 minutes by default) and its file URL. The media stays awaiting_upload
 * until ResolveFileUrl finalises it; an upload session records when it expires (with the file
 * URL, after 24 hours), so the sweeper expires it and removes its object if it is never used.
 */
export async function createUploadForm(deps: CreateUploadFormDeps, input: CreateUploadFormInput): Promise<UploadForm> {
  const userId = checkUserId(input.userId);
  const fileName = cleanFileName(input.fileName);
  const contentType = checkContentType(input.contentType);
  const { usedBytes } = await deps.store.usage(userId);
  checkQuota(usedBytes, 0, deps.quotaBytes);

  const at = deps.now();
  const mediaId = newId('med');
  const userAgent = cleanUserAgent(input.userAgent);
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
      idempotencyKey: null,
      requestHash: null,
    },
  );
  const form = await deps.objects.presignForm(media.storageKey, {
    contentType,
    maxBytes: deps.formMaxBytes,
    expiresInSeconds: deps.formTtlSeconds,
  });
  const file = await fileUrlOf(deps, media, FILE_URL_TTL_SECONDS);
  return {
    mediaId,
    url: form.url,
    fields: form.fields,
    expiresAt: form.expiresAt,
    maxSizeBytes: deps.formMaxBytes,
    fileUrl: file.url,
    fileUrlExpiresAt: file.expiresAt,
  };
}
