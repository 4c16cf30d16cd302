import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { context, propagation, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { Msg, Subscription as CoreSubscription } from '@nats-io/transport-node';
import pg from 'pg';
import { isId } from '@tp/ids';
import { currentRequestId, withRequestId } from '@tp/logging';
import type { Bus } from './bus.ts';
import { OUTBOX_PRISMA_MODEL, outboxChannel, outboxMessage, outboxTableSql, startOutboxRelay, type OutboxMessage, type OutboxRelay } from './outbox.ts';
import { createScratchSchema, DATABASE_URL, disposeBus, prefixedBus, streamMessages, testLog, waitFor } from './test-harness.ts';

// What @tp/telemetry sets up in a service: W3C propagation and async context.
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

let bus: Bus;
let scratch: Awaited<ReturnType<typeof createScratchSchema>>;
/** Every publish the relays make, duplicates included (a core subscription sees what dedupe drops). */
const publishes = new Map<string, number>();
let wire: CoreSubscription;
const relays: OutboxRelay[] = [];

before(async () => {
  bus = await prefixedBus('outbox');
  scratch = await createScratchSchema('outbox');
  await scratch.pool.query(outboxTableSql(scratch.schema));
  wire = bus.connection.subscribe(bus.subject('events.>'), {
    callback: (_err: Error | null, msg: Msg) => {
      const id = msg.headers?.get('Nats-Msg-Id') ?? '(none)';
      publishes.set(id, (publishes.get(id) ?? 0) + 1);
    },
  });
});

after(async () => {
  await Promise.all(relays.map((relay) => relay.stop()));
  wire.unsubscribe();
  await disposeBus(bus);
  await scratch.drop();
});

function relay(pollIntervalMs = 50, batchSize = 100): OutboxRelay {
  const started = startOutboxRelay({ bus, databaseUrl: DATABASE_URL, schema: scratch.schema, log: testLog, pollIntervalMs, batchSize });
  relays.push(started);
  return started;
}

async function stopRelay(r: OutboxRelay): Promise<void> {
  relays.splice(relays.indexOf(r), 1);
  await r.stop();
}

async function insert(client: pg.PoolClient | pg.Pool, message: OutboxMessage): Promise<void> {
  await client.query(`INSERT INTO "${scratch.schema}".outbox (id, subject, payload, headers) VALUES ($1, $2, $3, $4)`, [
    message.id,
    message.subject,
    JSON.stringify(message.payload),
    JSON.stringify(message.headers),
  ]);
}

async function inTransaction(fn: (client: pg.PoolClient) => Promise<void>, outcome: 'COMMIT' | 'ROLLBACK' = 'COMMIT'): Promise<void> {
  const client = await scratch.pool.connect();
  try {
    await client.query('BEGIN');
    await fn(client);
    await client.query(outcome);
  } finally {
    client.release();
  }
}

async function unpublished(ids: string[]): Promise<number> {
  const { rows } = await scratch.pool.query(`SELECT count(*)::int AS n FROM "${scratch.schema}".outbox WHERE id = ANY($1) AND published_at IS NULL`, [ids]);
  return rows[0].n;
}

test('outboxMessage captures an obx id and refuses what could not be published', () => {
  const message = outboxMessage('events.job.completed', { jobId: 'job_1' });
  assert.ok(isId('obx', message.id));
  assert.equal(message.subject, 'events.job.completed');
  assert.deepEqual(message.payload, { jobId: 'job_1' });
  assert.throws(() => outboxMessage('events.job.*', {}), /without wildcards/);
  assert.throws(() => outboxMessage('events.job.completed', undefined), /not JSON-serialisable/);
  assert.throws(() => outboxChannel('bad"schema'), /invalid schema name/);
});

test('rows of a committed transaction are published exactly once even with two relays', async () => {
  const messages = Array.from({ length: 300 }, (_, i) => outboxMessage(`events.job.${i % 3 === 0 ? 'completed' : 'progress'}`, { n: i }));
  const before = await streamMessages(bus, 'EVENTS');
  await inTransaction(async (client) => {
    for (const message of messages) await insert(client, message);
  });
  const first = relay(5, 20);
  const second = relay(5, 20);
  const ids = messages.map((m) => m.id);
  await waitFor('all rows published', async () => (await unpublished(ids)) === 0, 10_000);
  await stopRelay(first);
  await stopRelay(second);
  assert.equal((await streamMessages(bus, 'EVENTS')) - before, 300);
  for (const id of ids) assert.equal(publishes.get(id), 1, `${id} published ${publishes.get(id)} times`);
});

test('a rolled-back transaction publishes nothing', async () => {
  const message = outboxMessage('events.job.completed', { jobId: 'job_rolled_back' });
  const r = relay(10_000);
  await r.drain();
  await inTransaction((client) => insert(client, message), 'ROLLBACK');
  r.nudge();
  assert.equal(await r.drain(), 0);
  await stopRelay(r);
  assert.equal(publishes.get(message.id), undefined);
  const { rows } = await scratch.pool.query(`SELECT 1 FROM "${scratch.schema}".outbox WHERE id = $1`, [message.id]);
  assert.equal(rows.length, 0);
});

test('a relay that died after publishing but before marking causes no duplicate on the stream', async () => {
  const message = outboxMessage('events.media.verified', { mediaId: 'med_crash' });
  await insert(scratch.pool, message);
  // The doomed relay: locks the row, publishes it, then its process dies before COMMIT.
  const doomed = new pg.Client({ connectionString: DATABASE_URL });
  await doomed.connect();
  await doomed.query('BEGIN');
  const { rows } = await doomed.query(`SELECT id, subject, payload, headers FROM "${scratch.schema}".outbox WHERE published_at IS NULL ORDER BY id FOR UPDATE SKIP LOCKED`);
  assert.deepEqual(
    rows.map((row: { id: string }) => row.id),
    [message.id],
  );
  const firstAck = await bus.publish(rows[0].subject, rows[0].payload, { msgId: rows[0].id, headers: rows[0].headers });
  await doomed.end(); // connection lost: the transaction and its lock are gone, the row stays unpublished
  assert.equal(await unpublished([message.id]), 1);

  const r = relay(10_000);
  await waitFor('republished and marked', async () => (await unpublished([message.id])) === 0);
  await stopRelay(r);
  assert.equal(publishes.get(message.id), 2, 'the row really was sent twice');
  const stored = await bus.manager.streams.getMessage(bus.streamName('EVENTS'), { last_by_subj: bus.subject('events.media.verified') });
  assert.equal(stored?.seq, firstAck.seq, 'the stream kept only the first copy');
  assert.equal(stored?.header.get('Nats-Msg-Id'), message.id);
});

test('nudge() publishes within milliseconds, long before the next poll', async () => {
  const r = relay(60_000);
  await r.drain();
  await new Promise((resolve) => setTimeout(resolve, 50)); // the loop is now asleep for a minute
  const message = outboxMessage('events.job.completed', { jobId: 'job_nudged' });
  await insert(scratch.pool, message);
  const started = performance.now();
  r.nudge();
  await waitFor('published', () => publishes.get(message.id) === 1, 2_000);
  const latency = performance.now() - started;
  await stopRelay(r);
  assert.ok(latency < 200, `nudge latency ${latency.toFixed(1)} ms`);
});

test('a nudge from another replica wakes this relay through LISTEN/NOTIFY', async () => {
  const listener = new pg.Client({ connectionString: DATABASE_URL });
  await listener.connect();
  const sleeping = relay(60_000);
  try {
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.channel));
    await listener.query(`LISTEN "${outboxChannel(scratch.schema)}"`);
    await sleeping.drain();
    await new Promise((resolve) => setTimeout(resolve, 100)); // the relay's LISTEN is in place, its loop asleep for a minute

    // Another replica's nudge is a NOTIFY on the schema's channel (what nudge() sends, checked below).
    const message = outboxMessage('events.job.completed', { jobId: 'job_notified' });
    await insert(scratch.pool, message);
    await scratch.pool.query('SELECT pg_notify($1, $2)', [outboxChannel(scratch.schema), '']);
    await waitFor('published by the sleeping relay', () => publishes.get(message.id) === 1, 1_000);

    heard.length = 0;
    sleeping.nudge();
    await waitFor('nudge() notified the channel', () => heard.length === 1, 1_000);
  } finally {
    await stopRelay(sleeping);
    await listener.end();
  }
});

