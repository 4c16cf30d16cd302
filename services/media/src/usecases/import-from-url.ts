import { AppError } from '@tp/errors';
import { newId } from '@tp/ids';
import type { Logger } from '@tp/logging';
import type { ObjectStore } from '@tp/storage';
import { checkQuota, checkUserId, cleanUserAgent } from '../domain/media-rules.ts';
import { mediaStorageKey } from '../domain/storage-keys.ts';
import { verifyWork } from '../events/media-events.ts';
import { countUploadBytes } from '../metrics.ts';
import type { MediaReads } from '../store/media-reads.ts';
import type { VerificationStore } from '../store/verifications.ts';
import {
  type AwaitVerificationDeps,
  awaitVerification,
  type FinalizeWait,
  type VerificationOutcome,
} from './await-verification.ts';
import { type FetchedFile, type FetchRemoteFileDeps, fetchRemoteFile } from './fetch-remote-file.ts';

export type ImportFromUrlDeps = AwaitVerificationDeps &
  FetchRemoteFileDeps & {
    store: Pick<MediaReads, 'usage'> & Pick<VerificationStore, 'registerMedia'>;
    objects: Pick<ObjectStore, 'delete'>;
    nudgeOutbox: () => void;
    now: () => Date;
    log: Logger;
    quotaBytes: number;
  };

export interface ImportFromUrlInput extends FinalizeWait {
  userId: string;
  url: string;
  userAgent: string;
}

/** Removes an imported object no media will own; a failure is logged (the bucket's lifecycle rule is the backstop). */
async function discard(deps: ImportFromUrlDeps, key: string): Promise<void> {
  await deps.objects.delete(key).catch((err: unknown) => {
    deps.log.warn({ err, key }, 'could not delete an imported object that was refused');
  });
}

/** The fetched object becomes a media (under the quota lock) and is queued for verification. */
async function register(
  deps: ImportFromUrlDeps,
  input: { userId: string; mediaId: string; key: string; userAgent: string },
  file: FetchedFile,
): Promise<void> {
  const verificationId = newId('vrf');
  const result = await deps.store.registerMedia(
    {
      id: input.mediaId,
      userId: input.userId,
      workspaceId: null,
      fileName: file.fileName,
      contentType: file.contentType,
      source: 'url_import',
      storageKey: input.key,
      userAgent: input.userAgent,
    },
    {
      mediaId: input.mediaId,
      userId: input.userId,
      sizeBytes: file.sizeBytes,
      quotaBytes: deps.quotaBytes,
      verificationId,
      now: deps.now(),
      work: verifyWork({ verification_id: verificationId, media_id: input.mediaId }),
    },
  );
  if (result.outcome === 'over_quota') {
    await discard(deps, input.key);
    checkQuota(result.usedBytes, file.sizeBytes, deps.quotaBytes);
  }
  if (result.outcome === 'requested') countUploadBytes('url', file.sizeBytes);
  deps.nudgeOutbox();
}

/**
 * A public http(s) URL's file becomes a media of the user: fetched under the egress guard into
 * storage (see fetchRemoteFile), then verified like an upload, waiting as FinalizeWait says.
 */
export async function importFromUrl(deps: ImportFromUrlDeps, input: ImportFromUrlInput): Promise<VerificationOutcome> {
  const userId = checkUserId(input.userId);
  const { usedBytes } = await deps.store.usage(userId);
  checkQuota(usedBytes, 0, deps.quotaBytes);
  const mediaId = newId('med');
  let key = '';
  const file = await fetchRemoteFile(deps, input.url, (fileName) => {
    key = mediaStorageKey(userId, mediaId, fileName);
    return key;
  });
  if (file.sizeBytes === 0) {
    await discard(deps, key);
    throw new AppError('media_empty', 'The file at the URL is empty.');
  }
  try {
    await register(deps, { userId, mediaId, key, userAgent: cleanUserAgent(input.userAgent) }, file);
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'storage_quota_exceeded')) await discard(deps, key);
    throw err;
  }
  return awaitVerification(deps, userId, mediaId, input);
}
