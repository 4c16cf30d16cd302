import { checkRequiredId, failureCode, failureMessage } from '../domain/job-rules.ts';
import type { JobQueries } from '../store/queries.ts';
import type { LifecycleStore } from '../store/lifecycle.ts';
import type { QueueStore } from '../store/queue.ts';
import type { CreditHolds } from './credit-holds.ts';
import { type JobWithPosition, withPosition } from './positions.ts';
import { runsWithHeldCredits } from './running-job.ts';

export interface FailJobDeps {
  queries: Pick<JobQueries, 'findJobById'>;
  lifecycle: Pick<LifecycleStore, 'fail'>;
  queue: Pick<QueueStore, 'positions'>;
  holds: Pick<CreditHolds, 'release' | 'releaseEarly'>;
  now: () => Date;
  nudgeOutbox: () => void;
}

export interface FailJobInput {
  jobId: string;
  ticketId: string;
  errorCode: string;
  errorMessage: string;
}

/** FailJob: a worker's failure, with its stable code; the hold is released. */
export async function failJob(deps: FailJobDeps, input: FailJobInput): Promise<JobWithPosition> {
  const jobId = checkRequiredId('job_id', input.jobId);
  const ticketId = checkRequiredId('ticket_id', input.ticketId);
  // Billing first, so a client that sees the job failed also sees its hold released.
  const released = (await runsWithHeldCredits(deps.queries, jobId, ticketId))
    ? await deps.holds.releaseEarly(jobId)
    : false;
  const recorded = await deps.lifecycle.fail(
    {
      jobId,
      ticketId,
      code: failureCode(input.errorCode),
      message: failureMessage(input.errorMessage),
      released,
    },
    deps.now(),
  );
  deps.nudgeOutbox();
  return withPosition(deps.queue, await deps.holds.release(recorded));
}
