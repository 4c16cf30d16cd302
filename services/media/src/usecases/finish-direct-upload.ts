import { AppError } from '@tp/errors';
import type { ObjectStore } from '@tp/storage';
import { checkParts } from '../domain/media-rules.ts';
import { type AdmitUploadDeps, admitUpload } from './admit-upload.ts';
import {
  type AwaitVerificationDeps,
  awaitVerification,
  type FinalizeWait,
  type VerificationOutcome,
} from './await-verification.ts';
import { findUserMedia, openDirectUpload } from './media-access.ts';

export type FinishDirectUploadDeps = AdmitUploadDeps &
  AwaitVerificationDeps & {
    objects: Pick<ObjectStore, 'completeMultipart' | 'head'>;
    uploadSessionTtlSeconds: number;
  };

export interface FinishDirectUploadInput extends FinalizeWait {
  userId: string;
  mediaId: string;
  parts: { partNumber: number; etag: string }[];
}

/** All parts are uploaded: storage assembles the object, which is then admitted and verified. */
export async function finishDirectUpload(
  deps: FinishDirectUploadDeps,
  input: FinishDirectUploadInput,
): Promise<VerificationOutcome> {
  const media = await findUserMedia(deps.store, input.userId, input.mediaId);
  const direct = openDirectUpload(media, deps.now(), deps.uploadSessionTtlSeconds * 1000);
  if (media.status === 'awaiting_upload') {
    checkParts(input.parts);
    const completed = await deps.objects.completeMultipart(media.storageKey, direct.s3UploadId, input.parts);
    // A retry after a completion whose answer was lost finds the upload gone but the object there.
    if (!completed.ok && !(completed.code === 'upload_incomplete' && (await deps.objects.head(media.storageKey)))) {
      throw new AppError(completed.code, completed.message, { media_id: media.id });
    }
    await admitUpload(deps, media, media.contentType);
  }
  return awaitVerification(deps, media.userId, media.id, input);
}
