import { AppError } from '@tp/errors';
import { checkIdempotencyKey } from '@tp/idempotency';
import { checkFingerprint } from '../domain/idempotency.ts';
import { checkUserId } from '../domain/job-rules.ts';
import type { QueueStore } from '../store/queue.ts';
import { type IdempotentReplayDeps, replayOf } from './idempotent-replay.ts';
import { type JobWithPosition, withPosition } from './positions.ts';

export interface FindIdempotentJobDeps extends IdempotentReplayDeps {
  queue: Pick<QueueStore, 'positions'>;
}

export interface FindIdempotentJobInput {
  userId: string;
  idempotencyKey: string;
  requestFingerprint: string;
  /** When the caller gives up (undefined: it set no deadline). */
  deadline: Date | undefined;
}

/**
 * The job an earlier CreateJob of this user stored under the key: not_found when there is none
 * (never taken, expired, abandoned; another user's key is never seen), idempotency_conflict when
 * it was stored with another fingerprint (or with none: the hash of its fields).
 */
export async function findIdempotentJob(
  deps: FindIdempotentJobDeps,
  input: FindIdempotentJobInput,
): Promise<JobWithPosition> {
  const userId = checkUserId(input.userId);
  const key = checkIdempotencyKey(input.idempotencyKey, 'idempotency_key');
  const fingerprint = checkFingerprint(input.requestFingerprint);
  if (fingerprint === null) throw new AppError('validation_error', 'request_fingerprint is required.');
  const job = await replayOf(deps, userId, { key, requestHash: fingerprint }, input.deadline);
  if (!job) throw new AppError('not_found', 'No job was created with this Idempotency-Key.');
  return withPosition(deps.queue, job);
}
