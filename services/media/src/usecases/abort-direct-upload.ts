import { AppError } from '@tp/errors';
import type { ObjectStore } from '@tp/storage';
import type { MediaLifecycle } from '../store/media-lifecycle.ts';
import type { MediaReads } from '../store/media-reads.ts';
import type { UploadStore } from '../store/uploads.ts';
import { findUserMedia, mediaNotFound } from './media-access.ts';

export interface AbortDirectUploadDeps {
  store: Pick<MediaReads, 'findMedia'> &
    Pick<MediaLifecycle, 'failMedia' | 'markDeleted'> &
    Pick<UploadStore, 'markDirectUploadAborted' | 'releaseDirectUploadKey'>;
  objects: Pick<ObjectStore, 'abortMultipart' | 'delete'>;
  now: () => Date;
}

/** Gives up an unfinished direct upload: its parts and the media are removed, its Idempotency-Key given back. */
export async function abortDirectUpload(
  deps: AbortDirectUploadDeps,
  input: { userId: string; mediaId: string },
): Promise<void> {
  const media = await findUserMedia(deps.store, input.userId, input.mediaId);
  const direct = media.directUpload;
  if (!direct) throw mediaNotFound();
  if (direct.completedAt !== null)
    throw new AppError('conflict', 'This upload is already finished; delete the media instead.');
  // First, so that even an abort that stops half-way lets a retry with the key upload again (ADR 0035).
  await deps.store.releaseDirectUploadKey(media.id);
  const at = deps.now();
  await deps.store.failMedia(media.id, ['awaiting_upload'], 'upload_incomplete', 'The upload was aborted.', at);
  await deps.objects.abortMultipart(media.storageKey, direct.s3UploadId);
  await deps.store.markDirectUploadAborted(media.id, at);
  await deps.objects.delete(media.storageKey);
  await deps.store.markDeleted(media.userId, media.id, at, []);
}
