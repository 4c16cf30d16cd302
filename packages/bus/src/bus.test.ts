import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { withRequestId } from '@tp/logging';
import type { Bus } from './bus.ts';
import { STREAMS, type StreamDeclaration } from './declarations.ts';
import type { BusEvent } from './message.ts';
import { disposeBus, prefixedBus, streamMessages, waitFor } from './test-harness.ts';

let bus: Bus;
before(async () => {
  bus = await prefixedBus('bus');
});
after(async () => {
  await disposeBus(bus);
});

test('the prefix isolates subjects and stream names', () => {
  assert.match(bus.prefix, /^tbus[0-9a-f]{8}$/);
  assert.equal(bus.subject('events.job.completed'), `${bus.prefix}.events.job.completed`);
  assert.equal(bus.streamName('WORK'), `${bus.prefix.toUpperCase()}_WORK`);
});

test('declaring the streams twice is idempotent and yields the declared configuration', async () => {
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

test('a changed declaration updates the stream in place', async () => {
  const declaration: StreamDeclaration = { name: 'AUDIT', subjects: ['audit.>'], retention: 'limits', storage: 'memory', duplicateWindowMs: 60_000, maxAgeMs: 60_000 };
  await bus.ensureStreams([declaration]);
  await bus.ensureStreams([{ ...declaration, subjects: ['audit.>', 'trail.>'], maxAgeMs: 120_000 }]);
  const config = (await bus.manager.streams.info(bus.streamName('AUDIT'))).config;
  assert.deepEqual(config.subjects, [`${bus.prefix}.audit.>`, `${bus.prefix}.trail.>`]);
  assert.equal(config.max_age, 120 * 1e9);
});

test('a declaration that changes retention is refused with an explanation', async () => {
  const declaration: StreamDeclaration = { name: 'JOBS', subjects: ['jobs.>'], retention: 'limits', storage: 'memory', duplicateWindowMs: 60_000 };
  await bus.ensureStreams([declaration]);
  await assert.rejects(bus.ensureStreams([{ ...declaration, retention: 'workqueue' }]), /retention=limits.*cannot change in place/);
});

test('publish deduplicates by msgId within the window', async () => {
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

test('publish writes a JSON body with content type and request id headers', async () => {
  const ack = await withRequestId('req_publish_1', () => bus.publish('events.job.completed', { jobId: 'job_1', credits: 1.5 }));
  const stored = await bus.manager.streams.getMessage(bus.streamName('EVENTS'), { seq: ack.seq });
  assert.ok(stored);
  assert.equal(stored.subject, `${bus.prefix}.events.job.completed`);
  assert.deepEqual(stored.json(), { jobId: 'job_1', credits: 1.5 });
  assert.equal(stored.header.get('content-type'), 'application/json');
  assert.equal(stored.header.get('x-request-id'), 'req_publish_1');
});

test('publish refuses a payload that is not JSON and a subject no stream captures', async () => {
  await assert.rejects(bus.publish('events.job.completed', undefined), /not JSON-serialisable/);
  await assert.rejects(bus.publish('nowhere.at.all', { x: 1 }));
});

test('subscribeEvents delivers only new messages, quickly', async () => {
  await bus.publish('events.token.revoked', { tokenId: 'tok_old' });
  const received: { event: BusEvent<{ tokenId: string; sentAt: number }>; at: number }[] = [];
  const subscription = await bus.subscribeEvents<{ tokenId: string; sentAt: number }>({
    filterSubject: 'events.token.revoked',
    handler: (event) => {
      received.push({ event, at: performance.now() });
    },
  });
  try {
    await bus.publish('events.job.completed', { jobId: 'job_other' }); // outside the filter
    const latencies: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const sentAt = performance.now();
      await bus.publish('events.token.revoked', { tokenId: `tok_${i}`, sentAt });
      await waitFor(`revocation ${i}`, () => received.length === i + 1, 2_000);
      latencies.push(received[i]!.at - sentAt);
    }
    assert.deepEqual(
      received.map((r) => r.event.data.tokenId),
      Array.from({ length: 20 }, (_, i) => `tok_${i}`),
    );
    assert.equal(received[0]!.event.subject, 'events.token.revoked');
    latencies.sort((a, b) => a - b);
    const median = latencies[10]!;
    const worst = latencies.at(-1)!;
    // Measured here: about 1 ms. Eviction must be far below a second.
    assert.ok(median < 50, `median latency ${median.toFixed(1)} ms`);
    assert.ok(worst < 250, `worst latency ${worst.toFixed(1)} ms`);
  } finally {
    await subscription.stop();
  }
});

test('subscribeEvents survives a failing handler and a body that is not JSON', async () => {
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

test('subscribeEvents on a stream that does not exist fails at once', async () => {
  await assert.rejects(bus.subscribeEvents({ stream: 'MISSING', filterSubject: 'events.>', handler: () => undefined }));
});

test('published events stay in the limits stream after being read', async () => {
  assert.ok((await streamMessages(bus, 'EVENTS')) >= 3);
});
