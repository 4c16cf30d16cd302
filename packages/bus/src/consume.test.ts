import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BusMessage } from './message.ts';
import { busFor, pendingAcks, streamMessages, waitFor } from './test-harness.ts';

// Acknowledgement, redelivery and dead-lettering. Each test has a bus (and a WORK stream) of its own.

test('a message is acknowledged only after the handler resolved', async (t) => {
  const bus = await busFor(t, 'consume');
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const received: BusMessage<{ jobId: string }>[] = [];
  const subscription = await bus.consume<{ jobId: string }>({
    stream: 'WORK',
    durable: 'ack-after',
    filterSubject: 'work.ack.cpu',
    maxDeliver: 3,
    ackWaitMs: 30_000,
    handler: async (message) => {
      received.push(message);
      await gate;
    },
  });
  try {
    await bus.publish('work.ack.cpu', { jobId: 'job_ack' });
    await waitFor('delivery', () => received.length === 1);
    assert.equal(received[0]!.subject, 'work.ack.cpu');
    assert.deepEqual(received[0]!.data, { jobId: 'job_ack' });
    assert.equal(received[0]!.deliveryCount, 1);
    // An ack sent before or beside the handler would travel ahead of this request on the same connection.
    assert.equal(await pendingAcks(bus, 'WORK', 'ack-after'), 1, 'still unacknowledged while the handler runs');
    assert.equal(await streamMessages(bus, 'WORK'), 1);
    release();
    await waitFor('ack', async () => (await pendingAcks(bus, 'WORK', 'ack-after')) === 0);
    await waitFor('work queue removal', async () => (await streamMessages(bus, 'WORK')) === 0);
    assert.equal(received.length, 1);
  } finally {
    release();
    await subscription.stop();
  }
});

test('a throwing handler is retried with a delay, then dead-lettered after maxDeliver', async (t) => {
  const bus = await busFor(t, 'consume');
  const attempts: { deliveryCount: number; at: number }[] = [];
  const dead: { message: BusMessage<unknown>; error: Error }[] = [];
  const subscription = await bus.consume<{ jobId: string }>({
    stream: 'WORK',
    durable: 'retry',
    filterSubject: 'work.retry.cpu',
    maxDeliver: 3,
    // Far beyond any wait below: a message that was not terminated stays pending throughout.
    ackWaitMs: 300_000,
    backoffMs: [150],
    handler: (message) => {
      attempts.push({ deliveryCount: message.deliveryCount, at: performance.now() });
      throw new Error(`decoder crashed on attempt ${message.deliveryCount}`);
    },
    onDeadLetter: (message, error) => {
      dead.push({ message, error });
    },
  });
  try {
    await bus.publish('work.retry.cpu', { jobId: 'job_retry' });
    await waitFor('dead letter', () => dead.length === 1);
    assert.deepEqual(
      attempts.map((a) => a.deliveryCount),
      [1, 2, 3],
    );
    // A lower bound: a busy machine only makes the gap longer.
    assert.ok(attempts[1]!.at - attempts[0]!.at >= 140, 'the nak delay is honoured');
    assert.deepEqual(dead[0]!.message.data, { jobId: 'job_retry' });
    assert.equal(dead[0]!.message.deliveryCount, 3);
    assert.equal(dead[0]!.error.message, 'decoder crashed on attempt 3');
    // Terminated and removed from the work queue: once it is gone, nothing can deliver it again.
    await waitFor('terminated', async () => (await pendingAcks(bus, 'WORK', 'retry')) === 0);
    await waitFor('removed from the work queue', async () => (await streamMessages(bus, 'WORK')) === 0);
    assert.equal(attempts.length, 3);
    assert.equal(dead.length, 1);
  } finally {
    await subscription.stop();
  }
});

test('a failing dead-letter callback gets the message again until it succeeds', async (t) => {
  const bus = await busFor(t, 'consume');
  let handlerRuns = 0;
  let callbackRuns = 0;
  const subscription = await bus.consume({
    stream: 'WORK',
    durable: 'dlq-retry',
    filterSubject: 'work.dlq.cpu',
    maxDeliver: 1,
    ackWaitMs: 300_000,
    backoffMs: [50],
    handler: () => {
      handlerRuns += 1;
      throw new Error('always');
    },
    onDeadLetter: () => {
      callbackRuns += 1;
      if (callbackRuns === 1) throw new Error('jobs database unavailable');
    },
  });
  try {
    await bus.publish('work.dlq.cpu', { jobId: 'job_dlq' });
    await waitFor('second dead-letter attempt', () => callbackRuns === 2);
    // Once terminated and removed, no further delivery can run the handler or the callback.
    await waitFor('terminated', async () => (await pendingAcks(bus, 'WORK', 'dlq-retry')) === 0);
    await waitFor('removed from the work queue', async () => (await streamMessages(bus, 'WORK')) === 0);
    assert.equal(handlerRuns, 1, 'the handler is not run past maxDeliver');
    assert.equal(callbackRuns, 2);
  } finally {
    await subscription.stop();
  }
});

