import { STREAMS, type Bus, type BusMessage, type Subscription } from '@tp/bus';
import type { ErrorCode } from '@tp/errors';
import type { Logger } from '@tp/logging';
import { interpretProbe } from '../domain/probe-result.ts';
import type { ProbeRun } from '../probe/ffprobe.ts';
import type { ObjectStore } from '@tp/storage';
import type { MediaAsset, MediaStore } from '../store/media-store.ts';
import { mediaVerified, VERIFY_DURABLE, VERIFY_WORK_SUBJECT, type VerifyWork } from './media-events.ts';
import type { SettledSignal } from './settled.ts';

/** Handler runs per verification before it is given up on (then the media fails cleanly). */
export const VERIFY_MAX_DELIVER = 3;

export interface VerifyConsumerDeps {
  bus: Bus;
  store: MediaStore;
  objects: ObjectStore;
  settled: SettledSignal;
  probe: (url: string) => Promise<ProbeRun>;
  nudgeOutbox: () => void;
  now: () => Date;
  log: Logger;
  concurrency: number;
  ackWaitMs: number;
  /** ffprobe's own time limit; the GET URL it reads lives a little longer. */
  probeTimeoutMs: number;
  backoffMs?: readonly number[];
}

/** A verification that could not run this time (storage unreachable, ffprobe too slow): retried. */
class VerificationDeferred extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'VerificationDeferred';
    this.code = code;
  }
}

/**
 * The service's own durable consumer of `work.media_verify.default`: ffprobe on a presigned GET
 * URL of the object, then ready (with `events.media.verified` through the outbox) or failed
 * with the object deleted. Idempotent: a redelivered verification that has settled does nothing
 * but make sure a refused object is gone.
 */
export function startVerifyConsumer(deps: VerifyConsumerDeps): Promise<Subscription> {
  const { store, objects, now, log } = deps;

  async function discard(media: MediaAsset): Promise<void> {
    await objects.delete(media.storageKey);
    await store.objectGone(media.id);
  }

  async function fail(media: MediaAsset, code: ErrorCode, message: string): Promise<void> {
    // The object goes first, so a client told "refused" never finds it still in storage.
    let objectGone = false;
    try {
      await objects.delete(media.storageKey);
      objectGone = true;
    } catch (err) {
      // The key stays live: the redelivery (or the sweeper) deletes it.
      log.warn({ err, mediaId: media.id }, 'could not delete the object of a refused media');
    }
    await store.failMedia(media.id, ['verifying'], code, message, now(), { objectGone });
    deps.settled.notify(media.id);
  }

  async function verify(message: BusMessage<VerifyWork>): Promise<void> {
    const verification = await store.findVerification(String(message.data?.verification_id ?? ''));
    if (!verification) {
      log.warn({ data: message.data }, 'verification not found; nothing to do');
      return;
    }
    const media = verification.media;
    if (media.status !== 'verifying' || media.deletedAt !== null) {
      const leftover = media.liveKey !== null && (media.status === 'failed' || media.status === 'expired' || media.deletedAt !== null);
      if (leftover) await discard(media);
      return;
    }
    await store.startAttempt(verification.id, now());
    const head = await objects.head(media.storageKey);
    if (!head) return fail(media, 'upload_incomplete', 'The uploaded file disappeared from storage before it was verified.');

    const url = await objects.presignGet(media.storageKey, Math.ceil(deps.probeTimeoutMs / 1000) + 60);
    const run = await deps.probe(url);
    if (run.kind === 'transient') {
      const code: ErrorCode = /did not finish/.test(run.detail) ? 'media_unplayable' : /could not be started/.test(run.detail) ? 'internal_error' : 'storage_unavailable';
      throw new VerificationDeferred(code, run.detail);
    }
    const verdict = run.kind === 'invalid' ? ({ ok: false, code: 'media_unplayable', message: 'The file is not playable audio or video.' } as const) : interpretProbe(run.output);
    if (!verdict.ok) {
      log.info({ mediaId: media.id, code: verdict.code, detail: run.kind === 'invalid' ? run.detail : undefined }, 'media refused by verification');
      return fail(media, verdict.code, verdict.message);
    }
    const at = now();
    const ready = await store.markReady(media.id, verdict, at, [
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

  return deps.bus.consume<VerifyWork>({
    stream: STREAMS.WORK.name,
    durable: VERIFY_DURABLE,
    filterSubject: VERIFY_WORK_SUBJECT,
    maxDeliver: VERIFY_MAX_DELIVER,
    ackWaitMs: deps.ackWaitMs,
    concurrency: deps.concurrency,
    backoffMs: deps.backoffMs ?? [2_000, 10_000],
    async handler(message) {
      // Tells the server this replica is alive while ffprobe runs; a dead one stops, and the
      // verification is redelivered after the ack wait.
      const heartbeat = setInterval(() => message.working(), Math.max(250, Math.floor(deps.ackWaitMs / 3)));
      try {
        await verify(message);
      } finally {
        clearInterval(heartbeat);
      }
    },
    async onDeadLetter(message, error) {
      const verification = await store.findVerification(String((message.data as Partial<VerifyWork> | undefined)?.verification_id ?? ''));
      if (!verification || verification.media.status !== 'verifying') return;
      const code: ErrorCode = error instanceof VerificationDeferred ? error.code : 'media_unplayable';
      log.error({ err: error, mediaId: verification.mediaId, attempts: verification.attempts }, 'verification given up');
      await fail(verification.media, code, `The file could not be verified after ${verification.attempts} attempts; upload it again.`);
    },
  });
}
