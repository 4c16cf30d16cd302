import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { isId } from '@tp/ids';
import { OUTBOX_PRISMA_MODEL, outboxChannel, outboxMessage, outboxTableSql, startOutboxRelay } from './outbox.ts';
import { AN_HOUR_MS, startOutboxFixture, type OutboxFixture } from './outbox-fixture.ts';
import { DATABASE_URL, streamMessages, testLog, waitFor } from './test-harness.ts';

// Publishing exactly once, failures and retention. Waking a sleeping relay: outbox-wake.test.ts.

let fx: OutboxFixture;
before(async () => {
  fx = await startOutboxFixture('outbox');
});
after(async () => {
  await fx.close();
});

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
  const messages = Array.from({ length: 300 }, (_, i) =>
    outboxMessage(`events.job.${i % 3 === 0 ? 'completed' : 'progress'}`, { n: i }),
  );
  const before = await streamMessages(fx.bus, 'EVENTS');
  await fx.inTransaction(async (client) => {
    for (const message of messages) await fx.insert(client, message);
  });
  const first = fx.relay(5, 20);
  const second = fx.relay(5, 20);
  const ids = messages.map((m) => m.id);
  await waitFor('all rows published', async () => (await fx.unpublished(ids)) === 0, 60_000);
  await fx.stopRelay(first);
  await fx.stopRelay(second);
  assert.equal((await streamMessages(fx.bus, 'EVENTS')) - before, 300);
  for (const id of ids) assert.equal(fx.publishes.get(id), 1, `${id} published ${fx.publishes.get(id)} times`);
});

test('a rolled-back transaction publishes nothing', async () => {
  const message = outboxMessage('events.job.completed', { jobId: 'job_rolled_back' });
  const r = fx.relay(10_000);
  await r.drain();
  await fx.inTransaction((client) => fx.insert(client, message), 'ROLLBACK');
  r.nudge();
  assert.equal(await r.drain(), 0);
  await fx.stopRelay(r);
  assert.equal(fx.publishes.get(message.id), undefined);
  const { rows } = await fx.pool.query(`SELECT 1 FROM "${fx.schema}".outbox WHERE id = $1`, [message.id]);
  assert.equal(rows.length, 0);
});

test('a relay that died after publishing but before marking causes no duplicate on the stream', async () => {
  const message = outboxMessage('events.media.verified', { mediaId: 'med_crash' });
  await fx.insert(fx.pool, message);
  // The doomed relay: locks the row, publishes it, then its process dies before COMMIT.
  const doomed = new pg.Client({ connectionString: DATABASE_URL });
  await doomed.connect();
  await doomed.query('BEGIN');
  const { rows } = await doomed.query(
    `SELECT id, subject, payload, headers FROM "${fx.schema}".outbox WHERE published_at IS NULL ORDER BY id FOR UPDATE SKIP LOCKED`,
  );
  assert.deepEqual(
    rows.map((row: { id: string }) => row.id),
    [message.id],
  );
  const firstAck = await fx.bus.publish(rows[0].subject, rows[0].payload, {
    msgId: rows[0].id,
    headers: rows[0].headers,
  });
  await doomed.end(); // connection lost: the transaction and its lock are gone, the row stays unpublished
  assert.equal(await fx.unpublished([message.id]), 1);

  const r = fx.relay(10_000);
  await waitFor('republished and marked', async () => (await fx.unpublished([message.id])) === 0);
  await fx.stopRelay(r);
  assert.equal(fx.publishes.get(message.id), 2, 'the row really was sent twice');
  const stored = await fx.bus.manager.streams.getMessage(fx.bus.streamName('EVENTS'), {
    last_by_subj: fx.bus.subject('events.media.verified'),
  });
  assert.equal(stored?.seq, firstAck.seq, 'the stream kept only the first copy');
  assert.equal(stored?.header.get('Nats-Msg-Id'), message.id);
});

test('a row that cannot be published keeps its place, counts attempts, and does not block the others', async () => {
  const poison = outboxMessage('nowhere.to.go', { x: 1 });
  const fine = outboxMessage('events.job.completed', { jobId: 'job_after_poison' });
  await fx.insert(fx.pool, poison);
  await fx.insert(fx.pool, fine);
  const r = fx.relay(AN_HOUR_MS);
  await r.drain();
  await waitFor('fine row published', async () => (await fx.unpublished([fine.id])) === 0);
  await r.drain();
  await fx.stopRelay(r);
  const { rows } = await fx.pool.query(
    `SELECT attempts, last_error, published_at FROM "${fx.schema}".outbox WHERE id = $1`,
    [poison.id],
  );
  assert.equal(rows[0].published_at, null);
  assert.ok(rows[0].attempts >= 2, `attempts ${rows[0].attempts}`);
  assert.ok(rows[0].last_error.length > 0);
  assert.equal(fx.publishes.get(fine.id), 1);
  await fx.pool.query(`DELETE FROM "${fx.schema}".outbox WHERE id = $1`, [poison.id]);
});

test('published rows older than seven days are purged; recent and unpublished rows stay', async () => {
  const old = outboxMessage('events.job.completed', { age: 'old' });
  const recent = outboxMessage('events.job.completed', { age: 'recent' });
  const pending = outboxMessage('nowhere.to.go', { age: 'pending' });
  for (const message of [old, recent, pending]) await fx.insert(fx.pool, message);
  const table = `"${fx.schema}".outbox`;
  await fx.pool.query(
    `UPDATE ${table} SET published_at = now() - interval '8 days', created_at = now() - interval '8 days' WHERE id = $1`,
    [old.id],
  );
  await fx.pool.query(`UPDATE ${table} SET published_at = now() - interval '6 days' WHERE id = $1`, [recent.id]);
  await fx.pool.query(`UPDATE ${table} SET created_at = now() - interval '30 days' WHERE id = $1`, [pending.id]);
  const r = startOutboxRelay({
    bus: fx.bus,
    databaseUrl: DATABASE_URL,
    schema: fx.schema,
    log: testLog,
    pollIntervalMs: AN_HOUR_MS,
  });
  try {
    // The relay purges at start; purgePublished() is what its hourly timer calls.
    await waitFor(
      'purged at start',
      async () => (await fx.pool.query(`SELECT 1 FROM ${table} WHERE id = $1`, [old.id])).rows.length === 0,
    );
    assert.equal(await r.purgePublished(), 0);
    const { rows } = await fx.pool.query(`SELECT id FROM ${table} WHERE id = ANY($1) ORDER BY id`, [
      [old.id, recent.id, pending.id],
    ]);
    assert.deepEqual(
      rows.map((row: { id: string }) => row.id),
      [recent.id, pending.id],
    );
  } finally {
    await r.stop();
    await fx.pool.query(`DELETE FROM ${table} WHERE id = $1`, [pending.id]);
  }
});

test('the Prisma model is a valid schema and maps onto the SQL table columns', async () => {
  const columns = [...outboxTableSql('s').matchAll(/^ {2}"([a-z_]+)" /gm)].map((m) => m[1]);
  assert.deepEqual(columns, [
    'id',
    'subject',
    'payload',
    'headers',
    'created_at',
    'published_at',
    'attempts',
    'last_error',
  ]);
  for (const column of columns)
    assert.match(OUTBOX_PRISMA_MODEL, new RegExp(`(^\\s+${column}\\s|@map\\("${column}"\\))`, 'm'), column);
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
