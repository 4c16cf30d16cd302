import { STREAMS, type Bus, type BusMessage, type Subscription } from '@tp/bus';
import { ACCOUNT_EVENTS, MEDIA_EVENTS, type AccountEventPayload, type MediaDeletedPayload } from '@tp/events';
import type { Logger } from '@tp/logging';
import type { SharesStore } from '../store/shares-store.ts';

// Durable consumers of the EVENTS stream that take shares down when what they show is deleted.
// Taking down is idempotent (only shares not yet taken down change), so a redelivered or replayed
// event does nothing more; a new durable starts at the beginning of the stream (7 days) so events
// published before this service first ran are not missed.

export const MEDIA_DELETED_DURABLE = 'shares-media-deleted';
export const ACCOUNT_DELETED_DURABLE = 'shares-account-deleted';

const MAX_DELIVER = 10;
const ACK_WAIT_MS = 30_000;

export interface TakedownConsumerDeps {
  bus: Bus;
  store: SharesStore;
  log: Logger;
  now: () => Date;
}

const isId = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value);

/** `events.media.deleted`: every share of that media is taken down. */
export async function handleMediaDeleted(deps: Omit<TakedownConsumerDeps, 'bus'>, message: Pick<BusMessage<MediaDeletedPayload>, 'data' | 'sequence'>): Promise<number> {
  const { media_id: mediaId, user_id: userId } = message.data ?? ({} as MediaDeletedPayload);
  if (!isId(mediaId) || !isId(userId)) {
    deps.log.error({ seq: message.sequence }, 'media deleted event without media_id or user_id; skipped');
    return 0;
  }
  const count = await deps.store.takeDownByMedia(userId, mediaId, 'media_deleted', deps.now());
  if (count > 0) deps.log.info({ mediaId, count }, 'shares of a deleted media taken down');
  return count;
}

/** `events.account.deleted`: every share of that user is taken down. */
export async function handleAccountDeleted(deps: Omit<TakedownConsumerDeps, 'bus'>, message: Pick<BusMessage<AccountEventPayload>, 'data' | 'sequence'>): Promise<number> {
  const userId = message.data?.user_id;
  if (!isId(userId)) {
    deps.log.error({ seq: message.sequence }, 'account deleted event without user_id; skipped');
    return 0;
  }
  const count = await deps.store.takeDownByUser(userId, 'account_deleted', deps.now());
  if (count > 0) deps.log.info({ userId, count }, 'shares of a deleted account taken down');
  return count;
}

export async function startTakedownConsumers(deps: TakedownConsumerDeps): Promise<Subscription[]> {
  const { bus } = deps;
  const log = deps.log.child({ component: 'takedown' });
  const handlerDeps = { store: deps.store, log, now: deps.now };
  const media = await bus.consume<MediaDeletedPayload>({
    stream: STREAMS.EVENTS.name,
    durable: MEDIA_DELETED_DURABLE,
    filterSubject: MEDIA_EVENTS.deleted,
    maxDeliver: MAX_DELIVER,
    ackWaitMs: ACK_WAIT_MS,
    handler: async (message) => {
      await handleMediaDeleted(handlerDeps, message);
    },
  });
  const account = await bus.consume<AccountEventPayload>({
    stream: STREAMS.EVENTS.name,
    durable: ACCOUNT_DELETED_DURABLE,
    filterSubject: ACCOUNT_EVENTS.deleted,
    maxDeliver: MAX_DELIVER,
    ackWaitMs: ACK_WAIT_MS,
    handler: async (message) => {
      await handleAccountDeleted(handlerDeps, message);
    },
  });
  return [media, account];
}
