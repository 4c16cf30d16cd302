import type { Logger } from '@tp/logging';
import type { DeviceRunStore } from '../store/device-runs.ts';
import type { CreditHolds } from '../usecases/credit-holds.ts';

export interface DeviceTimeoutDeps {
  deviceRuns: Pick<DeviceRunStore, 'idleDeviceJobs' | 'failIdle'>;
  holds: Pick<CreditHolds, 'release'>;
  log: Logger;
  /**
   * A client-local job that hears nothing from its device (no progress report, no transcript) for
   * this long since its creation or the last report fails `device_timeout` (ADR 0023).
   */
  clientLocalIdleTimeoutMs: number;
}

/**
 * Fails the client-local jobs whose device went silent, each once (`events.job.failed` through the
 * outbox). They hold no credits; the release step is there for any job that ever does.
 */
export async function failIdleDeviceJobs(deps: DeviceTimeoutDeps, at: Date, batchSize: number): Promise<number> {
  let timedOut = 0;
  const silentSince = new Date(at.getTime() - deps.clientLocalIdleTimeoutMs);
  for (const { id } of await deps.deviceRuns.idleDeviceJobs(silentSince, batchSize)) {
    const failed = await deps.deviceRuns.failIdle(id, silentSince, at, deps.clientLocalIdleTimeoutMs);
    if (failed) {
      timedOut += 1;
      deps.log.info({ jobId: id }, 'failed a client-local job whose device went silent');
      await deps.holds.release(failed, at);
    }
  }
  return timedOut;
}
