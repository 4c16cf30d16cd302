import {
  availableProfiles,
  type Deployment,
  findProfile,
  isProfileAvailable,
  deploymentRefusal,
  isProfileDeployed,
  jobRatePerHour,
  priceForSeconds,
  type TranscriptionProfile,
} from '@tp/catalog';
import { AppError } from '@tp/errors';
import { isId } from '@tp/ids';

export const JOB_TYPES = ['transcription', 'caption_burn'] as const;
export type JobType = (typeof JOB_TYPES)[number];

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Admission of a job's creation (see schema.prisma). */
export type HoldState = 'reserving' | 'held' | 'abandoned';
/** The credit hold at billing (see schema.prisma). */
export type BillingState = 'none' | 'held' | 'settle_pending' | 'settled' | 'release_pending' | 'released';

const TERMINAL: ReadonlySet<string> = new Set<JobStatus>(['succeeded', 'failed', 'cancelled']);

export function isTerminal(status: string): boolean {
  return TERMINAL.has(status);
}

/**
 * The transitions of a job that runs (a single job or a batch item). `queued → failed` is the
 * end of a creation that never finished (or a job that cannot be run); everything else follows
 * queued → running → succeeded | failed | cancelled, cancelling a queued job included.
 */
const TRANSITIONS: Readonly<Record<JobStatus, readonly JobStatus[]>> = {
  queued: ['running', 'cancelled', 'failed'],
  running: ['succeeded', 'failed', 'cancelled'],
  succeeded: [],
  failed: [],
  cancelled: [],
};

export function canTransition(from: string, to: JobStatus): boolean {
  return (TRANSITIONS[from as JobStatus] ?? []).includes(to);
}

/** The billing step a terminal status calls for: settle a success, release anything else. */
export function billingStepFor(status: JobStatus): BillingState {
  if (status === 'succeeded') return 'settle_pending';
  if (status === 'failed' || status === 'cancelled') return 'release_pending';
  throw new RangeError(`${status} is not a terminal status`);
}

const ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

/** User ids come from the gateway (or the worker, from the job). */
export function checkUserId(userId: string): string {
  if (!ID_SHAPE.test(userId)) throw new AppError('bad_request', 'user_id is missing or malformed.');
  return userId;
}

export function checkWorkspaceId(workspaceId: string): string | null {
  if (workspaceId === '') return null;
  if (!ID_SHAPE.test(workspaceId)) throw new AppError('bad_request', 'workspace_id is malformed.');
  return workspaceId;
}

/** The webhook subscription a job notifies when it ends: '' (none) or a `whs_` id of @tp/ids. */
export function checkWebhookId(webhookId: string): string | null {
  if (webhookId === '') return null;
  if (!isId('whs', webhookId))
    throw new AppError('validation_error', 'webhook_id must be empty or a webhook subscription id (whs_…).', {
      field: 'webhook_id',
    });
  return webhookId;
}

/** An id that names nothing cannot name a job of the caller: not_found, like any unknown id. */
export function isIdShaped(value: string): boolean {
  return ID_SHAPE.test(value);
}

export function checkRequiredId(field: string, value: string): string {
  if (value === '') throw new AppError('bad_request', `${field} is required.`);
  if (!ID_SHAPE.test(value)) throw new AppError('bad_request', `${field} is malformed.`);
  return value;
}

export function checkJobType(type: string): JobType {
  if (!(JOB_TYPES as readonly string[]).includes(type)) {
    throw new AppError(
      'validation_error',
      `type must be one of ${JOB_TYPES.join(', ')}; got ${JSON.stringify(type.slice(0, 40))}.`,
    );
  }
  return type as JobType;
}

/** Filter values of ListJobs ('' = no filter). */
export function checkStatusFilter(status: string): JobStatus | null {
  if (status === '') return null;
  if (!(JOB_STATUSES as readonly string[]).includes(status))
    throw new AppError('validation_error', `status must be one of ${JOB_STATUSES.join(', ')}.`);
  return status as JobStatus;
}

export function checkTypeFilter(type: string): JobType | null {
  return type === '' ? null : checkJobType(type);
}

