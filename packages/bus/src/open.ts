import { parseDatabaseUrl } from '@tp/db';
import type { Lifecycle } from '@tp/runtime';
import { type Bus, type BusOptions, connectBus } from './bus.ts';
import type { StreamDeclaration } from './declarations.ts';
import { type OutboxRelay, type OutboxRelayOptions, startOutboxRelay } from './outbox.ts';

/** Connects to NATS within a service's lifecycle (closed after everything that uses it) and checks `streams` exist. */
export async function openBus(
  life: Pick<Lifecycle, 'open'>,
  options: BusOptions & { streams: readonly StreamDeclaration[] },
): Promise<Bus> {
  const { streams, ...busOptions } = options;
  const bus = await life.open(
    'bus',
    () => connectBus(busOptions),
    (connected) => connected.close(),
  );
  await bus.checkStreams(streams);
  return bus;
}

/**
 * Starts the outbox relay within a service's lifecycle; it stops before the bus it publishes to
 * closes. The outbox table is in the schema the database URL names (`?schema=`) unless `schema` says otherwise.
 */
export function openOutboxRelay(
  life: Pick<Lifecycle, 'open'>,
  options: Omit<OutboxRelayOptions, 'schema'> & { schema?: string },
): Promise<OutboxRelay> {
  const schema = options.schema ?? parseDatabaseUrl(options.databaseUrl).schema;
  return life.open(
    'outbox',
    () => startOutboxRelay({ ...options, schema }),
    (relay) => relay.stop(),
  );
}

/** What a service that publishes through its outbox opens: the bus, then the relay that feeds it from `databaseUrl`. */
export interface PublisherOptions extends BusOptions {
  streams: readonly StreamDeclaration[];
  databaseUrl: string;
  /** The relay's poll interval (tests shorten it); the relay's own default otherwise. */
  pollIntervalMs?: number;
}

/** openBus then openOutboxRelay on it, within a service's lifecycle: the relay stops first, then the bus closes. */
export async function openPublisher(
  life: Pick<Lifecycle, 'open'>,
  options: PublisherOptions,
): Promise<{ bus: Bus; relay: OutboxRelay }> {
  const { databaseUrl, pollIntervalMs, ...busOptions } = options;
  const bus = await openBus(life, busOptions);
  const relay = await openOutboxRelay(life, {
    bus,
    databaseUrl,
    log: options.log,
    ...(pollIntervalMs !== undefined ? { pollIntervalMs } : {}),
  });
  return { bus, relay };
}
