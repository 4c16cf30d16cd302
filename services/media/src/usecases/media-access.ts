import { AppError } from '@tp/errors';
import { checkUserId } from '../domain/media-rules.ts';
import type { MediaReads } from '../store/media-reads.ts';
import type { DirectUpload, MediaRecord } from '../store/records.ts';

export const mediaNotFound = () => new AppError('not_found', 'The media was not found.');

/** The user's media (not deleted); not_found otherwise, also for another user's media. */
export async function findUserMedia(
  store: Pick<MediaReads, 'findMedia'>,
  userId: string,
  mediaId: string,
): Promise<MediaRecord> {
  const media = await store.findMedia(checkUserId(userId), mediaId);
  if (!media) throw mediaNotFound();
  return media;
}

/** A direct upload still open for parts; otherwise the reason it is not. */
export function openDirectUpload(media: MediaRecord, at: Date, sessionTtlMs: number): DirectUpload {
  const direct = media.directUpload;
  if (!direct) throw mediaNotFound();
  if (
    media.status === 'expired' ||
    (media.status === 'awaiting_upload' && direct.createdAt.getTime() + sessionTtlMs <= at.getTime())
  ) {
    throw new AppError('upload_session_expired', undefined, { media_id: media.id });
  }
  return direct;
}
