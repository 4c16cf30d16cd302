import { AppError } from '@tp/errors';
import { newId } from '@tp/ids';
import type { Logger } from '@tp/logging';
import type { ObjectStore } from '@tp/storage';
import { checkQuota, sameContentType } from '../domain/media-rules.ts';
import { verifyWork } from '../events/media-events.ts';
import { countUploadBytes } from '../metrics.ts';
import type { MediaLifecycle } from '../store/media-lifecycle.ts';
import type { MediaAsset } from '../store/records.ts';
import type { VerificationStore } from '../store/verifications.ts';

export interface AdmitUploadDeps {
  store: Pick<VerificationStore, 'requestVerification'> & Pick<MediaLifecycle, 'failMedia' | 'objectGone'>;
  objects: Pick<ObjectStore, 'head' | 'delete'>;
  nudgeOutbox: () => void;
  now: () => Date;
  log: Logger;
  maxBytes: number;
  quotaBytes: number;
}

/** Removes the object of a refused media; a failure is left to the sweeper (the key stays live). */
async function discardObject(deps: AdmitUploadDeps, media: MediaAsset): Promise<void> {
  try {
    await deps.objects.delete(media.storageKey);
    await deps.store.objectGone(media.id);
  } catch (err) {
    deps.log.warn({ err, mediaId: media.id }, 'could not delete the object of a refused media; the sweeper will retry');
  }
}

async function refuse(deps: AdmitUploadDeps, media: MediaAsset, error: AppError): Promise<never> {
  await deps.store.failMedia(media.id, ['awaiting_upload'], error.code, error.message, deps.now());
  await discardObject(deps, media);
  throw new AppError(error.code, error.message, { ...error.details, media_id: media.id });
}

/**
 * The upload of `media` is said to be complete (from "the bytes are in storage" to a verified
 * media): the object must exist, be non-empty, not too large, of the expected Content-Type and
 * within the quota (a refused object is deleted and the media failed); then its verification is
 * queued. A concurrent finalize is harmless.
 */
export async function admitUpload(
  deps: AdmitUploadDeps,
  media: MediaAsset,
  expectedContentType: string,
): Promise<void> {
  const head = await deps.objects.head(media.storageKey);
  if (!head)
    throw new AppError(
      'upload_incomplete',
      'Nothing has been uploaded for this media yet; PUT the file to the upload URL first.',
      { media_id: media.id },
    );
  if (head.sizeBytes === 0) return refuse(deps, media, new AppError('media_empty'));
  if (head.sizeBytes > deps.maxBytes) {
    return refuse(
      deps,
      media,
      new AppError(
        'media_too_large',
        `The file is ${head.sizeBytes} bytes; the largest accepted is ${deps.maxBytes} bytes.`,
        { max_size_bytes: deps.maxBytes },
      ),
    );
  }
  if (!sameContentType(head.contentType, expectedContentType)) {
    return refuse(
      deps,
      media,
      new AppError(
        'bad_request',
        `The object was stored as ${JSON.stringify(head.contentType)}, but the upload was for ${JSON.stringify(expectedContentType)}.`,
      ),
    );
  }
  const verificationId = newId('vrf');
  const result = await deps.store.requestVerification({
    mediaId: media.id,
    userId: media.userId,
    sizeBytes: head.sizeBytes,
    quotaBytes: deps.quotaBytes,
    verificationId,
    now: deps.now(),
    work: verifyWork({ verification_id: verificationId, media_id: media.id }),
  });
  if (result.outcome === 'over_quota') {
    try {
      checkQuota(result.usedBytes, head.sizeBytes, deps.quotaBytes);
    } catch (err) {
      return refuse(deps, media, err as AppError);
    }
  }
  if (result.outcome !== 'requested') return;
  countUploadBytes('upload', head.sizeBytes);
  deps.nudgeOutbox();
}
