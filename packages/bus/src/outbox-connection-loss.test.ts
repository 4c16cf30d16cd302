import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { outboxMessage, relayApplicationName } from './outbox.ts';
import { startOutboxFixture, type OutboxFixture } from './outbox-fixture.ts';
import { streamMessages, waitFor } from './test-harness.ts';

// A relay whose database goes away under it (a restarted or failed-over PostgreSQL): found by the
// fault suite (tests/faults), where killing PostgreSQL ended the jobs service with an unhandled
// 'error' event of a connection the relay held.

let fx: OutboxFixture;
before(async () => {
  fx = await startOutboxFixture('outboxloss');
});
after(async () => {
  await fx.close();
});

test('a relay whose connections are cut while it holds them keeps running and publishes every row once', async () => {
  const messages = Array.from({ length: 150 }, (_, i) => outboxMessage('events.job.progress', { n: i }));
  await fx.inTransaction(async (client) => {
    for (const message of messages) await fx.insert(client, message);
  });
  const before = await streamMessages(fx.bus, 'EVENTS');
  // Small batches: many passes, each holding a connection across its publishes.
  const relay = fx.relay(10, 3);
  const ids = messages.map((m) => m.id);
  let cut = 0;
  let remainingAtCut = Number.POSITIVE_INFINITY;
  await waitFor(
    'every row published while the relay loses its connections',
    async () => {
      const remaining = await fx.unpublished(ids);
      if (remaining === 0) return true;
      // Cut again only once the relay has published more since the last cut: cutting at every poll
      // can keep a relay on a busy machine from ever finishing a batch, which tests nothing.
      if (remaining < remainingAtCut) {
        const { rows } = await fx.pool.query(
          'SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE application_name = $1',
          [relayApplicationName(fx.schema)],
        );
        const done = rows.filter((row: { done: boolean }) => row.done).length;
        if (done > 0) {
          cut += done;
          remainingAtCut = remaining;
        }
      }
      return false;
    },
    90_000,
  );
  await fx.stopRelay(relay);
  assert.ok(cut > 0, 'the relay lost connections');
  for (const id of ids) assert.ok((fx.publishes.get(id) ?? 0) >= 1, `${id} was published`);
  assert.equal((await streamMessages(fx.bus, 'EVENTS')) - before, ids.length, 'each row once on the stream');
});
