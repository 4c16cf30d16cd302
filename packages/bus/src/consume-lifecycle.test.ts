import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BusMessage } from './message.ts';
import { busFor, pendingAcks, streamMessages, waitFor } from './test-harness.ts';

// Slots, stopping, resuming and the durable's declaration. Each test has a bus (and a WORK stream) of its own.

test('concurrency bounds the handlers running at once', async (t) => {
  const bus = await busFor(t, 'consume');
  let running = 0;
  let peak = 0;
  let done = 0;
  const held: (() => void)[] = [];
  const subscription = await bus.consume({
    stream: 'WORK',
    durable: 'parallel',
    filterSubject: 'work.parallel.cpu',
    maxDeliver: 3,
    ackWaitMs: 30_000,
    concurrency: 3,
    handler: async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => held.push(resolve));
      running -= 1;
      done += 1;
    },
  });
  try {
    await Promise.all(Array.from({ length: 9 }, (_, i) => bus.publish('work.parallel.cpu', { i })));
    // 9 jobs on 3 slots: three rounds, each holding all three slots at once until released.
    for (let round = 1; round <= 3; round += 1) {
      await waitFor(`round ${round}: three handlers at once`, () => running >= 3 || peak > 3);
      assert.equal(peak, 3);
      for (const release of held.splice(0)) release();
      await waitFor(`round ${round} done`, () => done >= round * 3);
    }
    assert.equal(peak, 3);
    assert.equal(done, 9);
  } finally {
    for (const release of held) release();
    await subscription.stop();
  }
});

test('stop() waits for the handler in flight and acknowledges it', async (t) => {
  const bus = await busFor(t, 'consume');
  let started = false;
  let finished = false;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const subscription = await bus.consume({
    stream: 'WORK',
    durable: 'graceful',
    filterSubject: 'work.graceful.cpu',
    maxDeliver: 3,
    ackWaitMs: 30_000,
    handler: async () => {
      started = true;
      await gate;
      finished = true;
    },
  });
  let stopped = false;
  try {
    await bus.publish('work.graceful.cpu', { jobId: 'job_graceful' });
    await waitFor('start', () => started);
    const stopping = subscription.stop().then(() => (stopped = true));
    await bus.connection.flush();
    assert.equal(stopped, false, 'stop() is still waiting for the handler');
    release();
    await stopping;
  } finally {
    release();
    await subscription.stop();
  }
  assert.equal(finished, true);
  await waitFor('ack', async () => (await pendingAcks(bus, 'WORK', 'graceful')) === 0);
  assert.equal(await streamMessages(bus, 'WORK'), 0);
});

test('a durable resumes where it stopped: messages published while no one consumed are delivered', async (t) => {
  const bus = await busFor(t, 'consume');
  const seen: number[] = [];
  const options = {
    stream: 'WORK',
    durable: 'resume',
    filterSubject: 'work.resume.cpu',
    maxDeliver: 3,
    ackWaitMs: 30_000,
    handler: (message: BusMessage<{ n: number }>) => {
      seen.push(message.data.n);
    },
  };
  const first = await bus.consume(options);
  await bus.publish('work.resume.cpu', { n: 1 });
  await waitFor('first', () => seen.length === 1);
  await first.stop();
  await bus.publish('work.resume.cpu', { n: 2 });
  const second = await bus.consume(options);
  try {
    await waitFor('second', () => seen.length === 2);
    assert.deepEqual(seen, [1, 2]);
  } finally {
    await second.stop();
  }
});

test('consuming from a stream that does not exist fails at once', async (t) => {
  const bus = await busFor(t, 'consume');
  await assert.rejects(
    bus.consume({ stream: 'NOPE', durable: 'x', maxDeliver: 1, ackWaitMs: 1_000, handler: () => undefined }),
    /stream not found/,
  );
});

test('invalid consumer settings are refused', async (t) => {
  const bus = await busFor(t, 'consume');
  const base = { stream: 'WORK', durable: 'bad', maxDeliver: 1, ackWaitMs: 1_000, handler: () => undefined };
  await assert.rejects(bus.consume({ ...base, maxDeliver: 0 }), /maxDeliver/);
  await assert.rejects(bus.consume({ ...base, ackWaitMs: 10 }), /ackWaitMs/);
  await assert.rejects(bus.consume({ ...base, durable: 'bad2', concurrency: 0 }), /concurrency/);
});

test('a durable cannot silently change its filter', async (t) => {
  const bus = await busFor(t, 'consume');
  await bus.ensureConsumer('WORK', {
    durable: 'filtered',
    filterSubject: 'work.a.cpu',
    maxDeliver: 1,
    ackWaitMs: 1_000,
  });
  await bus.ensureConsumer('WORK', {
    durable: 'filtered',
    filterSubject: 'work.a.cpu',
    maxDeliver: 2,
    ackWaitMs: 2_000,
  });
  const config = (await bus.manager.consumers.info(bus.streamName('WORK'), 'filtered')).config;
  assert.equal(config.ack_wait, 2e9);
  assert.equal(config.filter_subject, `${bus.prefix}.work.a.cpu`);
  await assert.rejects(
    bus.ensureConsumer('WORK', { durable: 'filtered', filterSubject: 'work.b.cpu', maxDeliver: 2, ackWaitMs: 2_000 }),
    /use a new durable name/,
  );
});
