import type { EngineKind, LanguagePair } from '@tp/catalog';
import { isUniqueViolation } from '@tp/db';
import { AppError, isAppError, isErrorCode } from '@tp/errors';
import type { Logger } from '@tp/logging';
import type { BillingClient, MediaClient } from '../clients.ts';
import {
  type AcceptedCreation,
  acceptCreation,
  type CreationRequest,
  type MediaFacts,
  type NewJob,
  planCreation,
} from '../domain/creation.ts';
import { holdsCredits } from '../domain/client-local.ts';
import type { BillingState } from '../domain/job-rules.ts';
import type { BillingStateStore } from '../store/billing-state.ts';
import type { CreationStore } from '../store/creation.ts';
import type { JobQueries } from '../store/queries.ts';
import type { QueueStore } from '../store/queue.ts';
import type { CreditHolds } from './credit-holds.ts';
import { type IdempotentReplayDeps, replayOf } from './idempotent-replay.ts';
import { type PinCaptionTranscriptDeps, withPinnedTranscript } from './pin-caption-transcript.ts';
import { type JobWithPosition, withPosition } from './positions.ts';

export interface CreateJobDeps extends IdempotentReplayDeps, PinCaptionTranscriptDeps {
  queries: Pick<JobQueries, 'findJobById'>;
  queue: Pick<QueueStore, 'positions'>;
  creation: Pick<CreationStore, 'createPending' | 'admit' | 'abandon' | 'deleteAbandoned'>;
  billingState: Pick<BillingStateStore, 'releaseLater'>;
  billing: Pick<BillingClient, 'reserve' | 'release' | 'getProfile'>;
  media: MediaClient;
  holds: Pick<CreditHolds, 'release'>;
  log: Logger;
  nudgeOutbox: () => void;
  engines: ReadonlySet<EngineKind>;
  /** Engines limited to the models their pools have (jobs' ENGINES `engine:model` items). */
  models: ReadonlyMap<EngineKind, ReadonlySet<string>>;
  translations: readonly LanguagePair[];
  maxBatchItems: number;
  reservationTimeoutMs: number;
  /** Deadline of one billing call (a Reserve never outlives the reservation timeout). */
  billingDeadlineMs: number;
}

export interface CreateJobInput extends CreationRequest {
  /** When the caller gives up (undefined: it set no deadline). */
  deadline: Date | undefined;
}

