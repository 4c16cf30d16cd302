import { it } from 'node:test';
import assert from 'node:assert/strict';
import { busFor } from './test-harness.ts';

it("tells each durable consumer's backlog: not delivered yet, and delivered but not acknowledged", async (t) => {
  const bus = await busFor(t, 'backlog');
  for (const pool of ['cpu', 'gpu']) {
    const declaration = { durable: `${pool}-work`, filterSubject: `work.a.${pool}`, maxDeliver: 3, ackWaitMs: 30_000 };
    await bus.ensureConsumer('WORK', declaration);
  }
  for (let i = 0; i < 3; i++) await bus.publish('work.a.cpu', { i }, { msgId: `cpu-${i}` });
  assert.deepEqual(
    (await bus.consumerBacklogs('WORK')).sort((a, b) => a.consumer.localeCompare(b.consumer)),
    [
      { consumer: 'cpu-work', pending: 3, ackPending: 0 },
      { consumer: 'gpu-work', pending: 0, ackPending: 0 },
    ],
  );
  const consumer = await bus.jetstream.consumers.get(bus.streamName('WORK'), 'cpu-work');
  const taken = await consumer.next({ expires: 5_000 });
  assert.ok(taken, 'one message delivered');
  const cpu = (await bus.consumerBacklogs('WORK')).find((b) => b.consumer === 'cpu-work');
  assert.deepEqual(cpu, { consumer: 'cpu-work', pending: 2, ackPending: 1 });
  taken.ack();
});
