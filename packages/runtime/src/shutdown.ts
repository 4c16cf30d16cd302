import type { Logger } from '@tp/logging';

export interface ShutdownStep {
  name: string;
  run: () => Promise<void>;
}

export interface ShutdownOptions {
  log: Logger;
  /** Run in order: typically stop taking work, drain servers, close clients and pools, flush telemetry. */
  steps: ShutdownStep[];
  /** The whole sequence must finish within this, or the process exits 1. */
  timeoutMs?: number;
  /** Signals that start the sequence; a second one forces exit. Tests pass []. */
  signals?: NodeJS.Signals[];
  /** How to end the process; tests inject a recorder. */
  exit?: (code: number) => void;
}

/**
 * Installs the graceful-shutdown sequence. Every step runs even when an earlier one
 * fails (each failure is logged), then the process exits 0; it exits 1 when the steps
 * outlast `timeoutMs` or when a second signal arrives. Returns a trigger that starts the
 * same sequence from code and resolves once it has called `exit`.
 */
export function handleShutdown(options: ShutdownOptions): (reason?: string) => Promise<void> {
  const {
    log,
    steps,
    timeoutMs = 10_000,
    signals = ['SIGTERM', 'SIGINT'],
    exit = (code: number) => process.exit(code),
  } = options;
  let running: Promise<void> | undefined;
  let exited = false;
  const exitOnce = (code: number) => {
    if (exited) return;
    exited = true;
    exit(code);
  };

  const trigger = (reason = 'requested'): Promise<void> => {
    running ??= new Promise<void>((resolve) => {
      log.info({ reason, steps: steps.map((s) => s.name) }, 'shutting down');
      const started = Date.now();
      const deadline = setTimeout(() => {
        log.error({ timeout_ms: timeoutMs }, 'shutdown took too long; exiting');
        exitOnce(1);
        resolve();
      }, timeoutMs);
      void (async () => {
        for (const step of steps) {
          if (exited) return;
          const stepStarted = Date.now();
          try {
            await step.run();
            log.info({ step: step.name, ms: Date.now() - stepStarted }, 'shutdown step done');
          } catch (err) {
            log.error({ err, step: step.name }, 'shutdown step failed');
          }
        }
        clearTimeout(deadline);
        if (exited) return;
        log.info({ ms: Date.now() - started }, 'shutdown complete');
        exitOnce(0);
        resolve();
      })();
    });
    return running;
  };

  for (const signal of signals) {
    process.on(signal, () => {
      if (running) {
        log.warn({ signal }, 'second signal during shutdown; exiting now');
        exitOnce(1);
        return;
      }
      void trigger(signal);
    });
  }
  return trigger;
}
