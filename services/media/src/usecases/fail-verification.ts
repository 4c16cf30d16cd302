import type { ErrorCode } from '@tp/errors';
import type { Logger } from '@tp/logging';
import type { ObjectStore } from '@tp/storage';
import type { MediaLifecycle } from '../store/media-lifecycle.ts';
import type { MediaAsset } from '../store/records.ts';
import type { SettledSignal } from './settled-signal.ts';

export interface FailVerificationDeps {
  store: Pick<MediaLifecycle, 'failMedia'>;
  objects: Pick<ObjectStore, 'delete'>;
  settled: SettledSignal;
  now: () => Date;
  log: Logger;
}

/** A verifying media is refused: its object is deleted, the media failed, and waiters woken. */
export async function failVerification(
  deps: FailVerificationDeps,
  media: MediaAsset,
  code: ErrorCode,
  message: string,
): Promise<void> {
  // The object goes first, so a client told "refused" never finds it still in storage.
  let objectGone = false;
  try {
    await deps.objects.delete(media.storageKey);
    objectGone = true;
  } catch (err) {
    // The key stays live: the redelivery (or the sweeper) deletes it.
    deps.log.warn({ err, mediaId: media.id }, 'could not delete the object of a refused media');
  }
  await deps.store.failMedia(media.id, ['verifying'], code, message, deps.now(), { objectGone });
  deps.settled.notify(media.id);
}
