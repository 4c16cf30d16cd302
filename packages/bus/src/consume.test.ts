import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Bus } from './bus.ts';
import type { BusMessage } from './message.ts';
import { disposeBus, prefixedBus, streamMessages, waitFor } from './test-harness.ts';

let bus: Bus;
before(async () => {
  bus = await prefixedBus('consume');
});
after(async () => {
  await disposeBus(bus);
});

async function pendingAcks(durable: string): Promise<number> {
  return (await bus.manager.consumers.info(bus.streamName('WORK'), durable)).num_ack_pending;
}

test('a message is acknowledged only after the handler resolved', async () => {
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
    await sleep(100);
    assert.equal(await pendingAcks('ack-after'), 1, 'still unacknowledged while the handler runs');
    assert.equal(await streamMessages(bus, 'WORK'), 1);
    release();
    await waitFor('ack', async () => (await pendingAcks('ack-after')) === 0);
    await waitFor('work queue removal', async () => (await streamMessages(bus, 'WORK')) === 0);
    assert.equal(received.length, 1);
  } finally {
    await subscription.stop();
  }
});

test('a throwing handler is retried with a delay, then dead-lettered after maxDeliver', async () => {
  const attempts: { deliveryCount: number; at: number }[] = [];
  const dead: { message: BusMessage<unknown>; error: Error }[] = [];
  const subscription = await bus.consume<{ jobId: string }>({
    stream: 'WORK',
    durable: 'retry',
    filterSubject: 'work.retry.cpu',
    maxDeliver: 3,
    ackWaitMs: 30_000,
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
    assert.ok(attempts[1]!.at - attempts[0]!.at >= 140, 'the nak delay is honoured');
    assert.deepEqual(dead[0]!.message.data, { jobId: 'job_retry' });
    assert.equal(dead[0]!.message.deliveryCount, 3);
    assert.equal(dead[0]!.error.message, 'decoder crashed on attempt 3');
    // Terminated: never delivered again, and removed from the work queue.
    await sleep(500);
    assert.equal(attempts.length, 3);
    assert.equal(dead.length, 1);
    assert.equal(await pendingAcks('retry'), 0);
    assert.equal(await streamMessages(bus, 'WORK'), 0);
  } finally {
    await subscription.stop();
  }
});

test('a failing dead-letter callback gets the message again until it succeeds', async () => {
  let handlerRuns = 0;
  let callbackRuns = 0;
  const subscription = await bus.consume({
    stream: 'WORK',
    durable: 'dlq-retry',
    filterSubject: 'work.dlq.cpu',
    maxDeliver: 1,
    ackWaitMs: 30_000,
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
    await sleep(300);
    assert.equal(handlerRuns, 1, 'the handler is not run past maxDeliver');
    assert.equal(callbackRuns, 2);
    assert.equal(await streamMessages(bus, 'WORK'), 0);
  } finally {
    await subscription.stop();
  }
});

test('working() extends the ack wait of a slow handler; without it the message is redelivered', async () => {
  const runs = async (durable: string, heartbeat: boolean): Promise<number[]> => {
    const deliveries: number[] = [];
    const subject = `work.slow${heartbeat ? 'beat' : 'silent'}.cpu`;
    const subscription = await bus.consume({
      stream: 'WORK',
      durable,
      filterSubject: subject,
      maxDeliver: 5,
      ackWaitMs: 1_000,
      concurrency: 2,
      handler: async (message) => {
        deliveries.push(message.deliveryCount);
        if (message.deliveryCount > 1) return;
        for (let elapsed = 0; elapsed < 2_500; elapsed += 250) {
          if (heartbeat) message.working();
          await sleep(250);
        }
      },
    });
    try {
      await bus.publish(subject, { jobId: `job_${durable}` });
      await sleep(3_000);
      await waitFor('ack', async () => (await pendingAcks(durable)) === 0);
      return deliveries;
    } finally {
      await subscription.stop();
    }
  };
  const [withWorking, withoutWorking] = await Promise.all([runs('slow-beat', true), runs('slow-silent', false)]);
  assert.deepEqual(withWorking, [1]);
  assert.deepEqual(withoutWorking, [1, 2]);
});

test('a delivery past maxDeliver after handler timeouts is dead-lettered without running the handler', async () => {
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
    await waitFor('dead letter after ack wait', () => dead.length === 1, 4_000);
    assert.deepEqual(deliveries, [1]);
    assert.match(dead[0]!.message, /delivered 2 times without an acknowledgement/);
  } finally {
    release();
    await subscription.stop();
  }
});

test('a body that is not JSON is dead-lettered and consumption continues', async () => {
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

test('concurrency bounds the handlers running at once', async () => {
  let running = 0;
  let peak = 0;
  let done = 0;
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
      await sleep(150);
      running -= 1;
      done += 1;
    },
  });
  try {
    const started = performance.now();
    await Promise.all(Array.from({ length: 9 }, (_, i) => bus.publish('work.parallel.cpu', { i })));
    await waitFor('all handled', () => done === 9);
    const elapsed = performance.now() - started;
    assert.equal(peak, 3);
    assert.ok(elapsed >= 440 && elapsed < 1_500, `9 jobs of 150 ms on 3 slots took ${elapsed.toFixed(0)} ms`);
  } finally {
    await subscription.stop();
  }
});

