import { setTimeout as sleep } from 'node:timers/promises';
import type { EngineKind, TranscriptionProfile } from '@tp/catalog';
import { isUniqueViolation } from '@tp/db';
import { AppError, isAppError } from '@tp/errors';
import type { CallContext, GrpcClient } from '@tp/grpc';
import { newId } from '@tp/ids';
import type { Logger } from '@tp/logging';
import type { CreateJobRequest, CreateJobResponse, Media, MediaServiceService } from '@tp/proto';
import type { BillingClient, Holds } from '../billing/holds.ts';
import { checkIdempotencyKey, isExpired } from '@tp/idempotency';
import { createRequestHash } from '../domain/idempotency.ts';
import { checkJobType, checkMediaIds, checkOptions, checkUserId, checkWorkspaceId, resolveProfile, type AcceptedOptions, type BillingState, type JobType } from '../domain/job-rules.ts';
import type { Job, JobsStore, NewJob } from '../store/jobs-store.ts';

export type MediaClient = Pick<GrpcClient<typeof MediaServiceService>, 'getMedia'>;

export interface CreateJobDeps {
  store: JobsStore;
  billing: BillingClient;
  media: MediaClient;
  holds: Holds;
  log: Logger;
  now: () => Date;
  nudgeOutbox: () => void;
  /** The answer a created or replayed job gets (queue position filled in). */
  present: (job: Job) => Promise<CreateJobResponse['job']>;
  engines: ReadonlySet<EngineKind>;
  maxBatchItems: number;
  idempotencyTtlMs: number;
  reservationTimeoutMs: number;
  /** Deadline of one billing call (a Reserve never outlives the reservation timeout). */
  billingDeadlineMs: number;
}

/** Reserve answers that prove no hold was made; anything else (timeouts, outages) may have made one. */
const NO_HOLD_CODES = new Set(['insufficient_credits', 'validation_error', 'bad_request', 'conflict', 'not_found']);
/** How long a duplicate request waits for the first one with its Idempotency-Key to finish. */
const REPLAY_WAIT_MS = 10_000;

/**
 * CreateJob. So that a crash loses nothing and leaks no hold:
 *   1. one transaction stores the jobs (hold_state reserving: invisible, never claimed) and the
 *      Idempotency-Key;
 *   2. billing.Reserve for each runnable job (reference = job id, idempotent);
 *   3. one transaction admits them (held) with their work tickets and `queued` events (outbox).
 * A refused Reserve abandons the creation: the holds already made are released and the key
 * forgotten. A creator that dies between 1 and 3 leaves rows in `reserving`: the reconciler
 * abandons them after RESERVATION_TIMEOUT_MS and releases whatever was held.
 */
