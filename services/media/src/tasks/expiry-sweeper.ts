import type { Logger } from '@tp/logging';
import { type PeriodicTask, startPeriodicTask } from '@tp/runtime';
import type { ObjectStore } from '@tp/storage';
import type { ExpiryStore } from '../store/expiry.ts';
import type { MediaLifecycle } from '../store/media-lifecycle.ts';
import { type SweepResult, sweepExpiredUploads } from '../usecases/sweep-expired-uploads.ts';

export type { SweepResult };

export interface ExpirySweeperDeps {
  store: ExpiryStore & Pick<MediaLifecycle, 'objectGone'>;
  objects: Pick<ObjectStore, 'abortMultipart' | 'delete'>;
  log: Logger;
  now: () => Date;
  sessionTtlMs: number;
  batchSize?: number;
}

/** Sweeps expired uploads and orphaned objects now (`sweep`) and periodically (`start`). */
export function createExpirySweeper(deps: ExpirySweeperDeps) {
  const sweepDeps = { ...deps, batchSize: deps.batchSize ?? 100 };
  const sweep = (at: Date = deps.now()): Promise<SweepResult> => sweepExpiredUploads(sweepDeps, at);

  let task: PeriodicTask | undefined;
  return {
    sweep,
    /** Sweeps every `intervalMs` (never two sweeps at once in this process). */
    start(intervalMs = 60_000): void {
      task = startPeriodicTask({ name: 'expiry sweep', intervalMs, log: deps.log, run: () => sweep() });
    },
    async stop(): Promise<void> {
      await task?.stop();
    },
  };
}

export type ExpirySweeper = ReturnType<typeof createExpirySweeper>;
