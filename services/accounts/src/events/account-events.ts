import { outboxMessage, type OutboxMessage } from '@tp/bus';
import { ACCOUNT_EVENTS, type AccountEventPayload } from '@tp/events';

// The events accounts publishes (through its outbox, in the transaction of the change they
// describe). The gateway drops cached credentials on them; shares takes down a deleted user's links.

function accountEvent(subject: string, payload: Omit<AccountEventPayload, 'occurred_at'>, at: Date): OutboxMessage {
  return outboxMessage(subject, { ...payload, occurred_at: at.toISOString() } satisfies AccountEventPayload);
}

export const tokenRevoked = (userId: string, tokenId: string, at: Date): OutboxMessage =>
  accountEvent(ACCOUNT_EVENTS.tokenRevoked, { user_id: userId, token_id: tokenId }, at);

export const sessionsRevoked = (userId: string, deviceIds: string[], at: Date): OutboxMessage =>
  accountEvent(ACCOUNT_EVENTS.sessionRevoked, { user_id: userId, device_ids: deviceIds }, at);

export const featuresChanged = (userId: string, at: Date): OutboxMessage =>
  accountEvent(ACCOUNT_EVENTS.featuresChanged, { user_id: userId }, at);

export const accountDeleted = (userId: string, at: Date): OutboxMessage =>
  accountEvent(ACCOUNT_EVENTS.deleted, { user_id: userId }, at);
