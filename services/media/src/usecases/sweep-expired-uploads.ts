import { IDEMPOTENCY_KEY_TTL_MS } from '@tp/idempotency';
import type { Logger } from '@tp/logging';
import type { ObjectStore } from '@tp/storage';
import type { ExpiryStore } from '../store/expiry.ts';
import type { MediaLifecycle } from '../store/media-lifecycle.ts';

export interface SweepResult {
  /** Media moved to expired by this sweep. */
  expired: number;
  /** Objects (and unfinished multipart uploads) removed by this sweep. */
  removed: number;
}

export interface SweepExpiredUploadsDeps {
  store: ExpiryStore & Pick<MediaLifecycle, 'objectGone'>;
  objects: Pick<ObjectStore, 'abortMultipart' | 'delete'>;
  log: Logger;
  sessionTtlMs: number;
  batchSize: number;
}

async function expireUnfinished(deps: SweepExpiredUploadsDeps, at: Date): Promise<number> {
  let expired = 0;
  for (const session of await deps.store.expiredSessions(at, deps.batchSize)) {
    if (await deps.store.expire(session.mediaId, at)) expired += 1;
  }
  const cutoff = new Date(at.getTime() - deps.sessionTtlMs);
  for (const upload of await deps.store.staleDirectUploads(cutoff, deps.batchSize)) {
    if (await deps.store.expire(upload.mediaId, at)) expired += 1;
  }
  return expired;
}

async function removeOrphanedObjects(deps: SweepExpiredUploadsDeps): Promise<number> {
  let removed = 0;
  for (const media of await deps.store.orphanedObjects(deps.batchSize)) {
    try {
      const direct = media.directUpload;
      if (direct && direct.completedAt === null) await deps.objects.abortMultipart(media.storageKey, direct.s3UploadId);
      await deps.objects.delete(media.storageKey);
      await deps.store.objectGone(media.id);
      removed += 1;
    } catch (err) {
      deps.log.warn({ err, mediaId: media.id }, 'could not remove an object no media needs; next sweep retries');
    }
  }
  return removed;
}

/**
 * Expires uploads never finished in time (upload sessions past their expiry, direct uploads older
 * than the session TTL), then removes every object that no media needs any more (expired, failed
 * or deleted media whose deletion did not happen), and forgets Idempotency-Keys older than 24 h.
 * Every step is idempotent, so replicas may sweep at the same time.
 */
export async function sweepExpiredUploads(deps: SweepExpiredUploadsDeps, at: Date): Promise<SweepResult> {
  const expired = await expireUnfinished(deps, at);
  const removed = await removeOrphanedObjects(deps);
  await deps.store.releaseIdempotencyKeysBefore(new Date(at.getTime() - IDEMPOTENCY_KEY_TTL_MS));
  if (expired > 0 || removed > 0) deps.log.info({ expired, removed }, 'expired uploads swept');
  return { expired, removed };
}
