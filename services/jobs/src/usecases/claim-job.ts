import { isUniqueViolation } from '@tp/db';
import { AppError, isAppError } from '@tp/errors';
import type { Logger } from '@tp/logging';
import { checkJobType, checkRequiredId } from '../domain/job-rules.ts';
import { storedOptions } from '../domain/stored-options.ts';
import type { ClaimRequest, LifecycleStore } from '../store/lifecycle.ts';
import type { Job } from '../store/records.ts';
import { type FailJobDeps, failJob } from './fail-job.ts';
import { type JobWithPosition, withPosition } from './positions.ts';

export interface ClaimJobDeps extends FailJobDeps {
  lifecycle: Pick<LifecycleStore, 'claim' | 'fail'>;
  log: Logger;
}

/** A work ticket as a worker received it (checked by `checkClaim`). */
export type ClaimJobInput = ClaimRequest;

const POOL = /^[a-z][a-z0-9_-]{0,31}$/;

function checkClaim(input: ClaimJobInput): ClaimRequest {
  const ticketId = checkRequiredId('ticket_id', input.ticketId);
  const jobType = checkJobType(input.jobType);
  if (!POOL.test(input.pool)) throw new AppError('bad_request', 'pool is missing or malformed.');
  if (input.engines.length === 0) throw new AppError('bad_request', 'engines must name the engines this worker runs.');
  return {
    ticketId,
    workerId: input.workerId.slice(0, 200),
    jobType,
    pool: input.pool,
    engines: input.engines,
    deliveryCount: Math.max(1, input.deliveryCount),
    maxAttempts: Math.max(0, input.maxAttempts),
  };
}

/** ClaimJob: the job a ticket runs (the head of its queue), or null when the worker acks it and moves on. */
export async function claimJob(deps: ClaimJobDeps, input: ClaimJobInput): Promise<JobWithPosition | null> {
  const claim = checkClaim(input);
  // Two deliveries of one ticket claiming at once: the loser finds the winner's binding.
  const outcome = await deps.lifecycle.claim(claim, deps.now()).catch((err: unknown) => {
    if (isUniqueViolation(err)) return deps.lifecycle.claim(claim, deps.now());
    throw err;
  });
  if (outcome.outcome === 'none') return null;
  deps.nudgeOutbox();
  if (outcome.outcome === 'worker_lost') {
    deps.log.warn(
      { jobId: outcome.job.id, ticketId: claim.ticketId, attempts: outcome.job.attempts },
      'job failed: its worker was lost too often',
    );
    await deps.holds.release(outcome.job);
    return null;
  }
  if (await failedUnreadable(deps, outcome.job, claim.ticketId)) return null;
  return withPosition(deps.queue, outcome.job);
}

/**
 * A claimed job whose stored options do not decode never runs on defaults (ADR 0033): it fails
 * job_options_unreadable, its hold released, and the worker acks its ticket. True when it did.
 */
async function failedUnreadable(deps: ClaimJobDeps, job: Job, ticketId: string): Promise<boolean> {
  try {
    storedOptions(job.optionsJson);
    return false;
  } catch (err) {
    if (!isAppError(err)) throw err;
    deps.log.error(
      { jobId: job.id, ticketId, reason: err.details.reason },
      'job failed: its stored options do not decode',
    );
    await failJob(deps, { jobId: job.id, ticketId, errorCode: err.code, errorMessage: err.message });
    return true;
  }
}
