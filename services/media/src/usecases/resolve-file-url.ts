import { AppError } from '@tp/errors';
import type { ObjectStore } from '@tp/storage';
import { parseFileUrl } from '../domain/file-urls.ts';
import { checkUserId } from '../domain/media-rules.ts';
import type { MediaReads } from '../store/media-reads.ts';
import type { MediaRecord } from '../store/records.ts';
import { type AdmitUploadDeps, admitUpload } from './admit-upload.ts';
import {
  type AwaitVerificationDeps,
  awaitVerification,
  type FinalizeWait,
  type VerificationOutcome,
} from './await-verification.ts';
import { mediaNotFound } from './media-access.ts';

export type ResolveFileUrlDeps = AdmitUploadDeps &
  AwaitVerificationDeps & {
    store: Pick<MediaReads, 'findMedia'>;
    objects: Pick<ObjectStore, 'clientUrlPrefix'>;
    /** Largest file a form upload may be (its policy's content-length-range). */
    formMaxBytes: number;
  };

export interface ResolveFileUrlInput extends FinalizeWait {
  userId: string;
  url: string;
}

/** Not one of our file URLs, or the media it names (once verified, or pending). */
export type ResolvedFileUrl = { isFileUrl: false } | { isFileUrl: true; outcome: VerificationOutcome };

/** A form upload used for the first time: its object is admitted (size, type, quota) and verified. */
async function finaliseFormUpload(deps: ResolveFileUrlDeps, media: MediaRecord): Promise<void> {
  const session = media.uploadSession;
  if (session && session.expiresAt <= deps.now())
    throw new AppError('upload_session_expired', undefined, { media_id: media.id });
  try {
    await admitUpload({ ...deps, maxBytes: deps.formMaxBytes }, media, media.contentType);
  } catch (err) {
    if (err instanceof AppError && err.code === 'upload_incomplete')
      throw new AppError(
        'upload_incomplete',
        'Nothing has been uploaded to this file URL yet; POST the file to the upload form first.',
        { media_id: media.id },
      );
    throw err;
  }
}

/**
 * The media a file URL names (GetFileUrl's or CreateUploadForm's; its signature may have
 * expired): a form upload is finalised and verified on first use, waiting as FinalizeWait says.
 * Another user's media, an unknown one or any other object of our bucket is not_found, the same
 * answer for all. A URL outside our bucket is no file URL (the caller imports it instead).
 */
export async function resolveFileUrl(deps: ResolveFileUrlDeps, input: ResolveFileUrlInput): Promise<ResolvedFileUrl> {
  const userId = checkUserId(input.userId);
  const target = parseFileUrl(input.url, await deps.objects.clientUrlPrefix());
  if (target.kind === 'foreign') return { isFileUrl: false };
  if (target.userId !== userId || target.mediaId === null) throw mediaNotFound();
  const media = await deps.store.findMedia(userId, target.mediaId);
  if (!media || media.storageKey !== target.key) throw mediaNotFound();
  if (media.status === 'awaiting_upload' && media.source === 'upload_form') await finaliseFormUpload(deps, media);
  return { isFileUrl: true, outcome: await awaitVerification(deps, userId, media.id, input) };
}
