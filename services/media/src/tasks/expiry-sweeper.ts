import type { Logger } from '@tp/logging';
import { startPeriodicTask, type PeriodicTask } from '@tp/runtime';
import { IDEMPOTENCY_KEY_TTL_MS } from '@tp/idempotency';
import type { ObjectStore } from '@tp/storage';
import type { MediaStore } from '../store/media-store.ts';

export interface SweepResult {
  /** Media moved to expired by this sweep. */
  expired: number;
  /** Objects (and unfinished multipart uploads) removed by this sweep. */
  removed: number;
}

export interface ExpirySweeperDeps {
  store: MediaStore;
  objects: ObjectStore;
  log: Logger;
  now: () => Date;
  sessionTtlMs: number;
  batchSize?: number;
}

/**
 * Expires uploads never finished in time (upload sessions past their expiry, direct uploads older
 * than the session TTL), then removes every object that no media needs any more (expired, failed
 * or deleted media whose deletion did not happen), and forgets Idempotency-Keys older than 24 h.
 * Every step is idempotent, so replicas may sweep at the same time.
 */
export function createExpirySweeper(deps: ExpirySweeperDeps) {
  const { store, objects, log } = deps;
  const batchSize = deps.batchSize ?? 100;

  async function sweep(at: Date = deps.now()): Promise<SweepResult> {
    let expired = 0;
    for (const session of await store.expiredSessions(at, batchSize)) {
      if (await store.expire(session.mediaId, at)) expired += 1;
    }
    for (const upload of await store.staleDirectUploads(new Date(at.getTime() - deps.sessionTtlMs), batchSize)) {
      if (await store.expire(upload.mediaId, at)) expired += 1;
    }
    let removed = 0;
    for (const media of await store.orphanedObjects(batchSize)) {
      try {
        const direct = media.directUpload;
        if (direct && direct.completedAt === null) await objects.abortMultipart(media.storageKey, direct.s3UploadId);
        await objects.delete(media.storageKey);
        await store.objectGone(media.id);
        removed += 1;
      } catch (err) {
        log.warn({ err, mediaId: media.id }, 'could not remove an object no media needs; next sweep retries');
      }
    }
    await store.releaseIdempotencyKeysBefore(new Date(at.getTime() - IDEMPOTENCY_KEY_TTL_MS));
    if (expired > 0 || removed > 0) log.info({ expired, removed }, 'expired uploads swept');
    return { expired, removed };
  }

  let task: PeriodicTask | undefined;
  return {
    sweep,
    /** Sweeps every `intervalMs` (never two sweeps at once in this process). */
    start(intervalMs = 60_000): void {
      task = startPeriodicTask({ name: 'expiry sweep', intervalMs, log, run: sweep });
    },
    async stop(): Promise<void> {
      await task?.stop();
    },
  };
}

export type ExpirySweeper = ReturnType<typeof createExpirySweeper>;
