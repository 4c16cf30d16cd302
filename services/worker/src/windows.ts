import { connectJobWindows } from '@tp/bus';
import type { Logger } from '@tp/logging';
import type { WorkerConfig } from './config.ts';
import type { OpenJobWindows } from './usecases/window-items/window-checkpoints.ts';

/**
 * How the worker reaches a job's windows (ADR 0041): a NATS connection of the job's own window
 * credentials, which reach that job's keys of the WINDOWS bucket alone. None without credentials,
 * and none (logged) when NATS refuses or does not answer: the job then runs without checkpoints or
 * fan-out, and a window item goes back to the pool.
 */
export function jobWindowsOpener(config: Pick<WorkerConfig, 'NATS_URL'>, log: Logger): OpenJobWindows {
  return async (credentials, jobId) => {
    if (!credentials) return undefined;
    try {
      return await connectJobWindows({ url: config.NATS_URL, credentials, jobId, name: 'worker-windows' });
    } catch (err) {
      log.warn({ err, jobId }, "the job's windows could not be reached");
      return undefined;
    }
  };
}