test('trace context and request id travel from the outbox write to the consumer', async () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const parent = trace.setSpanContext(context.active(), { traceId, spanId: '00f067aa0ba902b7', traceFlags: TraceFlags.SAMPLED, isRemote: false });
  const message = context.with(parent, () => withRequestId('req_outbox_trace', () => outboxMessage('events.artifact.version_created', { artifactId: 'art_1' })));
  assert.match(message.headers.traceparent ?? '', new RegExp(traceId));
  assert.equal(message.headers['x-request-id'], 'req_outbox_trace');

  const seen: { traceId?: string; requestId?: string; data: unknown }[] = [];
  const subscription = await bus.consume({
    stream: 'EVENTS',
    durable: 'trace-check',
    filterSubject: 'events.artifact.>',
    deliverPolicy: 'new',
    maxDeliver: 3,
    ackWaitMs: 30_000,
    handler: (received) => {
      seen.push({ traceId: trace.getSpanContext(context.active())?.traceId, requestId: currentRequestId(), data: received.data });
    },
  });
  const r = relay(60_000);
  try {
    await inTransaction((client) => insert(client, message));
    r.nudge();
    // A direct publish from inside another request carries that request's context too.
    const directTrace = 'aaaabbbbccccddddeeeeffff00001111';
    const direct = trace.setSpanContext(context.active(), { traceId: directTrace, spanId: '1111222233334444', traceFlags: TraceFlags.SAMPLED, isRemote: false });
    await context.with(direct, () => withRequestId('req_direct', () => bus.publish('events.artifact.restored', { artifactId: 'art_2' })));
    await waitFor('both consumed', () => seen.length === 2);
    const byArtifact = new Map(seen.map((s) => [(s.data as { artifactId: string }).artifactId, s]));
    assert.equal(byArtifact.get('art_1')?.traceId, traceId);
    assert.equal(byArtifact.get('art_1')?.requestId, 'req_outbox_trace');
    assert.equal(byArtifact.get('art_2')?.traceId, directTrace);
    assert.equal(byArtifact.get('art_2')?.requestId, 'req_direct');
  } finally {
    await subscription.stop();
    await stopRelay(r);
  }
});

