// Test-only helpers (not exported from index.ts): a prefixed bus and a scratch PostgreSQL schema
// per test file, against the real servers.
import { randomBytes } from 'node:crypto';
import type { TestContext } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createLogger, type Logger } from '@tp/logging';
import { connectBus, type Bus } from './bus.ts';
import { STREAMS } from './declarations.ts';

export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
/** The tests' own credentials on make test's NATS (every subject); absent on an open server. */
export const NATS_CREDENTIALS_FILE = process.env.NATS_CREDENTIALS_FILE;
const credentials = NATS_CREDENTIALS_FILE ? { credentialsFile: NATS_CREDENTIALS_FILE } : {};
export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const testLog: Logger = createLogger({
  service: 'bus-test',
  level: process.env.TEST_LOG_LEVEL === undefined ? 'silent' : (process.env.TEST_LOG_LEVEL as 'info'),
});

export function uniquePrefix(label: string): string {
  return `t${label}${randomBytes(4).toString('hex')}`;
}

/** A bus isolated by a fresh prefix, with both platform streams declared. */
export async function prefixedBus(label: string, prefix = uniquePrefix(label)): Promise<Bus> {
  const bus = await connectBus({ url: NATS_URL, name: `bus-test-${label}`, prefix, log: testLog, ...credentials });
  try {
    await bus.ensureStreams([STREAMS.EVENTS, STREAMS.WORK]);
  } catch (error) {
    // Nobody else holds this connection yet: left open, it would keep the test file alive forever.
    await bus.close();
    throw error;
  }
  return bus;
}

/** A bus of the test's own (fresh streams, so no test depends on another), disposed when the test ends. */
export async function busFor(t: TestContext, label: string): Promise<Bus> {
  const bus = await prefixedBus(label);
  t.after(() => disposeBus(bus));
  return bus;
}

/** Closes the bus after deleting every stream its prefix created. */
export async function disposeBus(bus: Bus): Promise<void> {
  await bus.close();
  const admin = await connectBus({
    url: NATS_URL,
    name: 'bus-test-cleanup',
    prefix: bus.prefix,
    log: testLog,
    ...credentials,
  });
  const names: string[] = [];
  for await (const name of admin.manager.streams.names())
    if (name.startsWith(`${bus.prefix.toUpperCase()}_`)) names.push(name);
  for (const name of names) await admin.manager.streams.delete(name);
  await admin.close();
}

export async function createScratchSchema(
  label: string,
): Promise<{ schema: string; pool: pg.Pool; drop(): Promise<void> }> {
  const schema = `bus_${label}_${randomBytes(4).toString('hex')}`;
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4 });
  await pool.query(`CREATE SCHEMA "${schema}"`);
  return {
    schema,
    pool,
    async drop() {
      await pool.query(`DROP SCHEMA "${schema}" CASCADE`);
      await pool.end();
    },
  };
}

/** Polls `check` until it holds; the deadline is only a generous upper bound for a broken system. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
}

export async function streamMessages(bus: Bus, logicalStream: string): Promise<number> {
  return (await bus.manager.streams.info(bus.streamName(logicalStream))).state.messages;
}

/** Messages a durable has been given and not yet acknowledged. */
export async function pendingAcks(bus: Bus, logicalStream: string, durable: string): Promise<number> {
  return (await bus.manager.consumers.info(bus.streamName(logicalStream), durable)).num_ack_pending;
}
