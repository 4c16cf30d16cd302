import { connect, headers as natsHeaders, nanos, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  type ConsumerConfig,
  type JetStreamClient,
  type JetStreamManager,
  type JetStreamPublishOptions,
  type PubAck,
} from '@nats-io/jetstream';
import { context, propagation, SpanKind } from '@opentelemetry/api';
import { currentRequestId, REQUEST_ID_HEADER, type Logger } from '@tp/logging';
import { withSpan } from '@tp/telemetry';
import type { ConsumerDeclaration, StreamDeclaration } from './declarations.ts';
import { startConsumer, type ConsumeOptions } from './consume.ts';
import { startEventSubscription, type SubscribeEventsOptions } from './events.ts';
import { contextHeaders, headerGetter, type MessageHeaders } from './propagation.ts';

export type { PubAck } from '@nats-io/jetstream';

export interface BusOptions {
  url: string;
  /** Connection name, shown by the server's monitoring (use the service name). */
  name: string;
  /** Isolates tests: subjects become `<prefix>.<subject>`, stream names `<PREFIX>_<NAME>`. Empty in production. */
  prefix?: string;
  log: Logger;
}

export interface PublishOptions {
  /** Becomes `Nats-Msg-Id`: the stream drops a second message with the same id within its duplicate window. */
  msgId?: string;
  /** Extra headers; an explicit `traceparent` / `x-request-id` here wins over the caller's context (outbox relay). */
  headers?: MessageHeaders;
}

export interface Subscription {
  /** Stops fetching, waits for handlers in flight to finish (and be acknowledged). */
  stop(): Promise<void>;
}

export interface Bus {
  readonly prefix: string;
  /** The raw connection and manager, for tooling (queue depth, stream info) and tests. */
  readonly connection: NatsConnection;
  readonly jetstream: JetStreamClient;
  readonly manager: JetStreamManager;
  subject(logical: string): string;
  streamName(logical: string): string;
  ensureStreams(declarations: readonly StreamDeclaration[]): Promise<void>;
  ensureConsumer(stream: string, declaration: ConsumerDeclaration): Promise<void>;
  publish(subject: string, payload: unknown, options?: PublishOptions): Promise<PubAck>;
  consume<T = unknown>(options: ConsumeOptions<T>): Promise<Subscription>;
  subscribeEvents<T = unknown>(options: SubscribeEventsOptions<T>): Promise<Subscription>;
  /** Stops every consumer and subscription of this bus, then drains the connection. */
  close(): Promise<void>;
}

const PREFIX = /^[A-Za-z0-9_-]{1,32}$/;

export async function connectBus(options: BusOptions): Promise<Bus> {
  const prefix = options.prefix ?? '';
  if (prefix !== '' && !PREFIX.test(prefix)) throw new TypeError(`bus prefix must match ${PREFIX}, got ${JSON.stringify(prefix)}`);
  const connection = await connect({ servers: options.url, name: options.name, maxReconnectAttempts: -1 });
  const manager = await jetstreamManager(connection);
  const js = jetstream(connection);
  const log = options.log.child({ component: 'bus' });
  const active = new Set<Subscription>();

  void (async () => {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect' || status.type === 'error') log.warn({ status: status.type }, 'nats connection status');
    }
  })();

  const subject = (logical: string): string => (prefix ? `${prefix}.${logical}` : logical);
  const streamName = (logical: string): string => (prefix ? `${prefix.toUpperCase()}_${logical}` : logical);

  function track(subscription: Subscription): Subscription {
    active.add(subscription);
    return {
      stop: async () => {
        active.delete(subscription);
        await subscription.stop();
      },
    };
  }

  const bus: Bus = {
    prefix,
    connection,
    jetstream: js,
    manager,
    subject,
    streamName,

    async ensureStreams(declarations) {
      for (const declaration of declarations) await ensureStream(manager, streamName(declaration.name), declaration, subject);
    },

    async ensureConsumer(stream, declaration) {
      await ensureDurable(manager, streamName(stream), declaration, subject);
    },

    async publish(logical, payload, publishOptions = {}) {
      const body = JSON.stringify(payload);
      if (body === undefined) throw new TypeError(`payload for ${logical} is not JSON-serialisable`);
      const explicit = publishOptions.headers ?? {};
      // An explicit trace context (an outbox row) is the parent of this send, not the relay's own context.
      const parent = propagation.extract(context.active(), explicit, headerGetter);
      return withSpan(
        `send ${logical}`,
        { kind: SpanKind.PRODUCER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': logical }, parent },
        async () => {
          const all: MessageHeaders = { ...explicit, ...contextHeaders(), 'content-type': 'application/json' };
          const requestId = explicit[REQUEST_ID_HEADER] ?? currentRequestId();
          if (requestId) all[REQUEST_ID_HEADER] = requestId;
          else delete all[REQUEST_ID_HEADER];
          const natsHeaderSet = natsHeaders();
          for (const [key, value] of Object.entries(all)) natsHeaderSet.set(key, value);
          const jsOptions: Partial<JetStreamPublishOptions> = { headers: natsHeaderSet };
          if (publishOptions.msgId) jsOptions.msgID = publishOptions.msgId;
          return js.publish(subject(logical), body, jsOptions);
        },
      );
    },

    async consume(consumeOptions) {
      const concurrency = consumeOptions.concurrency ?? 1;
      if (!Number.isInteger(concurrency) || concurrency < 1) throw new TypeError('concurrency must be a positive integer');
      await bus.ensureConsumer(consumeOptions.stream, {
        durable: consumeOptions.durable,
        filterSubject: consumeOptions.filterSubject,
        maxDeliver: consumeOptions.maxDeliver,
        ackWaitMs: consumeOptions.ackWaitMs,
        maxAckPending: consumeOptions.maxAckPending,
        deliverPolicy: consumeOptions.deliverPolicy,
      });
      const stream = streamName(consumeOptions.stream);
      const consumer = await js.consumers.get(stream, consumeOptions.durable);
      // A 2.9 server keeps a terminated message in a work-queue stream forever: remove it ourselves.
      const { config } = await manager.streams.info(stream);
      const discard = config.retention === 'workqueue' ? (seq: number) => manager.streams.deleteMessage(stream, seq, false).then(() => undefined) : undefined;
      return track(startConsumer(consumer, consumeOptions, { prefix, log, discard }));
    },

    async subscribeEvents(subscribeOptions) {
      return track(await startEventSubscription(js, manager, subscribeOptions, { prefix, log, subject, streamName }));
    },

    async close() {
      await Promise.all([...active].map((subscription) => subscription.stop()));
      active.clear();
      if (!connection.isClosed()) await connection.drain();
    },
  };
  return bus;
}

