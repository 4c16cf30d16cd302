// Workers started in the test's own process (startWorkerService), so a test can set their options
// and read the log lines they wrote.
import { createLogger } from '@tp/logging';
import { WorkerConfigSchema } from '../src/config.ts';
import { type RunningWorker, startWorkerService, type WorkerServiceOptions } from '../src/service.ts';

/** A worker started in this process, with the log lines it wrote. */
export interface InProcessWorker {
  service: RunningWorker;
  lines: Record<string, unknown>[];
  /** Log lines with this message (and these fields). */
  logged(msg: string, fields?: Record<string, unknown>): Record<string, unknown>[];
  stop(): Promise<void>;
}

export interface InProcessWorkers {
  /** Starts a worker with the fleet's settings and `extra`; short retry delays unless `hooks` say otherwise. */
  start(extra?: Record<string, string>, hooks?: WorkerServiceOptions): Promise<InProcessWorker>;
  /** Stops every worker started here that still runs. */
  stopAll(): Promise<void>;
}

let started = 0;

export function inProcessWorkers(
  workerEnv: (extra: Record<string, string>) => Record<string, string>,
): InProcessWorkers {
  const running = new Set<InProcessWorker>();
  return {
    async start(extra = {}, hooks = { retryDelaysMs: [50, 100], backoffMs: [300] }) {
      started += 1;
      const config = WorkerConfigSchema.parse(workerEnv({ WORKER_ID: `worker-test-${started}`, ...extra }));
      const lines: Record<string, unknown>[] = [];
      const captured = createLogger({
        service: 'worker',
        level: 'debug',
        destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
      });
      const service = await startWorkerService(config, captured, hooks);
      let stopping: Promise<void> | undefined;
      const worker: InProcessWorker = {
        service,
        lines,
        logged: (msg, fields = {}) =>
          lines.filter((line) => line.msg === msg && Object.entries(fields).every(([k, v]) => line[k] === v)),
        stop() {
          running.delete(worker);
          stopping ??= service.stop();
          return stopping;
        },
      };
      running.add(worker);
      return worker;
    },

    async stopAll() {
      // Every one is stopped even when one fails; the first failure is thrown at the end.
      let failure: unknown;
      for (const worker of [...running]) await worker.stop().catch((err: unknown) => (failure ??= err));
      if (failure !== undefined) throw failure;
    },
  };
}
