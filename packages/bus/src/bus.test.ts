import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withRequestId } from '@tp/logging';
import { STREAMS, type StreamDeclaration } from './declarations.ts';
import type { BusEvent } from './message.ts';
import { busFor, pendingAcks, streamMessages, waitFor } from './test-harness.ts';

// Every test gets a bus of its own (a fresh prefix and fresh streams): each passes alone and in any order.

test('the prefix isolates subjects and stream names', async (t) => {
  const bus = await busFor(t, 'bus');
  assert.match(bus.prefix, /^tbus[0-9a-f]{8}$/);
  assert.equal(bus.subject('events.job.completed'), `${bus.prefix}.events.job.completed`);
  assert.equal(bus.streamName('WORK'), `${bus.prefix.toUpperCase()}_WORK`);
});

test('declaring the streams twice is idempotent and yields the declared configuration', async (t) => {
  const bus = await busFor(t, 'bus');
  await bus.ensureStreams([STREAMS.EVENTS, STREAMS.WORK]);
  await bus.ensureStreams([STREAMS.EVENTS, STREAMS.WORK]);
  const events = (await bus.manager.streams.info(bus.streamName('EVENTS'))).config;
  assert.deepEqual(events.subjects, [`${bus.prefix}.events.>`]);
  assert.equal(events.retention, 'limits');
  assert.equal(events.storage, 'file');
  assert.equal(events.max_age, 7 * 24 * 3600 * 1e9);
  assert.equal(events.duplicate_window, 120 * 1e9);
  const work = (await bus.manager.streams.info(bus.streamName('WORK'))).config;
  assert.deepEqual(work.subjects, [`${bus.prefix}.work.>`]);
  assert.equal(work.retention, 'workqueue');
  assert.equal(work.duplicate_window, 120 * 1e9);
  let names = 0;
  for await (const name of bus.manager.streams.names()) if (name.startsWith(`${bus.prefix.toUpperCase()}_`)) names += 1;
  assert.equal(names, 2);
});

test('a changed declaration updates the stream in place', async (t) => {
  const bus = await busFor(t, 'bus');
  const declaration: StreamDeclaration = {
    name: 'AUDIT',
    subjects: ['audit.>'],
    retention: 'limits',
    storage: 'memory',
    duplicateWindowMs: 60_000,
    maxAgeMs: 60_000,
  };
  await bus.ensureStreams([declaration]);
  await bus.ensureStreams([{ ...declaration, subjects: ['audit.>', 'trail.>'], maxAgeMs: 120_000 }]);
  const config = (await bus.manager.streams.info(bus.streamName('AUDIT'))).config;
  assert.deepEqual(config.subjects, [`${bus.prefix}.audit.>`, `${bus.prefix}.trail.>`]);
  assert.equal(config.max_age, 120 * 1e9);
});

test('a declaration that changes retention is refused with an explanation', async (t) => {
  const bus = await busFor(t, 'bus');
  const declaration: StreamDeclaration = {
    name: 'JOBS',
    subjects: ['jobs.>'],
    retention: 'limits',
    storage: 'memory',
    duplicateWindowMs: 60_000,
  };
  await bus.ensureStreams([declaration]);
  await assert.rejects(
    bus.ensureStreams([{ ...declaration, retention: 'workqueue' }]),
    /retention=limits.*cannot change in place/,
  );
});

test('publish deduplicates by msgId within the window', async (t) => {
  const bus = await busFor(t, 'bus');
  const first = await bus.publish('events.media.verified', { mediaId: 'med_1' }, { msgId: 'obx_dedupe_1' });
  const second = await bus.publish('events.media.verified', { mediaId: 'med_1' }, { msgId: 'obx_dedupe_1' });
  const other = await bus.publish('events.media.verified', { mediaId: 'med_1' }, { msgId: 'obx_dedupe_2' });
  assert.equal(first.duplicate, false);
  assert.equal(second.duplicate, true);
  assert.equal(second.seq, first.seq);
  assert.equal(other.duplicate, false);
  assert.equal(other.seq, first.seq + 1);
  const stored = await bus.manager.streams.getMessage(bus.streamName('EVENTS'), { seq: first.seq });
  assert.equal(stored?.header.get('Nats-Msg-Id'), 'obx_dedupe_1');
});

