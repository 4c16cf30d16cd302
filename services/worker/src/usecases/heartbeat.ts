export interface Heartbeat {
  /** Stops beating; a beat in flight finishes on its own. */
  stop(): void;
}

/**
 * Runs `beat` every `intervalMs`, one at a time (a slow beat delays the next instead of piling
 * up). `beat` must not throw; it logs its own failures.
 */
export function startHeartbeat(intervalMs: number, beat: () => Promise<void>): Heartbeat {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void beat().finally(schedule);
    }, intervalMs);
  };
  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