export function createJobHandler(deps: CreateJobDeps) {
  const { store, billing, media, holds, log, now } = deps;

  async function replayOf(userId: string, key: string, hash: string, ctx: CallContext): Promise<CreateJobResponse | null> {
    const waitUntil = Math.min(Date.now() + REPLAY_WAIT_MS, (ctx.deadline?.getTime() ?? Infinity) - 500);
    for (;;) {
      const row = await store.findIdempotencyKey(userId, key);
      if (!row) return null;
      if (isExpired(row.createdAt, now(), deps.idempotencyTtlMs)) {
        await store.forgetIdempotencyKey(userId, key, row.createdAt);
        return null;
      }
      if (row.requestHash !== hash) throw new AppError('idempotency_conflict');
      const job = await store.findJobById(row.jobId);
      if (!job || job.holdState === 'abandoned') {
        await store.forgetIdempotencyKey(userId, key, row.createdAt);
        return null;
      }
      if (job.holdState === 'held') return { job: await deps.present(job), replayed: true };
      // The first request with this key is still reserving credits: wait for its outcome.
      if (Date.now() >= waitUntil) throw new AppError('conflict', 'A request with this Idempotency-Key is still being processed; retry shortly.');
      await sleep(50);
    }
  }

  async function mediaOf(userId: string, mediaId: string, workspaceId: string | null): Promise<Media> {
    try {
      const { media: found } = await media.getMedia({ userId, mediaId, workspaceId: workspaceId ?? '' });
      if (!found) throw new AppError('not_found', `The media ${mediaId} was not found.`, { media_id: mediaId });
      if (found.status !== 'ready') {
        throw new AppError('media_not_ready', `The media ${mediaId} is ${found.status.replaceAll('_', ' ')}, not ready; wait until it is verified.`, { media_id: mediaId, media_status: found.status });
      }
      return found;
    } catch (err) {
      if (isAppError(err) && err.code === 'not_found') throw new AppError('not_found', `The media ${mediaId} was not found.`, { media_id: mediaId });
      throw err;
    }
  }

  function plan(userId: string, workspaceId: string | null, type: JobType, profile: TranscriptionProfile, options: AcceptedOptions, medias: Media[], batch: boolean): NewJob[] {
    const common = { userId, workspaceId, type, profile: profile.codename, engine: profile.engine, pool: profile.pool, optionsJson: options.json };
    const runnable = (m: Media, parentJobId: string | null): NewJob => ({
      ...common,
      id: newId('job'),
      mediaId: m.mediaId,
      parentJobId,
      itemCount: 0,
      title: m.fileName,
      mediaDurationSeconds: m.durationSeconds,
    });
    if (!batch) return [runnable(medias[0]!, null)];
    const parent: NewJob = {
      ...common,
      id: newId('job'),
      mediaId: null,
      parentJobId: null,
      itemCount: medias.length,
      title: medias.length === 1 ? medias[0]!.fileName : `${medias[0]!.fileName} and ${medias.length - 1} more`,
      mediaDurationSeconds: medias.reduce((sum, m) => sum + m.durationSeconds, 0),
    };
    // Ids are monotonic: the parent sorts first, the items in media order (creation order).
    return [parent, ...medias.map((m) => runnable(m, parent.id))];
  }

  /** Gives up a creation: abandons its rows, releases what may be held, deletes the rows when nothing is left. */
  async function giveUp(jobs: NewJob[], mayHold: ReadonlySet<string>, reason: { code: string; message: string }): Promise<void> {
    const top = jobs[0]!.id;
    try {
      const billingStates = new Map<string, BillingState>(jobs.map((job) => [job.id, mayHold.has(job.id) ? 'release_pending' : 'none']));
      if (!(await store.abandon(top, billingStates, reason, now()))) return;
      for (const id of mayHold) {
        const job = await store.findJobById(id);
        if (job) await holds.release(job);
      }
      await store.deleteAbandoned(top);
    } catch (err) {
      log.error({ err, jobId: top }, 'could not abandon a failed creation; the reconciler will');
    }
  }

  return async function createJob(request: CreateJobRequest, ctx: CallContext): Promise<CreateJobResponse> {
    const userId = checkUserId(request.userId);
    const type = checkJobType(request.type);
    if (type === 'caption_burn') throw new AppError('unsupported_option', 'caption_burn jobs are not available yet; use type transcription.', { option: 'type' });
    const workspaceId = checkWorkspaceId(request.workspaceId);
    const profile = resolveProfile(request.profile, new Set(request.features), deps.engines);
    const options = checkOptions(request.optionsJson, type, profile);
    const mediaIds = checkMediaIds(request.mediaIds, request.batch, deps.maxBatchItems);
    const idempotency =
      request.idempotencyKey === ''
        ? null
        : {
            key: checkIdempotencyKey(request.idempotencyKey),
            requestHash: createRequestHash({ type, mediaIds, batch: request.batch, profile: profile.codename, options: options.value, workspaceId }),
          };

    for (let attempt = 1; ; attempt += 1) {
      if (idempotency) {
        const replay = await replayOf(userId, idempotency.key, idempotency.requestHash, ctx);
        if (replay) return replay;
      }
      const medias = await Promise.all(mediaIds.map((id) => mediaOf(userId, id, workspaceId)));
      const jobs = plan(userId, workspaceId, type, profile, options, medias, request.batch);
      const began = now();
      try {
        await store.createPending(jobs, idempotency, began);
      } catch (err) {
        // A concurrent request with the same key stored its jobs first: answer what it creates.
        if (idempotency && isUniqueViolation(err) && attempt < 3) continue;
        throw err;
      }

      const runnable = jobs.filter((job) => job.itemCount === 0);
      const held = new Map<string, bigint>();
      const mayHold = new Set<string>();
      try {
        for (const job of runnable) {
          // Every Reserve ends well before the reconciler may take this creation for a dead one.
          if (Date.now() - began.getTime() > deps.reservationTimeoutMs - 2 * deps.billingDeadlineMs) {
            throw new AppError('service_unavailable', 'Reserving credits took too long; retry later.');
          }
          mayHold.add(job.id);
          try {
            const reservation = await billing.reserve(
              { principalId: userId, reference: job.id, profile: profile.codename, seconds: job.mediaDurationSeconds },
              { deadlineMs: deps.billingDeadlineMs },
            );
            held.set(job.id, BigInt(reservation.heldMicro));
          } catch (err) {
            if (isAppError(err) && NO_HOLD_CODES.has(err.code)) mayHold.delete(job.id);
            throw err;
          }
        }
      } catch (err) {
        const code = isAppError(err) ? err.code : 'internal_error';
        await giveUp(jobs, mayHold, { code: 'reservation_failed', message: `Credits could not be reserved (${code}).` });
        throw err;
      }

      if (!(await store.admit(jobs, held, now()))) {
        // Too slow: the reconciler abandoned this creation meanwhile and released what it found.
        // Holds made after its release would be left: release them again, or leave them pending.
        for (const id of held.keys()) {
          await billing.release({ reference: id }).catch(async (err: unknown) => {
            await store.releaseLater(id, err instanceof Error ? err.message : String(err));
          });
        }
        throw new AppError('service_unavailable', 'Creating the job took too long; retry.');
      }
      deps.nudgeOutbox();
      const created = await store.findJobById(jobs[0]!.id);
      return { job: await deps.present(created!), replayed: false };
    }
  };
}
