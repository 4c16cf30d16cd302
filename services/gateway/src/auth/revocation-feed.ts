import type { Bus, Subscription } from '@tp/bus';
import { ACCOUNT_EVENTS_FILTER, type AccountEventPayload } from '@tp/events';
import type { Logger } from '@tp/logging';
import type { PrincipalCache } from './principal-cache.ts';

/**
 * Keeps the principal cache honest: every account event (token or session revoked, features
 * changed, account deleted) evicts that user's cached credentials. The cache is only used
 * while this feed is connected.
 */
export async function startRevocationFeed(bus: Bus, cache: PrincipalCache, log: Logger): Promise<Subscription> {
  const subscription = await bus.subscribeEvents<AccountEventPayload>({
    filterSubject: ACCOUNT_EVENTS_FILTER,
    handler: (event) => {
      const userId = event.data?.user_id;
      if (typeof userId !== 'string') return;
      const evicted = cache.evictUser(userId);
      log.debug({ subject: event.subject, userId, evicted }, 'credential cache evicted');
    },
  });
  cache.setLive(true);

  let stopped = false;
  void (async () => {
    for await (const status of bus.connection.status()) {
      if (stopped) return;
      if (status.type === 'disconnect') cache.setLive(false);
      if (status.type === 'reconnect') cache.setLive(true);
    }
  })();

  return {
    async stop() {
      stopped = true;
      cache.setLive(false);
      await subscription.stop();
    },
  };
}
