import type { CancellationStore } from '../store/cancellation.ts';
import type { JobQueries } from '../store/queries.ts';
import type { QueueStore } from '../store/queue.ts';
import type { CreditHolds } from './credit-holds.ts';
import type { JobRef } from './get-job.ts';
import { type JobWithPosition, withPosition } from './positions.ts';
import { findUserJob } from './user-job.ts';

export interface CancelJobDeps {
  queries: Pick<JobQueries, 'findJob' | 'findJobById'>;
  queue: Pick<QueueStore, 'positions'>;
  cancellation: CancellationStore;
  holds: Pick<CreditHolds, 'finish'>;
  now: () => Date;
  nudgeOutbox: () => void;
}

/** CancelJob: a queued or running job, or every unfinished item of a batch; their holds are released. */
export async function cancelJob(deps: CancelJobDeps, input: JobRef): Promise<JobWithPosition> {
  const job = await findUserJob(deps.queries, input.userId, input.jobId);
  const { job: cancelled, ended } = await deps.cancellation.cancel(job, deps.now());
  deps.nudgeOutbox();
  // The billing step of the jobs that just ended; a failure leaves it to the reconciler.
  for (const item of ended) await deps.holds.finish(item);
  return withPosition(deps.queue, (await deps.queries.findJobById(cancelled.id)) ?? cancelled);
}
