import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '@tp/errors';
import { isExpired } from '@tp/idempotency';
import type { IdempotencyStore } from '../store/idempotency.ts';
import type { JobQueries } from '../store/queries.ts';
import type { Job } from '../store/records.ts';

export interface IdempotentReplayDeps {
  queries: Pick<JobQueries, 'findJobById'>;
  idempotency: Pick<IdempotencyStore, 'findIdempotencyKey' | 'forgetIdempotencyKey'>;
  now: () => Date;
  idempotencyTtlMs: number;
}

/** How long a duplicate request waits for the first one with its Idempotency-Key to finish. */
const REPLAY_WAIT_MS = 10_000;

/**
 * The job an earlier request with this key created, once admitted; null when the key is free
 * (never taken, expired, or its creation was abandoned). idempotency_conflict when the record's
 * hash (or fingerprint) is not `requestHash`; while the first request still reserves credits, it
 * waits for its outcome until the caller's deadline.
 */
export async function replayOf(
  deps: IdempotentReplayDeps,
  userId: string,
  idempotency: { key: string; requestHash: string },
  deadline: Date | undefined,
): Promise<Job | null> {
  const { key } = idempotency;
  const waitUntil = Math.min(Date.now() + REPLAY_WAIT_MS, (deadline?.getTime() ?? Infinity) - 500);
  for (;;) {
    const row = await deps.idempotency.findIdempotencyKey(userId, key);
    if (!row) return null;
    if (isExpired(row.createdAt, deps.now(), deps.idempotencyTtlMs)) {
      await deps.idempotency.forgetIdempotencyKey(userId, key, row.createdAt);
      return null;
    }
    if (row.requestHash !== idempotency.requestHash) throw new AppError('idempotency_conflict');
    const job = await deps.queries.findJobById(row.jobId);
    if (!job || job.holdState === 'abandoned') {
      await deps.idempotency.forgetIdempotencyKey(userId, key, row.createdAt);
      return null;
    }
    if (job.holdState === 'held') return job;
    // The first request with this key is still reserving credits: wait for its outcome.
    if (Date.now() >= waitUntil)
      throw new AppError('conflict', 'A request with this Idempotency-Key is still being processed; retry shortly.');
    await sleep(50);
  }
}
