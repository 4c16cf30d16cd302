import { readFile } from 'node:fs/promises';
import { type Authenticator, connect, credsAuthenticator, type NatsConnection } from '@nats-io/transport-node';
import {
  jetstream,
  jetstreamManager,
  type JetStreamClient,
  type JetStreamManager,
  type PubAck,
} from '@nats-io/jetstream';
import type { Logger } from '@tp/logging';
import type { ConsumerDeclaration, StreamDeclaration } from './declarations.ts';
import { startConsumer, type ConsumeOptions } from './consume.ts';
import { startEventSubscription, type SubscribeEventsOptions } from './events.ts';
import { inboxPrefixOf } from './permissions.ts';
import { checkStream, ensureDurable, ensureStream } from './provision.ts';
import { publishMessage, type PublishOptions } from './publish.ts';

export type { PubAck } from '@nats-io/jetstream';
export { DEAD_LETTER_GRACE_DELIVERIES } from './provision.ts';
export type { PublishOptions } from './publish.ts';

export interface BusOptions {
  url: string;
  /** Connection name, shown by the server's monitoring (use the service name). */
  name: string;
  /** Isolates tests: subjects become `<prefix>.<subject>`, stream names `<PREFIX>_<NAME>`. Empty in production. */
  prefix?: string;
  /**
   * The `.creds` file of this identity (its user JWT and seed, ADR 0041); absent only against a
   * server without authorization.
   */
  credentialsFile?: string;
  log: Logger;
}

/** What `natsSettings()` of @tp/config gives a service: where NATS is, its prefix and credentials. */
export interface NatsConfig {
  NATS_URL: string;
  NATS_PREFIX: string;
  NATS_CREDENTIALS_FILE?: string | undefined;
}

/** The bus options of a service named `name` from its configuration (log aside). */
export function busSettingsOf(config: NatsConfig, name: string): Omit<BusOptions, 'log'> {
  return {
    url: config.NATS_URL,
    name,
    prefix: config.NATS_PREFIX,
    ...(config.NATS_CREDENTIALS_FILE ? { credentialsFile: config.NATS_CREDENTIALS_FILE } : {}),
  };
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
  /** Creates or updates streams: the provisioner's part (provision-fleet.ts) and tests'. */
  ensureStreams(declarations: readonly StreamDeclaration[]): Promise<void>;
  /** Checks the streams exist, as a service does at start; a missing one is an error that says to provision. */
  checkStreams(declarations: readonly StreamDeclaration[]): Promise<void>;
  ensureConsumer(stream: string, declaration: ConsumerDeclaration): Promise<void>;
  /** The durable consumers of a stream (logical name) and what each has left: its lag, for metrics. */
  consumerBacklogs(stream: string): Promise<ConsumerBacklog[]>;
  publish(subject: string, payload: unknown, options?: PublishOptions): Promise<PubAck>;
  consume<T = unknown>(options: ConsumeOptions<T>): Promise<Subscription>;
  subscribeEvents<T = unknown>(options: SubscribeEventsOptions<T>): Promise<Subscription>;
  /** Stops every consumer and subscription of this bus, then drains the connection. */
  close(): Promise<void>;
}

export interface ConsumerBacklog {
  /** The consumer's durable name. */
  consumer: string;
  /** Messages of its subjects not delivered to it yet (num_pending). */
  pending: number;
  /** Messages delivered and not acknowledged yet (num_ack_pending). */
  ackPending: number;
}

const PREFIX = /^[A-Za-z0-9_-]{1,32}$/;

async function logStatusChanges(connection: NatsConnection, log: Logger): Promise<void> {
  for await (const status of connection.status()) {
    if (status.type === 'disconnect' || status.type === 'reconnect' || status.type === 'error')
      log.warn({ status: status.type }, 'nats connection status');
  }
}

/** The durable consumer a `consume` call declares, checked for a usable concurrency first. */
function durableOf<T>(options: ConsumeOptions<T>): ConsumerDeclaration {
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new TypeError('concurrency must be a positive integer');
  return {
    durable: options.durable,
    filterSubject: options.filterSubject,
    maxDeliver: options.maxDeliver,
    ackWaitMs: options.ackWaitMs,
    maxAckPending: options.maxAckPending,
    deliverPolicy: options.deliverPolicy,
  };
}

/** Consumes the durable of `stream` (its real name), which exists already. */
async function startDurableConsumer<T>(
  js: JetStreamClient,
  manager: JetStreamManager,
  stream: string,
  options: ConsumeOptions<T>,
  context: { prefix: string; log: Logger },
): Promise<Subscription> {
  const consumer = await js.consumers.get(stream, options.durable);
  // A 2.9 server keeps a terminated message in a work-queue stream forever: remove it ourselves.
  const { config } = await manager.streams.info(stream);
  const discard =
    config.retention === 'workqueue'
      ? (seq: number) => manager.streams.deleteMessage(stream, seq, false).then(() => undefined)
      : undefined;
  return startConsumer(consumer, options, { ...context, discard });
}

async function credentialsOf(file: string): Promise<Authenticator> {
  const creds = await readFile(file).catch((err: unknown) => {
    throw new Error(`cannot read the NATS credentials ${file}: ${(err as Error).message}`, { cause: err });
  });
  return credsAuthenticator(creds);
}

export async function connectBus(options: BusOptions): Promise<Bus> {
  const prefix = options.prefix ?? '';
  if (prefix !== '' && !PREFIX.test(prefix))
    throw new TypeError(`bus prefix must match ${PREFIX}, got ${JSON.stringify(prefix)}`);
  const authenticator = options.credentialsFile ? await credentialsOf(options.credentialsFile) : undefined;
  const connection = await connect({
    servers: options.url,
    name: options.name,
    maxReconnectAttempts: -1,
    // Replies come to an inbox only this identity may subscribe to (permissions.ts).
    inboxPrefix: inboxPrefixOf(options.name),
    ...(authenticator ? { authenticator } : {}),
  });
  const manager = await jetstreamManager(connection);
  const js = jetstream(connection);
  const log = options.log.child({ component: 'bus' });
  const active = new Set<Subscription>();

  void logStatusChanges(connection, log);

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
      for (const declaration of declarations)
        await ensureStream(manager, streamName(declaration.name), declaration, subject);
    },

    async checkStreams(declarations) {
      for (const declaration of declarations) await checkStream(manager, streamName(declaration.name));
    },

    async ensureConsumer(stream, declaration) {
      await ensureDurable(manager, streamName(stream), declaration, subject);
    },

    async consumerBacklogs(stream) {
      const backlogs: ConsumerBacklog[] = [];
      for await (const info of manager.consumers.list(streamName(stream)))
        backlogs.push({ consumer: info.name, pending: info.num_pending, ackPending: info.num_ack_pending });
      return backlogs;
    },

    publish(logical, payload, publishOptions = {}) {
      return publishMessage(js, subject, logical, payload, publishOptions);
    },

    async consume(consumeOptions) {
      await bus.ensureConsumer(consumeOptions.stream, durableOf(consumeOptions));
      return track(
        await startDurableConsumer(js, manager, streamName(consumeOptions.stream), consumeOptions, { prefix, log }),
      );
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
