import type { Bus, BusEvent, Subscription } from '@tp/bus';

/**
 * An event subscription that a cache trusts: `setLive(true)` once it is subscribed and after a
 * reconnect, `setLive(false)` on a disconnect and when it stops, so the cache keeps nothing that
 * an event it missed would have evicted.
 */
export async function startLiveFeed<T>(
  bus: Bus,
  filterSubject: string,
  handler: (event: BusEvent<T>) => void,
  setLive: (live: boolean) => void,
): Promise<Subscription> {
  const subscription = await bus.subscribeEvents<T>({ filterSubject, handler });
  setLive(true);

  let stopped = false;
  void (async () => {
    for await (const status of bus.connection.status()) {
      if (stopped) return;
      if (status.type === 'disconnect') setLive(false);
      if (status.type === 'reconnect') setLive(true);
    }
  })();

  return {
    async stop() {
      stopped = true;
      setLive(false);
      await subscription.stop();
    },
  };
}
