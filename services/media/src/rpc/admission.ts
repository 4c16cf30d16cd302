import { AppError, isErrorCode, type ErrorCode } from '@tp/errors';
import { newId } from '@tp/ids';
import type { Logger } from '@tp/logging';
import type { MediaOutcome } from '@tp/proto';
import { checkQuota, retryAfterSeconds, sameContentType } from '../domain/media-rules.ts';
import { verifyWork } from '../events/media-events.ts';
import type { SettledSignal } from '../events/settled.ts';
import type { ObjectStore } from '@tp/storage';
import type { MediaAsset, MediaStore } from '../store/media-store.ts';
import { toWireMedia } from './wire.ts';

export interface AdmissionDeps {
  store: MediaStore;
  objects: ObjectStore;
  settled: SettledSignal;
  nudgeOutbox: () => void;
  now: () => Date;
  log: Logger;
  maxBytes: number;
  quotaBytes: number;
}

const POLL_MS = 250;

/** The error a failed media answers with: the stored code and message. */
export function failureOf(media: MediaAsset): AppError {
  const code: ErrorCode = media.failureCode && isErrorCode(media.failureCode) ? media.failureCode : 'media_unplayable';
  return new AppError(code, media.failureMessage ?? undefined, { media_id: media.id });
}

/**
 * From "the bytes are in storage" to a verified media: the checks that need only the object's
 * metadata, then the verification request; and the outcome a finalize call answers.
 */
export function createAdmission(deps: AdmissionDeps) {
  const { store, objects, now, log } = deps;

  /** Removes the object of a refused media; a failure is left to the sweeper (the key stays live). */
  async function discardObject(media: MediaAsset): Promise<void> {
    try {
      await objects.delete(media.storageKey);
      await store.objectGone(media.id);
    } catch (err) {
      log.warn({ err, mediaId: media.id }, 'could not delete the object of a refused media; the sweeper will retry');
    }
  }

  async function refuse(media: MediaAsset, error: AppError): Promise<never> {
    await store.failMedia(media.id, ['awaiting_upload'], error.code, error.message, now());
    await discardObject(media);
    throw new AppError(error.code, error.message, { ...error.details, media_id: media.id });
  }

  return {
    discardObject,

    /**
     * The upload of `media` is said to be complete: the object must exist, be non-empty, not too
     * large, of the expected Content-Type and within the quota (a refused object is deleted and the
     * media failed); then its verification is queued. A concurrent finalize is harmless.
     */
    async admit(media: MediaAsset, expectedContentType: string): Promise<void> {
      const head = await objects.head(media.storageKey);
      if (!head) throw new AppError('upload_incomplete', 'Nothing has been uploaded for this media yet; PUT the file to the upload URL first.', { media_id: media.id });
      if (head.sizeBytes === 0) return refuse(media, new AppError('media_empty'));
      if (head.sizeBytes > deps.maxBytes) {
        return refuse(media, new AppError('media_too_large', `The file is ${head.sizeBytes} bytes; the largest accepted is ${deps.maxBytes} bytes.`, { max_size_bytes: deps.maxBytes }));
      }
      if (!sameContentType(head.contentType, expectedContentType)) {
        return refuse(media, new AppError('bad_request', `The object was stored as ${JSON.stringify(head.contentType)}, but the upload was for ${JSON.stringify(expectedContentType)}.`));
      }
      const verificationId = newId('vrf');
      const result = await store.requestVerification({
        mediaId: media.id,
        userId: media.userId,
        sizeBytes: head.sizeBytes,
        quotaBytes: deps.quotaBytes,
        verificationId,
        now: now(),
        work: verifyWork({ verification_id: verificationId, media_id: media.id }),
      });
      if (result.outcome === 'over_quota') {
        try {
          checkQuota(result.usedBytes, head.sizeBytes, deps.quotaBytes);
        } catch (err) {
          return refuse(media, err as AppError);
        }
      }
      if (result.outcome === 'requested') deps.nudgeOutbox();
    },

    /**
     * What a finalize call answers: the media once ready, its error once failed, or "pending"
     * when verification is still running after `waitMs`.
     */
    async outcome(userId: string, mediaId: string, waitMs: number): Promise<MediaOutcome> {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const media = await store.findMedia(userId, mediaId);
        if (!media) throw new AppError('not_found', 'The media was not found.');
        switch (media.status) {
          case 'ready':
            return { media: toWireMedia(media), pending: undefined, mediaId: media.id };
          case 'failed':
            throw failureOf(media);
          case 'expired':
            throw new AppError('upload_session_expired', undefined, { media_id: media.id });
          case 'awaiting_upload':
            throw new AppError('upload_incomplete', undefined, { media_id: media.id });
        }
        const left = deadline - Date.now();
        if (left <= 0) {
          return {
            media: undefined,
            pending: { verificationId: media.verification?.id ?? '', retryAfterSeconds: retryAfterSeconds(Number(media.sizeBytes ?? 0)) },
            mediaId: media.id,
          };
        }
        await deps.settled.wait(media.id, Math.min(POLL_MS, left));
      }
    },
  };
}

export type Admission = ReturnType<typeof createAdmission>;