export interface CreateJobResult {
  job: JobWithPosition;
  /** The job of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

/** Reserve answers that prove no hold was made; anything else (timeouts, outages) may have made one. */
const NO_HOLD_CODES = new Set(['insufficient_credits', 'validation_error', 'bad_request', 'conflict', 'not_found']);

/** A verified media of the user; not_found for any other, media_not_ready until it is verified. */
async function mediaOf(
  media: MediaClient,
  userId: string,
  mediaId: string,
  workspaceId: string | null,
): Promise<MediaFacts> {
  try {
    const { media: found } = await media.getMedia({ userId, mediaId, workspaceId: workspaceId ?? '' });
    if (!found) throw new AppError('not_found', `The media ${mediaId} was not found.`, { media_id: mediaId });
    // A media that failed verification is refused for what was wrong with it (media_unplayable, …),
    // whenever its verification ended: a form upload's first job may race it.
    if (found.status === 'failed' && isErrorCode(found.failureCode))
      throw new AppError(found.failureCode, found.failureMessage || undefined, { media_id: mediaId });
    if (found.status !== 'ready') {
      throw new AppError(
        'media_not_ready',
        `The media ${mediaId} is ${found.status.replaceAll('_', ' ')}, not ready; wait until it is verified.`,
        { media_id: mediaId, media_status: found.status },
      );
    }
    return found;
  } catch (err) {
    if (isAppError(err) && err.code === 'not_found')
      throw new AppError('not_found', `The media ${mediaId} was not found.`, { media_id: mediaId });
    throw err;
  }
}

/** Gives up a creation: abandons its rows, releases what may be held, deletes the rows when nothing is left. */
async function giveUp(
  deps: CreateJobDeps,
  jobs: readonly NewJob[],
  mayHold: ReadonlySet<string>,
  reason: { code: string; message: string },
): Promise<void> {
  const top = jobs[0]!.id;
  try {
    const billingStates = new Map<string, BillingState>(
      jobs.map((job) => [job.id, mayHold.has(job.id) ? 'release_pending' : 'none']),
    );
    if (!(await deps.creation.abandon(top, billingStates, reason, deps.now()))) return;
    for (const id of mayHold) {
      const job = await deps.queries.findJobById(id);
      if (job) await deps.holds.release(job);
    }
    await deps.creation.deleteAbandoned(top);
  } catch (err) {
    deps.log.error({ err, jobId: top }, 'could not abandon a failed creation; the reconciler will');
  }
}

/**
 * The plan's limit on running jobs (billing's profile), recorded with the jobs: ClaimJob holds the
 * user's further jobs back. Null when billing does not say: the limit recorded before stands
 * (Reserve decides whether billing is there at all).
 */
async function planLimit(deps: CreateJobDeps, userId: string): Promise<number | null> {
  try {
    const profile = await deps.billing.getProfile({ userId }, { deadlineMs: deps.billingDeadlineMs });
    return Math.max(1, profile.maxConcurrentJobs);
  } catch (err) {
    deps.log.warn({ err, userId }, 'plan limit unknown; the one recorded before applies');
    return null;
  }
}

/** Step 2: a hold per runnable job; a refusal (or too slow a billing) gives the creation up. */
async function reserveCredits(
  deps: CreateJobDeps,
  creation: AcceptedCreation,
  jobs: readonly NewJob[],
  began: Date,
): Promise<Map<string, bigint>> {
  const held = new Map<string, bigint>();
  const mayHold = new Set<string>();
  try {
    // A job whose mode costs nothing (client-local, ADR 0023) holds nothing.
    for (const job of jobs.filter((j) => holdsCredits(j, creation.profile))) {
      // Every Reserve ends well before the reconciler may take this creation for a dead one.
      if (deps.now().getTime() - began.getTime() > deps.reservationTimeoutMs - 2 * deps.billingDeadlineMs) {
        throw new AppError('service_unavailable', 'Reserving credits took too long; retry later.');
      }
      mayHold.add(job.id);
      try {
        const reservation = await deps.billing.reserve(
          {
            principalId: creation.userId,
            reference: job.id,
            profile: creation.profile.codename,
            seconds: job.mediaDurationSeconds,
            // A caption burn is priced at its own rate, whatever the profile (which picks the pool).
            product: creation.type,
          },
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
    await giveUp(deps, jobs, mayHold, {
      code: 'reservation_failed',
      message: `Credits could not be reserved (${code}).`,
    });
    throw err;
  }
  return held;
}

/** Step 3; when the reconciler abandoned the creation meanwhile, the holds made since are released again. */
async function admit(
  deps: CreateJobDeps,
  jobs: readonly NewJob[],
  held: ReadonlyMap<string, bigint>,
  maxConcurrentJobs: number | null,
): Promise<void> {
  if (await deps.creation.admit(jobs, held, deps.now(), maxConcurrentJobs)) return;
  // Too slow: the reconciler abandoned this creation meanwhile and released what it found.
  // Holds made after its release would be left: release them again, or leave them pending.
  for (const id of held.keys()) {
    await deps.billing.release({ reference: id }).catch(async (err: unknown) => {
      await deps.billingState.releaseLater(id, err instanceof Error ? err.message : String(err));
    });
  }
  throw new AppError('service_unavailable', 'Creating the job took too long; retry.');
}

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
export async function createJob(deps: CreateJobDeps, input: CreateJobInput): Promise<CreateJobResult> {
  const creation = acceptCreation(input, deps);
  const { userId, idempotency } = creation;
  for (let attempt = 1; ; attempt += 1) {
    if (idempotency) {
      const replay = await replayOf(deps, userId, idempotency, input.deadline);
      if (replay) return { job: await withPosition(deps.queue, replay), replayed: true };
    }
    const [medias, limit] = await Promise.all([
      Promise.all(creation.mediaIds.map((id) => mediaOf(deps.media, userId, id, creation.workspaceId))),
      planLimit(deps, userId),
    ]);
    const jobs = planCreation(await withPinnedTranscript(deps, creation, medias[0]!), medias);
    const began = deps.now();
    try {
      await deps.creation.createPending(jobs, idempotency, began);
    } catch (err) {
      // A concurrent request with the same key stored its jobs first: answer what it creates.
      if (idempotency && isUniqueViolation(err) && attempt < 3) continue;
      throw err;
    }
    const held = await reserveCredits(deps, creation, jobs, began);
    await admit(deps, jobs, held, limit);
    // Read back before the ticket is sent on, so the answer is the job as admitted (queued, with its
    // place) rather than whatever a worker made of it in the meantime.
    const created = await deps.queries.findJobById(jobs[0]!.id);
    deps.nudgeOutbox();
    return { job: await withPosition(deps.queue, created!), replayed: false };
  }
}