/**
 * The profile a user asks for, if this deployment can serve it. Unknown profiles and internal
 * ones the caller lacks the feature of are the same "Unknown profile" (nothing leaks that they
 * exist); a profile whose engine no worker pool here runs is `profile_unavailable`, naming what is served.
 */
export function resolveProfile(
  codename: string,
  features: ReadonlySet<string>,
  deployment: Deployment,
): TranscriptionProfile {
  const profile = findProfile(codename);
  if (!profile || !isProfileAvailable(profile, features)) {
    throw new AppError('validation_error', `Unknown profile ${JSON.stringify(codename.slice(0, 64))}.`, {
      profile: codename.slice(0, 64),
    });
  }
  if (!isProfileDeployed(profile, deployment)) {
    const served = availableProfiles(features)
      .filter((p) => isProfileDeployed(p, deployment))
      .map((p) => p.codename);
    throw new AppError(
      'profile_unavailable',
      `${deploymentRefusal(profile, deployment)}; ` +
        (served.length > 0 ? `profiles served here: ${served.join(', ')}.` : 'no profile is served here.'),
      { profile: profile.codename, engine: profile.engine, model: profile.model, available_profiles: served },
    );
  }
  return profile;
}

/** One media for a single job, 1..max distinct media for a batch. */
export function checkMediaIds(mediaIds: readonly string[], batch: boolean, maxBatchItems: number): string[] {
  if (!batch && mediaIds.length !== 1)
    throw new AppError('validation_error', 'A job has exactly one media; send several as a batch.');
  if (batch && (mediaIds.length < 1 || mediaIds.length > maxBatchItems)) {
    throw new AppError('validation_error', `A batch has 1 to ${maxBatchItems} media; got ${mediaIds.length}.`, {
      max_batch_items: maxBatchItems,
    });
  }
  for (const id of mediaIds) {
    if (!ID_SHAPE.test(id))
      throw new AppError('validation_error', `media id ${JSON.stringify(id.slice(0, 64))} is malformed.`);
  }
  if (new Set(mediaIds).size !== mediaIds.length)
    throw new AppError('validation_error', 'Each media may appear once in a batch.');
  return [...mediaIds];
}

/** The stable error code a worker reports; anything else is recorded as `transcription_failed`. */
export function failureCode(code: string): string {
  return /^[a-z][a-z0-9_]{0,63}$/.test(code) ? code : 'transcription_failed';
}

export function failureMessage(message: string): string {
  const clean = message.replace(/[\p{Cc}]/gu, ' ').trim();
  return (clean === '' ? 'The job failed.' : clean).slice(0, 1000);
}

/** Progress a worker reports: a number, clamped to 0..100, never moving back. */
export function nextProgress(current: number, reported: number): number {
  if (!Number.isFinite(reported)) throw new AppError('bad_request', 'progress must be a number from 0 to 100.');
  return Math.max(current, Math.min(100, Math.max(0, reported)));
}

/** Cursor of ListJobs: the last job id of a page, opaque to clients. */
export function encodeCursor(jobId: string): string {
  return Buffer.from(jobId, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): string | null {
  if (cursor === '') return null;
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!ID_SHAPE.test(id)) throw new AppError('bad_request', 'cursor is malformed.');
  return id;
}

/**
 * What billing will charge when it settles `seconds` of a job: the catalog price (a caption burn's
 * at the caption-burn rate, ADR 0024), never above the
 * hold. Recorded when the job succeeds, so a client never sees a succeeded job that cost nothing;
 * the settlement's own answer replaces it.
 */
export function expectedChargeMicro(
  job: { type: string; profile: string },
  reservedMicro: bigint,
  seconds: number,
): bigint {
  const found = findProfile(job.profile);
  if (!found) return reservedMicro;
  const product = job.type === 'caption_burn' ? 'caption_burn' : 'transcription';
  const price = BigInt(priceForSeconds({ microCreditsPerHour: jobRatePerHour(product, found) }, seconds));
  return price < reservedMicro ? price : reservedMicro;
}
