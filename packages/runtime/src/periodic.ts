import type { Logger } from '@tp/logging';

export interface PeriodicTask {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs`, never two at once in this process: a tick that finds the last
 * run still going is skipped. A failed run is logged and the next tick tries again. The timer
 * does not keep the process alive.
 */
export function startPeriodicTask(options: {
  name: string;
  intervalMs: number;
  log: Logger;
  run: () => Promise<unknown>;
}): PeriodicTask {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = options
      .run()
      .catch((err: unknown) => options.log.error({ err, task: options.name }, `${options.name} failed`))
      .finally(() => {
        running = undefined;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
