// A job's end as the lifecycle store records it, over the world's rows: CompleteJob's success
// (settled when billing went first, else the settle pending) and FailJob's failure (released, else
// the release pending), each recorded as it was asked.
import type { Completion, Failure } from '../../store/lifecycle.ts';
import { AT, type JobsWorld } from './world.ts';

export function fakeLifecycle(world: JobsWorld) {
  const completions: Completion[] = [];
  const failures: Failure[] = [];
  /** The billing state the job's end leaves: `done` when billing went first, `pending` otherwise. */
  const billingAfter = (jobId: string, billedFirst: boolean, done: string, pending: string) => {
    const row = world.rows.get(jobId)!;
    return { row, billingState: row.billingState !== 'held' ? row.billingState : billedFirst ? done : pending };
  };
  const lifecycle = {
    async complete(input: Completion) {
      completions.push(input);
      const { row, billingState } = billingAfter(input.jobId, input.settledMicro !== null, 'settled', 'settle_pending');
      return world.put({ ...row, status: 'succeeded', artifactIds: [input.artifactId], billingState, finishedAt: AT });
    },
    async fail(input: Failure) {
      failures.push(input);
      const { row, billingState } = billingAfter(input.jobId, input.released, 'released', 'release_pending');
      const failed = { status: 'failed', errorCode: input.code, errorMessage: input.message, finishedAt: AT };
      return world.put({ ...row, ...failed, billingState });
    },
  };
  return { lifecycle, completions, failures };
}
