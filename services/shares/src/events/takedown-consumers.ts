import { STREAMS, type Bus, type BusMessage, type Subscription } from '@tp/bus';
import { ACCOUNT_EVENTS, MEDIA_EVENTS, type AccountEventPayload, type MediaDeletedPayload } from '@tp/events';
import { type TakeDownAccountSharesDeps, takeDownAccountShares } from '../usecases/take-down-account-shares.ts';
import { type TakeDownMediaSharesDeps, takeDownMediaShares } from '../usecases/take-down-media-shares.ts';
import type { SourceFacts } from '../usecases/source-facts.ts';

// Durable consumers of the EVENTS stream that take shares down when what they show is deleted.
// Each confirms the deletion with the service that owns the thing (media, accounts) before it acts:
// an event alone takes nothing down, whoever published it. Taking down is idempotent (only shares
// not yet taken down change), so a redelivered or replayed event does nothing more; a new durable
// starts at the beginning of the stream (7 days) so events published before this service first ran
// are not missed.

export const MEDIA_DELETED_DURABLE = 'shares-media-deleted';
export const ACCOUNT_DELETED_DURABLE = 'shares-account-deleted';

const MAX_DELIVER = 10;
const ACK_WAIT_MS = 30_000;

export type TakedownHandlerDeps = TakeDownMediaSharesDeps & TakeDownAccountSharesDeps & { sources: SourceFacts };

export interface TakedownConsumerDeps extends TakedownHandlerDeps {
  bus: Bus;
}

const isId = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value);

/**
 * `events.media.deleted`: once media confirms it is gone, every share of that media is taken down; an
 * event naming none, or naming media that still exists, is skipped.
 */
export async function handleMediaDeleted(
  deps: TakedownHandlerDeps,
  message: Pick<BusMessage<MediaDeletedPayload>, 'data' | 'sequence'>,
): Promise<number> {
  const { media_id: mediaId, user_id: userId } = message.data ?? ({} as MediaDeletedPayload);
  if (!isId(mediaId) || !isId(userId)) {
    deps.log.error({ seq: message.sequence }, 'media deleted event without media_id or user_id; skipped');
    return 0;
  }
  if (!(await deps.sources.mediaGone(userId, mediaId))) {
    deps.log.warn({ seq: message.sequence, userId, mediaId }, 'media deleted event for media that exists; skipped');
    return 0;
  }
  return takeDownMediaShares(deps, { userId, mediaId });
}

/**
 * `events.account.deleted`: once accounts confirms the account is gone, every share of that user is
 * taken down; an event naming none, or naming an account that still exists, is skipped.
 */
export async function handleAccountDeleted(
  deps: TakedownHandlerDeps,
  message: Pick<BusMessage<AccountEventPayload>, 'data' | 'sequence'>,
): Promise<number> {
  const userId = message.data?.user_id;
  if (!isId(userId)) {
    deps.log.error({ seq: message.sequence }, 'account deleted event without user_id; skipped');
    return 0;
  }
  if (!(await deps.sources.accountGone(userId))) {
    deps.log.warn({ seq: message.sequence, userId }, 'account deleted event for an account that exists; skipped');
    return 0;
  }
  return takeDownAccountShares(deps, { userId });
}

export async function startTakedownConsumers(deps: TakedownConsumerDeps): Promise<Subscription[]> {
  const { bus } = deps;
  const handlerDeps: TakedownHandlerDeps = {
    takedowns: deps.takedowns,
    sources: deps.sources,
    log: deps.log.child({ component: 'takedown' }),
    now: deps.now,
  };
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
