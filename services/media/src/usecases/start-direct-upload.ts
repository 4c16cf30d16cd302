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
} from '../domain/media-rules.ts';
import { mediaStorageKey } from '../domain/storage-keys.ts';
import type { MediaReads } from '../store/media-reads.ts';
import type { UploadStore } from '../store/uploads.ts';

export interface StartDirectUploadDeps {
  store: Pick<MediaReads, 'usage'> & Pick<UploadStore, 'createDirectUpload'>;
  objects: Pick<ObjectStore, 'createMultipart' | 'abortMultipart'>;
  /** Size of every part but the last. */
  partBytes: number;
  maxBytes: number;
  quotaBytes: number;
}

export interface StartDirectUploadInput {
  userId: string;
  fileName: string;
  contentType: string;
  workspaceId: string;
  userAgent: string;
}

export interface DirectUploadStarted {
  mediaId: string;
  partSizeBytes: number;
  maxParts: number;
  maxSizeBytes: number;
}

/** A media awaiting a multipart upload whose parts the caller PUTs to URLs signed one by one. */
export async function startDirectUpload(
  deps: StartDirectUploadDeps,
  input: StartDirectUploadInput,
): Promise<DirectUploadStarted> {
  const userId = checkUserId(input.userId);
  const fileName = cleanFileName(input.fileName);
  const contentType = checkContentType(input.contentType);
  const workspaceId = checkWorkspaceId(input.workspaceId);
  const { usedBytes } = await deps.store.usage(userId);
  checkQuota(usedBytes, 0, deps.quotaBytes);

  const mediaId = newId('med');
  const storageKey = mediaStorageKey(userId, mediaId, fileName);
  const uploadId = await deps.objects.createMultipart(storageKey, contentType);
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
    );
  } catch (err) {
    await deps.objects.abortMultipart(storageKey, uploadId).catch(() => undefined);
    throw err;
  }
  return { mediaId, partSizeBytes: deps.partBytes, maxParts: MAX_PARTS, maxSizeBytes: deps.maxBytes };
}