test('publish writes a JSON body with content type and request id headers', async (t) => {
  const bus = await busFor(t, 'bus');
  const ack = await withRequestId('req_publish_1', () =>
    bus.publish('events.job.completed', { jobId: 'job_1', credits: 1.5 }),
  );
  const stored = await bus.manager.streams.getMessage(bus.streamName('EVENTS'), { seq: ack.seq });
  assert.ok(stored);
  assert.equal(stored.subject, `${bus.prefix}.events.job.completed`);
  assert.deepEqual(stored.json(), { jobId: 'job_1', credits: 1.5 });
  assert.equal(stored.header.get('content-type'), 'application/json');
  assert.equal(stored.header.get('x-request-id'), 'req_publish_1');
});

test('publish refuses a payload that is not JSON and a subject no stream captures', async (t) => {
  const bus = await busFor(t, 'bus');
  await assert.rejects(bus.publish('events.job.completed', undefined), /not JSON-serialisable/);
  await assert.rejects(bus.publish('nowhere.at.all', { x: 1 }));
});

test('subscribeEvents delivers only new messages, quickly', async (t) => {
  const bus = await busFor(t, 'bus');
  await bus.publish('events.token.revoked', { tokenId: 'tok_old' });
  const received: BusEvent<{ tokenId: string }>[] = [];
  const subscription = await bus.subscribeEvents<{ tokenId: string }>({
    filterSubject: 'events.token.revoked',
    handler: (event) => {
      received.push(event);
    },
  });
  try {
    await bus.publish('events.job.completed', { jobId: 'job_other' }); // outside the filter
    // "Quickly" is counted in round trips to the server, not in milliseconds, so a busy machine slows
    // both sides alike: the server pushes an event as it stores it, so it is in (or right behind) the
    // publish acknowledgement, while a subscription that polls would let hundreds of round trips pass.
    const roundTrips: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      await bus.publish('events.token.revoked', { tokenId: `tok_${i}` });
      let trips = 0;
      while (received.length < i + 1) {
        assert.ok(trips < 10_000, `revocation ${i} not delivered after ${trips} round trips`);
        await bus.connection.flush();
        trips += 1;
      }
      roundTrips.push(trips);
    }
    assert.deepEqual(
      received.map((event) => event.data.tokenId),
      Array.from({ length: 20 }, (_, i) => `tok_${i}`),
    );
    assert.equal(received[0]!.subject, 'events.token.revoked');
    roundTrips.sort((a, b) => a - b);
    const median = roundTrips[10]!;
    const worst = roundTrips.at(-1)!;
    // Measured here: 0 or 1 round trip. Eviction must not wait for a poll.
    assert.ok(median <= 2, `median ${median} round trips`);
    assert.ok(worst <= 10, `worst ${worst} round trips`);
  } finally {
    await subscription.stop();
  }
});

test('subscribeEvents survives a failing handler and a body that is not JSON', async (t) => {
  const bus = await busFor(t, 'bus');
  const seen: string[] = [];
  const subscription = await bus.subscribeEvents<{ n: string }>({
    filterSubject: 'events.token.>',
    handler: (event) => {
      seen.push(event.data.n);
      if (event.data.n === 'a') throw new Error('cache unavailable');
    },
  });
  try {
    await bus.publish('events.token.revoked', { n: 'a' });
    await bus.jetstream.publish(bus.subject('events.token.revoked'), 'not json');
    await bus.publish('events.token.revoked', { n: 'b' });
    await waitFor('both events', () => seen.length === 2);
    assert.deepEqual(seen, ['a', 'b']);
  } finally {
    await subscription.stop();
  }
});

test('subscribeEvents on a stream that does not exist fails at once', async (t) => {
  const bus = await busFor(t, 'bus');
  await assert.rejects(bus.subscribeEvents({ stream: 'MISSING', filterSubject: 'events.>', handler: () => undefined }));
});

test('published events stay in the limits stream after being read', async (t) => {
  const bus = await busFor(t, 'bus');
  const seen: unknown[] = [];
  const subscription = await bus.consume({
    stream: 'EVENTS',
    durable: 'reader',
    filterSubject: 'events.>',
    maxDeliver: 3,
    ackWaitMs: 30_000,
    handler: (message) => {
      seen.push(message.data);
    },
  });
  try {
    for (let n = 0; n < 3; n += 1) await bus.publish('events.job.completed', { n });
    await waitFor('all three read', () => seen.length === 3);
    await waitFor('all three acknowledged', async () => (await pendingAcks(bus, 'EVENTS', 'reader')) === 0);
  } finally {
    await subscription.stop();
  }
  assert.equal(await streamMessages(bus, 'EVENTS'), 3);
});
