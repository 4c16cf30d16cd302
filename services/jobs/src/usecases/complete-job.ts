import { AppError } from '@tp/errors';
import { checkRequiredId } from '../domain/job-rules.ts';
import type { JobQueries } from '../store/queries.ts';
import type { LifecycleStore } from '../store/lifecycle.ts';
import type { QueueStore } from '../store/queue.ts';
import type { CreditHolds } from './credit-holds.ts';
import { type JobWithPosition, withPosition } from './positions.ts';
import { runsWithHeldCredits } from './running-job.ts';

export interface CompleteJobDeps {
  queries: Pick<JobQueries, 'findJobById'>;
  lifecycle: Pick<LifecycleStore, 'complete'>;
  queue: Pick<QueueStore, 'positions'>;
  holds: Pick<CreditHolds, 'settle' | 'settleEarly'>;
  now: () => Date;
  nudgeOutbox: () => void;
}

export interface CompleteJobInput {
  jobId: string;
  ticketId: string;
  artifactId: string;
  billedSeconds: number;
  /** '' when the worker did not detect one. */
  language: string;
}

/** CompleteJob: a worker's success, with the transcript it stored; the hold is settled once. */
export async function completeJob(deps: CompleteJobDeps, input: CompleteJobInput): Promise<JobWithPosition> {
  const jobId = checkRequiredId('job_id', input.jobId);
  const ticketId = checkRequiredId('ticket_id', input.ticketId);
  const artifactId = checkRequiredId('artifact_id', input.artifactId);
  if (!Number.isFinite(input.billedSeconds) || input.billedSeconds < 0)
    throw new AppError('bad_request', 'billed_seconds must be a number of at least 0.');
  const language = input.language.trim() === '' ? null : input.language.trim().slice(0, 16);
  // Billing first, so a client that sees the job succeeded also sees its credits settled.
  const settledMicro = (await runsWithHeldCredits(deps.queries, jobId, ticketId))
    ? await deps.holds.settleEarly(jobId, input.billedSeconds)
    : null;
  const recorded = await deps.lifecycle.complete(
    { jobId, ticketId, artifactId, billedSeconds: input.billedSeconds, language, settledMicro },
    deps.now(),
  );
  deps.nudgeOutbox();
  // Settles once; a repeated call (or the reconciler) finishes a settle that did not go through.
  return withPosition(deps.queue, await deps.holds.settle(recorded));
}
