import type { ErrorCode } from '@tp/errors';
import type { ObjectStore } from '@tp/storage';
import { interpretProbe } from '../domain/probe-result.ts';
import { mediaVerified, type VerifyWork } from '../events/media-events.ts';
import type { ProbeRun } from '../probe/ffprobe.ts';
import type { MediaLifecycle } from '../store/media-lifecycle.ts';
import type { MediaAsset } from '../store/records.ts';
import type { VerificationStore } from '../store/verifications.ts';
import { type FailVerificationDeps, failVerification } from './fail-verification.ts';

export type VerifyMediaDeps = FailVerificationDeps & {
  store: Pick<VerificationStore, 'findVerification' | 'startAttempt' | 'markReady'> &
    Pick<MediaLifecycle, 'objectGone'>;
  objects: Pick<ObjectStore, 'head' | 'delete' | 'presignGet'>;
  probe: (url: string) => Promise<ProbeRun>;
  nudgeOutbox: () => void;
  /** ffprobe's own time limit; the GET URL it reads lives a little longer. */
  probeTimeoutMs: number;
};

/** A verification that could not run this time (storage unreachable, ffprobe too slow): retried. */
export class VerificationDeferred extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'VerificationDeferred';
    this.code = code;
  }
}

/** A media settled earlier (failed, expired, deleted) whose object may still be there. */
async function discardLeftover(deps: VerifyMediaDeps, media: MediaAsset): Promise<void> {
  const leftover =
    media.liveKey !== null && (media.status === 'failed' || media.status === 'expired' || media.deletedAt !== null);
  if (!leftover) return;
  await deps.objects.delete(media.storageKey);
  await deps.store.objectGone(media.id);
}

const deferredCode = (detail: string): ErrorCode =>
  /did not finish/.test(detail)
    ? 'media_unplayable'
    : /could not be started/.test(detail)
      ? 'internal_error'
      : 'storage_unavailable';

/**
 * One verification: ffprobe on a presigned GET URL of the object, then ready (with
 * `events.media.verified` through the outbox) or failed with the object deleted. Idempotent: a
 * repeated verification that has settled does nothing but make sure a refused object is gone.
 * Throws VerificationDeferred when it could not run this time.
 */
export async function verifyMedia(deps: VerifyMediaDeps, work: Partial<VerifyWork> | undefined): Promise<void> {
  const verification = await deps.store.findVerification(String(work?.verification_id ?? ''));
  if (!verification) {
    deps.log.warn({ data: work }, 'verification not found; nothing to do');
    return;
  }
  const media = verification.media;
  if (media.status !== 'verifying' || media.deletedAt !== null) return discardLeftover(deps, media);
  await deps.store.startAttempt(verification.id, deps.now());
  const head = await deps.objects.head(media.storageKey);
  if (!head)
    return failVerification(
      deps,
      media,
      'upload_incomplete',
      'The uploaded file disappeared from storage before it was verified.',
    );

  const url = await deps.objects.presignGet(media.storageKey, Math.ceil(deps.probeTimeoutMs / 1000) + 60);
  const run = await deps.probe(url);
  if (run.kind === 'transient') throw new VerificationDeferred(deferredCode(run.detail), run.detail);
  const verdict =
    run.kind === 'invalid'
      ? ({ ok: false, code: 'media_unplayable', message: 'The file is not playable audio or video.' } as const)
      : interpretProbe(run.output);
  if (!verdict.ok) {
    deps.log.info(
      { mediaId: media.id, code: verdict.code, detail: run.kind === 'invalid' ? run.detail : undefined },
      'media refused by verification',
    );
    return failVerification(deps, media, verdict.code, verdict.message);
  }
  const at = deps.now();
  const ready = await deps.store.markReady(media.id, verdict, at, [
    mediaVerified({
      media_id: media.id,
      user_id: media.userId,
      workspace_id: media.workspaceId,
      content_type: media.contentType,
      size_bytes: Number(media.sizeBytes ?? 0),
      duration_seconds: verdict.durationSeconds,
      container_format: verdict.containerFormat,
      occurred_at: at.toISOString(),
    }),
  ]);
  if (ready) deps.nudgeOutbox();
  deps.settled.notify(media.id);
}
