/**
 * Wakes finalize calls waiting on a media as soon as this replica settles its verification.
 * A verification settled by another replica is seen at the waiter's next database poll.
 */
export function createSettledSignal() {
  const waiters = new Map<string, Set<() => void>>();
  return {
    notify(mediaId: string): void {
      for (const wake of waiters.get(mediaId) ?? []) wake();
    },
    /** Resolves after `ms`, or earlier when `notify(mediaId)` is called. */
    wait(mediaId: string, ms: number): Promise<void> {
      return new Promise((resolve) => {
        const set = waiters.get(mediaId) ?? new Set();
        waiters.set(mediaId, set);
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          if (set.size === 0) waiters.delete(mediaId);
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, ms));
        set.add(done);
      });
    },
  };
}

export type SettledSignal = ReturnType<typeof createSettledSignal>;
