import type { Bus, Subscription } from '@tp/bus';
import { ACCOUNT_EVENTS_FILTER, type AccountEventPayload } from '@tp/events';
import type { Logger } from '@tp/logging';
import { startLiveFeed } from '../events/live-feed.ts';
import type { PrincipalCache } from './principal-cache.ts';

/**
 * Keeps the principal cache honest: every account event (token or session revoked, features
 * changed, account deleted) evicts that user's cached credentials. The cache is only used
 * while this feed is connected.
 */
export function startRevocationFeed(bus: Bus, cache: PrincipalCache, log: Logger): Promise<Subscription> {
  return startLiveFeed<AccountEventPayload>(
    bus,
    ACCOUNT_EVENTS_FILTER,
    (event) => {
      const userId = event.data?.user_id;
      if (typeof userId !== 'string') return;
      const evicted = cache.evictUser(userId);
      log.debug({ subject: event.subject, userId, evicted }, 'credential cache evicted');
    },
    (live) => cache.setLive(live),
  );
}