test('working() extends the ack wait of a slow handler; without it the message is redelivered', async (t) => {
  const bus = await busFor(t, 'consume');
  const withWorking: number[] = [];
  const withoutWorking: number[] = [];
  let beatStarted!: () => void;
  const beating = new Promise<void>((resolve) => (beatStarted = resolve));
  let silentRedelivered!: () => void;
  const redelivered = new Promise<void>((resolve) => (silentRedelivered = resolve));
  // The server's clock decides redelivery, so the beating handler runs until the silent message,
  // sent after it started and given twice the ack wait, has been redelivered: by then the beating
  // message would have been redelivered too, had working() not held it.
  const beat = await bus.consume({
    stream: 'WORK',
    durable: 'slow-beat',
    filterSubject: 'work.slowbeat.cpu',
    maxDeliver: 5,
    ackWaitMs: 2_000,
    concurrency: 2,
    handler: async (message) => {
      withWorking.push(message.deliveryCount);
      if (message.deliveryCount > 1) return;
      beatStarted();
      let done = false;
      void redelivered.then(() => (done = true));
      while (!done) {
        message.working();
        await Promise.race([redelivered, sleep(100)]);
      }
    },
  });
  const silent = await bus.consume({
    stream: 'WORK',
    durable: 'slow-silent',
    filterSubject: 'work.slowsilent.cpu',
    maxDeliver: 5,
    ackWaitMs: 4_000,
    concurrency: 2,
    handler: async (message) => {
      withoutWorking.push(message.deliveryCount);
      if (message.deliveryCount > 1) return silentRedelivered();
      await redelivered;
    },
  });
  try {
    await bus.publish('work.slowbeat.cpu', { jobId: 'job_slow_beat' });
    await beating;
    await bus.publish('work.slowsilent.cpu', { jobId: 'job_slow_silent' });
    await waitFor('the silent message redelivered', () => withoutWorking.length === 2);
    for (const durable of ['slow-beat', 'slow-silent'])
      await waitFor(`${durable} acknowledged`, async () => (await pendingAcks(bus, 'WORK', durable)) === 0);
  } finally {
    silentRedelivered();
    await beat.stop();
    await silent.stop();
  }
  assert.deepEqual(withWorking, [1]);
  assert.deepEqual(withoutWorking, [1, 2]);
});

test('a delivery past maxDeliver after handler timeouts is dead-lettered without running the handler', async (t) => {
  const bus = await busFor(t, 'consume');
  let release!: () => void;
  const hung = new Promise<void>((resolve) => (release = resolve));
  const deliveries: number[] = [];
  const dead: Error[] = [];
  const subscription = await bus.consume({
    stream: 'WORK',
    durable: 'timeouts',
    filterSubject: 'work.hang.cpu',
    maxDeliver: 1,
    ackWaitMs: 1_000,
    concurrency: 2,
    handler: async (message) => {
      deliveries.push(message.deliveryCount);
      await hung;
      throw new Error('gave up');
    },
    onDeadLetter: (_message, error) => {
      dead.push(error);
    },
  });
  try {
    await bus.publish('work.hang.cpu', { jobId: 'job_hang' });
    // The handler never finishes on its own: only the ack wait running out brings the second delivery.
    await waitFor('dead letter after ack wait', () => dead.length === 1);
    assert.deepEqual(deliveries, [1]);
    assert.match(dead[0]!.message, /delivered 2 times without an acknowledgement/);
  } finally {
    release();
    await subscription.stop();
  }
});

test('a body that is not JSON is dead-lettered and consumption continues', async (t) => {
  const bus = await busFor(t, 'consume');
  const handled: unknown[] = [];
  const dead: { message: BusMessage<unknown>; error: Error }[] = [];
  const subscription = await bus.consume({
    stream: 'WORK',
    durable: 'garbage',
    filterSubject: 'work.garbage.cpu',
    maxDeliver: 3,
    ackWaitMs: 30_000,
    handler: (message) => {
      handled.push(message.data);
    },
    onDeadLetter: (message, error) => {
      dead.push({ message, error });
    },
  });
  try {
    await bus.jetstream.publish(bus.subject('work.garbage.cpu'), '{"jobId": ');
    await bus.publish('work.garbage.cpu', { jobId: 'job_fine' });
    await waitFor('both processed', () => dead.length === 1 && handled.length === 1);
    assert.equal(dead[0]!.message.data, '{"jobId": ');
    assert.equal(dead[0]!.message.deliveryCount, 1);
    assert.match(dead[0]!.error.message, /not valid JSON/);
    assert.deepEqual(handled, [{ jobId: 'job_fine' }]);
    await waitFor('queue empty', async () => (await streamMessages(bus, 'WORK')) === 0);
  } finally {
    await subscription.stop();
  }
});
