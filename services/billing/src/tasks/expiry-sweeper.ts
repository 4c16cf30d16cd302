import { type PeriodicTask, startPeriodicTask } from '@tp/runtime';
import { type SweepExpiredGrantsDeps, type SweepResult, sweepExpiredGrants } from '../usecases/sweep-expired-grants.ts';

export type { SweepResult };

export interface ExpirySweeperDeps extends SweepExpiredGrantsDeps {
  now: () => Date;
}

/** Sweeps past-due grants in the background (see usecases/sweep-expired-grants.ts). */
export function createExpirySweeper(deps: ExpirySweeperDeps) {
  const sweep = (at: Date = deps.now()): Promise<SweepResult> => sweepExpiredGrants(deps, at);
  let task: PeriodicTask | undefined;
  return {
    /** One sweep now (as of `at`, default the clock's now). */
    sweep,
    /** Sweeps every `intervalMs` (never two sweeps at once in this process). */
    start(intervalMs: number): void {
      task = startPeriodicTask({ name: 'grant expiry sweep', intervalMs, log: deps.log, run: () => sweep() });
    },
    async stop(): Promise<void> {
      await task?.stop();
    },
  };
}

export type ExpirySweeper = ReturnType<typeof createExpirySweeper>;
