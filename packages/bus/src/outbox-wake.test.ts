import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { context, propagation, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import pg from 'pg';
import { currentRequestId, withRequestId } from '@tp/logging';
import { outboxChannel, outboxMessage } from './outbox.ts';
import { AN_HOUR_MS, startOutboxFixture, type OutboxFixture } from './outbox-fixture.ts';
import { DATABASE_URL, waitFor } from './test-harness.ts';

// A relay asleep between polls publishes as soon as it is nudged, here or from another replica, and
// what it publishes carries the writer's trace. Each relay polls once an hour, so only a wake-up can
// publish within a test.

// What @tp/telemetry sets up in a service: W3C propagation and async context.
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

let fx: OutboxFixture;
before(async () => {
  fx = await startOutboxFixture('outboxwake');
});
after(async () => {
  await fx.close();
});

test('nudge() publishes at once, long before the next poll', async () => {
  const r = fx.relay(AN_HOUR_MS);
  // Once this pass is done the relay's loop is asleep until its next poll, an hour away.
  await r.drain();
  const message = outboxMessage('events.job.completed', { jobId: 'job_nudged' });
  await fx.insert(fx.pool, message);
  r.nudge();
  try {
    await waitFor('published by the nudge', () => fx.publishes.get(message.id) === 1);
  } finally {
    await fx.stopRelay(r);
  }
});

test('a nudge from another replica wakes this relay through LISTEN/NOTIFY', async () => {
  const channel = outboxChannel(fx.schema);
  const listener = new pg.Client({ connectionString: DATABASE_URL });
  await listener.connect();
  const { rows } = await listener.query('SELECT pg_backend_pid() AS pid, clock_timestamp() AS at');
  const sleeping = fx.relay(AN_HOUR_MS);
  try {
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.channel));
    await listener.query(`LISTEN "${channel}"`);
    await sleeping.drain(); // its loop is now asleep for an hour
    await waitFor("the relay's LISTEN", async () => {
      const listening = await fx.pool.query(
        `SELECT 1 FROM pg_stat_activity WHERE query = $1 AND state = 'idle' AND backend_start >= $2 AND pid <> $3`,
        [`LISTEN "${channel}"`, rows[0].at, rows[0].pid],
      );
      return listening.rows.length === 1;
    });

    // Another replica's nudge is a NOTIFY on the schema's channel (what nudge() sends, checked below).
    const message = outboxMessage('events.job.completed', { jobId: 'job_notified' });
    await fx.insert(fx.pool, message);
    await fx.pool.query('SELECT pg_notify($1, $2)', [channel, '']);
    await waitFor('published by the sleeping relay', () => fx.publishes.get(message.id) === 1);
    await waitFor('the test listener heard that NOTIFY too', () => heard.length === 1);

    heard.length = 0;
    sleeping.nudge();
    await waitFor('nudge() notified the channel', () => heard.length === 1);
  } finally {
    await fx.stopRelay(sleeping);
    await listener.end();
  }
});

test('trace context and request id travel from the outbox write to the consumer', async () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const parent = trace.setSpanContext(context.active(), {
    traceId,
    spanId: '00f067aa0ba902b7',
    traceFlags: TraceFlags.SAMPLED,
    isRemote: false,
  });
  const message = context.with(parent, () =>
    withRequestId('req_outbox_trace', () => outboxMessage('events.artifact.version_created', { artifactId: 'art_1' })),
  );
  assert.match(message.headers.traceparent ?? '', new RegExp(traceId));
  assert.equal(message.headers['x-request-id'], 'req_outbox_trace');

  const seen: { traceId?: string; requestId?: string; data: unknown }[] = [];
  const subscription = await fx.bus.consume({
    stream: 'EVENTS',
    durable: 'trace-check',
    filterSubject: 'events.artifact.>',
    deliverPolicy: 'new',
    maxDeliver: 3,
    ackWaitMs: 30_000,
    handler: (received) => {
      seen.push({
        traceId: trace.getSpanContext(context.active())?.traceId,
        requestId: currentRequestId(),
        data: received.data,
      });
    },
  });
  const r = fx.relay(AN_HOUR_MS);
  try {
    await fx.inTransaction((client) => fx.insert(client, message));
    r.nudge();
    // A direct publish from inside another request carries that request's context too.
    const directTrace = 'aaaabbbbccccddddeeeeffff00001111';
    const direct = trace.setSpanContext(context.active(), {
      traceId: directTrace,
      spanId: '1111222233334444',
      traceFlags: TraceFlags.SAMPLED,
      isRemote: false,
    });
    await context.with(direct, () =>
      withRequestId('req_direct', () => fx.bus.publish('events.artifact.restored', { artifactId: 'art_2' })),
    );
    await waitFor('both consumed', () => seen.length === 2);
    const byArtifact = new Map(seen.map((s) => [(s.data as { artifactId: string }).artifactId, s]));
    assert.equal(byArtifact.get('art_1')?.traceId, traceId);
    assert.equal(byArtifact.get('art_1')?.requestId, 'req_outbox_trace');
    assert.equal(byArtifact.get('art_2')?.traceId, directTrace);
    assert.equal(byArtifact.get('art_2')?.requestId, 'req_direct');
  } finally {
    await subscription.stop();
    await fx.stopRelay(r);
  }
});
