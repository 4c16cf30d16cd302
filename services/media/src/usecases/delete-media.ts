import type { ObjectStore } from '@tp/storage';
import { mediaDeleted } from '../events/media-events.ts';
import type { MediaLifecycle } from '../store/media-lifecycle.ts';
import type { MediaReads } from '../store/media-reads.ts';
import type { UploadStore } from '../store/uploads.ts';
import { findUserMedia, mediaNotFound } from './media-access.ts';

export interface DeleteMediaDeps {
  store: Pick<MediaReads, 'findMedia'> &
    Pick<MediaLifecycle, 'markDeleted'> &
    Pick<UploadStore, 'markDirectUploadAborted'>;
  objects: Pick<ObjectStore, 'abortMultipart' | 'delete'>;
  nudgeOutbox: () => void;
  now: () => Date;
}

/** Removes the media's object (and any unfinished upload), hides the media and announces it. */
export async function deleteMedia(deps: DeleteMediaDeps, input: { userId: string; mediaId: string }): Promise<void> {
  const media = await findUserMedia(deps.store, input.userId, input.mediaId);
  const at = deps.now();
  const direct = media.directUpload;
  if (direct && direct.completedAt === null && direct.abortedAt === null) {
    await deps.objects.abortMultipart(media.storageKey, direct.s3UploadId);
    await deps.store.markDirectUploadAborted(media.id, at);
  }
  // Storage first: a media marked deleted never keeps an object behind.
  await deps.objects.delete(media.storageKey);
  const deleted = await deps.store.markDeleted(media.userId, media.id, at, [
    mediaDeleted({
      media_id: media.id,
      user_id: media.userId,
      workspace_id: media.workspaceId,
      occurred_at: at.toISOString(),
    }),
  ]);
  if (!deleted) throw mediaNotFound();
  deps.nudgeOutbox();
}
