export {
  busSettingsOf,
  connectBus,
  DEAD_LETTER_GRACE_DELIVERIES,
  type Bus,
  type BusOptions,
  type NatsConfig,
  type ConsumerBacklog,
  type PublishOptions,
  type Subscription,
  type PubAck,
} from './bus.ts';
export {
  BUCKETS,
  STREAMS,
  type BucketDeclaration,
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
export {
  busAccountKey,
  busUserCredentials,
  createBusAuthority,
  jobWindowCredentials,
  natsServerAuthConfig,
  windowsSignerOf,
  type BusAuthority,
  type UserCredentialsOptions,
  type WindowsSigner,
} from './credentials.ts';
export { connectJobWindows, type JobWindowsConnection } from './job-windows.ts';
export {
  BUS_ROLES,
  busPermissions,
  inboxPrefixOf,
  jobWindowsInbox,
  jobWindowsTemplate,
  ROLE_GRANTS,
  type BusRole,
} from './permissions.ts';
export {
  DEFAULT_RATE_LIMIT_MAX_WINDOW_SECONDS,
  provisionBus,
  type BusProvisionOptions,
  type BusProvisionReport,
} from './provision-fleet.ts';