function isApiError(err: unknown, code: number): boolean {
  return err instanceof JetStreamApiError && err.code === code;
}

async function ensureStream(manager: JetStreamManager, name: string, declaration: StreamDeclaration, subject: (s: string) => string): Promise<void> {
  const wanted = {
    subjects: declaration.subjects.map(subject),
    max_age: nanos(declaration.maxAgeMs ?? 0),
    duplicate_window: nanos(declaration.duplicateWindowMs),
    description: declaration.description ?? '',
  };
  let existing;
  try {
    existing = await manager.streams.info(name);
  } catch (err) {
    if (!isApiError(err, JetStreamApiCodes.StreamNotFound)) throw err;
  }
  if (!existing) {
    try {
      await manager.streams.add({ name, retention: declaration.retention, storage: declaration.storage, ...wanted });
      return;
    } catch (err) {
      // Another replica may have created it between our info and add: converge through update.
      existing = await manager.streams.info(name).catch(() => {
        throw err;
      });
    }
  }
  const config = existing.config;
  if (config.retention !== declaration.retention || config.storage !== declaration.storage) {
    throw new Error(
      `stream ${name} exists with retention=${config.retention} storage=${config.storage}, declared retention=${declaration.retention} storage=${declaration.storage}; these cannot change in place (migrate the stream)`,
    );
  }
  const same =
    config.subjects.join(',') === wanted.subjects.join(',') &&
    config.max_age === wanted.max_age &&
    config.duplicate_window === wanted.duplicate_window &&
    (config.description ?? '') === wanted.description;
  if (!same) await manager.streams.update(name, wanted);
}

/**
 * The server gives up on a message a few deliveries after `maxDeliver`, not at it: deliveries past
 * `maxDeliver` (the handler timed out, its process died, or the dead-letter callback failed) are
 * still seen by the bus, which dead-letters them instead of losing them silently.
 */
export const DEAD_LETTER_GRACE_DELIVERIES = 5;

async function ensureDurable(manager: JetStreamManager, stream: string, declaration: ConsumerDeclaration, subject: (s: string) => string): Promise<void> {
  if (!Number.isInteger(declaration.maxDeliver) || declaration.maxDeliver < 1) throw new TypeError('maxDeliver must be a positive integer');
  if (!Number.isInteger(declaration.ackWaitMs) || declaration.ackWaitMs < 1000) throw new TypeError('ackWaitMs must be an integer of at least 1000');
  const wanted: Partial<ConsumerConfig> = {
    ack_wait: nanos(declaration.ackWaitMs),
    max_deliver: declaration.maxDeliver + DEAD_LETTER_GRACE_DELIVERIES,
    max_ack_pending: declaration.maxAckPending ?? 1000,
    description: declaration.description ?? '',
  };
  const filter = declaration.filterSubject ? subject(declaration.filterSubject) : undefined;
  let existing;
  try {
    existing = await manager.consumers.info(stream, declaration.durable);
  } catch (err) {
    if (!isApiError(err, JetStreamApiCodes.ConsumerNotFound)) throw err;
  }
  if (!existing) {
    try {
      await manager.consumers.add(stream, {
        ...wanted,
        durable_name: declaration.durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: declaration.deliverPolicy === 'new' ? DeliverPolicy.New : DeliverPolicy.All,
        ...(filter ? { filter_subject: filter } : {}),
      });
      return;
    } catch (err) {
      existing = await manager.consumers.info(stream, declaration.durable).catch(() => {
        throw err;
      });
    }
  }
  const config = existing.config;
  if ((config.filter_subject || undefined) !== filter) {
    throw new Error(`consumer ${stream}/${declaration.durable} filters ${config.filter_subject || '(nothing)'}, declared ${filter ?? '(nothing)'}; use a new durable name`);
  }
  const same =
    config.ack_wait === wanted.ack_wait &&
    config.max_deliver === wanted.max_deliver &&
    config.max_ack_pending === wanted.max_ack_pending &&
    (config.description ?? '') === wanted.description;
  if (!same) await manager.consumers.update(stream, declaration.durable, wanted);
}
