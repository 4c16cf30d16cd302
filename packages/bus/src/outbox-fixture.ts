// Test-only (not exported from index.ts): a bus, a scratch schema with an outbox table, and a record
// of every publish the relays make, for one outbox test file.
import type { Msg, Subscription as CoreSubscription } from '@nats-io/transport-node';
import type pg from 'pg';
import type { Bus } from './bus.ts';
import { outboxTableSql, startOutboxRelay, type OutboxMessage, type OutboxRelay } from './outbox.ts';
import { createScratchSchema, DATABASE_URL, disposeBus, prefixedBus, testLog } from './test-harness.ts';

/** A poll interval no test waits out: whatever a relay publishes sooner, something woke it for. */
export const AN_HOUR_MS = 3_600_000;

export interface OutboxFixture {
  bus: Bus;
  schema: string;
  pool: pg.Pool;
  /** Every publish the relays make, duplicates included (a core subscription sees what dedupe drops). */
  publishes: Map<string, number>;
  relay(pollIntervalMs?: number, batchSize?: number): OutboxRelay;
  stopRelay(relay: OutboxRelay): Promise<void>;
  insert(client: pg.PoolClient | pg.Pool, message: OutboxMessage): Promise<void>;
  inTransaction(fn: (client: pg.PoolClient) => Promise<void>, outcome?: 'COMMIT' | 'ROLLBACK'): Promise<void>;
  /** How many of these rows are not marked published yet. */
  unpublished(ids: string[]): Promise<number>;
  close(): Promise<void>;
}

export async function startOutboxFixture(label: string): Promise<OutboxFixture> {
  const bus = await prefixedBus(label);
  const scratch = await createScratchSchema(label);
  await scratch.pool.query(outboxTableSql(scratch.schema));
  const table = `"${scratch.schema}".outbox`;
  const publishes = new Map<string, number>();
  const wire: CoreSubscription = bus.connection.subscribe(bus.subject('events.>'), {
    callback: (_err: Error | null, msg: Msg) => {
      const id = msg.headers?.get('Nats-Msg-Id') ?? '(none)';
      publishes.set(id, (publishes.get(id) ?? 0) + 1);
    },
  });
  const relays: OutboxRelay[] = [];

  return {
    bus,
    schema: scratch.schema,
    pool: scratch.pool,
    publishes,
    relay(pollIntervalMs = 50, batchSize = 100) {
      const started = startOutboxRelay({
        bus,
        databaseUrl: DATABASE_URL,
        schema: scratch.schema,
        log: testLog,
        pollIntervalMs,
        batchSize,
      });
      relays.push(started);
      return started;
    },
    async stopRelay(relay) {
      relays.splice(relays.indexOf(relay), 1);
      await relay.stop();
    },
    async insert(client, message) {
      await client.query(`INSERT INTO ${table} (id, subject, payload, headers) VALUES ($1, $2, $3, $4)`, [
        message.id,
        message.subject,
        JSON.stringify(message.payload),
        JSON.stringify(message.headers),
      ]);
    },
    async inTransaction(fn, outcome = 'COMMIT') {
      const client = await scratch.pool.connect();
      try {
        await client.query('BEGIN');
        await fn(client);
        await client.query(outcome);
      } finally {
        client.release();
      }
    },
    async unpublished(ids) {
      const { rows } = await scratch.pool.query(
        `SELECT count(*)::int AS n FROM ${table} WHERE id = ANY($1) AND published_at IS NULL`,
        [ids],
      );
      return rows[0].n;
    },
    async close() {
      await Promise.all(relays.map((relay) => relay.stop()));
      wire.unsubscribe();
      await disposeBus(bus);
      await scratch.drop();
    },
  };
}
