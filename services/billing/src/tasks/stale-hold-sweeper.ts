import { startPeriodicTask } from '@tp/runtime';
import { type ReleaseStaleUsageHoldsDeps, releaseStaleUsageHolds } from '../usecases/release-stale-usage-holds.ts';

/** Releases stale managed-AI holds in the background (see usecases/release-stale-usage-holds.ts). */
export function startStaleHoldSweeper(deps: ReleaseStaleUsageHoldsDeps & { now: () => Date; intervalMs: number }) {
  const sweep = (at: Date = deps.now()) => releaseStaleUsageHolds(deps, at);
  const task = startPeriodicTask({
    name: 'stale usage hold sweep',
    intervalMs: deps.intervalMs,
    log: deps.log,
    run: () => sweep(),
  });
  return { sweep, stop: () => task.stop() };
}