test('stop() waits for the handler in flight and acknowledges it', async () => {
  let finished = false;
  let started = false;
  const subscription = await bus.consume({
    stream: 'WORK',
    durable: 'graceful',
    filterSubject: 'work.graceful.cpu',
    maxDeliver: 3,
    ackWaitMs: 30_000,
    handler: async () => {
      started = true;
      await sleep(200);
      finished = true;
    },
  });
  await bus.publish('work.graceful.cpu', { jobId: 'job_graceful' });
  await waitFor('start', () => started);
  await subscription.stop();
  assert.equal(finished, true);
  await waitFor('ack', async () => (await pendingAcks('graceful')) === 0);
  assert.equal(await streamMessages(bus, 'WORK'), 0);
});

test('a durable resumes where it stopped: messages published while no one consumed are delivered', async () => {
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

test('consuming from a stream that does not exist fails at once', async () => {
  await assert.rejects(
    bus.consume({ stream: 'NOPE', durable: 'x', maxDeliver: 1, ackWaitMs: 1_000, handler: () => undefined }),
    /stream not found/,
  );
});

test('invalid consumer settings are refused', async () => {
  const base = { stream: 'WORK', durable: 'bad', maxDeliver: 1, ackWaitMs: 1_000, handler: () => undefined };
  await assert.rejects(bus.consume({ ...base, maxDeliver: 0 }), /maxDeliver/);
  await assert.rejects(bus.consume({ ...base, ackWaitMs: 10 }), /ackWaitMs/);
  await assert.rejects(bus.consume({ ...base, durable: 'bad2', concurrency: 0 }), /concurrency/);
});

test('a durable cannot silently change its filter', async () => {
  await bus.ensureConsumer('WORK', { durable: 'filtered', filterSubject: 'work.a.cpu', maxDeliver: 1, ackWaitMs: 1_000 });
  await bus.ensureConsumer('WORK', { durable: 'filtered', filterSubject: 'work.a.cpu', maxDeliver: 2, ackWaitMs: 2_000 });
  const config = (await bus.manager.consumers.info(bus.streamName('WORK'), 'filtered')).config;
  assert.equal(config.ack_wait, 2e9);
  assert.equal(config.filter_subject, `${bus.prefix}.work.a.cpu`);
  await assert.rejects(
    bus.ensureConsumer('WORK', { durable: 'filtered', filterSubject: 'work.b.cpu', maxDeliver: 2, ackWaitMs: 2_000 }),
    /use a new durable name/,
  );
});
