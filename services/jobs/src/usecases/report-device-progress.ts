import { checkDeviceProgress } from '../domain/client-local.ts';
import type { DeviceRunStore } from '../store/device-runs.ts';
import type { JobQueries } from '../store/queries.ts';
import type { QueueStore } from '../store/queue.ts';
import { findDeviceJob } from './device-job.ts';
import { type JobWithPosition, withPosition } from './positions.ts';

export interface ReportDeviceProgressDeps {
  queries: Pick<JobQueries, 'findJob'>;
  deviceRuns: Pick<DeviceRunStore, 'reportProgress'>;
  queue: Pick<QueueStore, 'positions'>;
  now: () => Date;
  nudgeOutbox: () => void;
}

export interface ReportDeviceProgressInput {
  userId: string;
  jobId: string;
  progress: number;
}

/**
 * ReportDeviceProgress: the user's device reports on a client-local job. The first report starts it
 * (its `started` event goes through the outbox), progress never goes back, and each report keeps the
 * job from failing device_timeout.
 */
export async function reportDeviceProgress(
  deps: ReportDeviceProgressDeps,
  input: ReportDeviceProgressInput,
): Promise<JobWithPosition> {
  const job = await findDeviceJob(deps.queries, input.userId, input.jobId);
  const progress = checkDeviceProgress(input.progress);
  const reported = await deps.deviceRuns.reportProgress(job.id, progress, deps.now());
  deps.nudgeOutbox();
  return withPosition(deps.queue, reported);
}
