export {
  connectBus,
  DEAD_LETTER_GRACE_DELIVERIES,
  type Bus,
  type BusOptions,
  type ConsumerBacklog,
  type PublishOptions,
  type Subscription,
  type PubAck,
} from './bus.ts';
export {
  STREAMS,
  eventSubject,
  workSubject,
  type StreamDeclaration,
  type ConsumerDeclaration,
} from './declarations.ts';
export { DEFAULT_BACKOFF_MS, type ConsumeOptions } from './consume.ts';
export type { SubscribeEventsOptions } from './events.ts';
export type { BusEvent, BusMessage } from './message.ts';
export type { MessageHeaders } from './propagation.ts';
export {
  OUTBOX_PRISMA_MODEL,
  outboxTableSql,
  outboxChannel,
  outboxMessage,
  startOutboxRelay,
  writeOutbox,
  type OutboxMessage,
  type OutboxRow,
  type OutboxTable,
  type OutboxRelay,
  type OutboxRelayOptions,
} from './outbox.ts';
export { openBus, openOutboxRelay, openPublisher, type PublisherOptions } from './open.ts';