test('a row that cannot be published keeps its place, counts attempts, and does not block the others', async () => {
  const poison = outboxMessage('nowhere.to.go', { x: 1 });
  const fine = outboxMessage('events.job.completed', { jobId: 'job_after_poison' });
  await insert(scratch.pool, poison);
  await insert(scratch.pool, fine);
  const r = relay(60_000);
  await r.drain();
  await waitFor('fine row published', async () => (await unpublished([fine.id])) === 0);
  await r.drain();
  await stopRelay(r);
  const { rows } = await scratch.pool.query(`SELECT attempts, last_error, published_at FROM "${scratch.schema}".outbox WHERE id = $1`, [poison.id]);
  assert.equal(rows[0].published_at, null);
  assert.ok(rows[0].attempts >= 2, `attempts ${rows[0].attempts}`);
  assert.ok(rows[0].last_error.length > 0);
  assert.equal(publishes.get(fine.id), 1);
  await scratch.pool.query(`DELETE FROM "${scratch.schema}".outbox WHERE id = $1`, [poison.id]);
});

test('published rows older than seven days are purged; recent and unpublished rows stay', async () => {
  const old = outboxMessage('events.job.completed', { age: 'old' });
  const recent = outboxMessage('events.job.completed', { age: 'recent' });
  const pending = outboxMessage('nowhere.to.go', { age: 'pending' });
  for (const message of [old, recent, pending]) await insert(scratch.pool, message);
  const table = `"${scratch.schema}".outbox`;
  await scratch.pool.query(`UPDATE ${table} SET published_at = now() - interval '8 days', created_at = now() - interval '8 days' WHERE id = $1`, [old.id]);
  await scratch.pool.query(`UPDATE ${table} SET published_at = now() - interval '6 days' WHERE id = $1`, [recent.id]);
  await scratch.pool.query(`UPDATE ${table} SET created_at = now() - interval '30 days' WHERE id = $1`, [pending.id]);
  const r = startOutboxRelay({ bus, databaseUrl: DATABASE_URL, schema: scratch.schema, log: testLog, pollIntervalMs: 60_000 });
  try {
    // The relay purges at start; purgePublished() is what its hourly timer calls.
    await waitFor('purged at start', async () => (await scratch.pool.query(`SELECT 1 FROM ${table} WHERE id = $1`, [old.id])).rows.length === 0);
    assert.equal(await r.purgePublished(), 0);
    const { rows } = await scratch.pool.query(`SELECT id FROM ${table} WHERE id = ANY($1) ORDER BY id`, [[old.id, recent.id, pending.id]]);
    assert.deepEqual(
      rows.map((row: { id: string }) => row.id),
      [recent.id, pending.id],
    );
  } finally {
    await r.stop();
    await scratch.pool.query(`DELETE FROM ${table} WHERE id = $1`, [pending.id]);
  }
});

test('the Prisma model is a valid schema and maps onto the SQL table columns', async () => {
  const columns = [...outboxTableSql('s').matchAll(/^ {2}"([a-z_]+)" /gm)].map((m) => m[1]);
  assert.deepEqual(columns, ['id', 'subject', 'payload', 'headers', 'created_at', 'published_at', 'attempts', 'last_error']);
  for (const column of columns) assert.match(OUTBOX_PRISMA_MODEL, new RegExp(`(^\\s+${column}\\s|@map\\("${column}"\\))`, 'm'), column);
  const dir = await mkdtemp(join(tmpdir(), 'outbox-prisma-'));
  try {
    const schemaFile = join(dir, 'schema.prisma');
    await writeFile(schemaFile, `datasource db {\n  provider = "postgresql"\n}\n\n${OUTBOX_PRISMA_MODEL}`);
    const prisma = new URL('../../../node_modules/.bin/prisma', import.meta.url).pathname;
    const { stdout, stderr } = await promisify(execFile)(prisma, ['validate', '--schema', schemaFile], {
      env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: '/bin/true', CHECKPOINT_DISABLE: '1' },
    });
    assert.match(stdout + stderr, /is valid/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
