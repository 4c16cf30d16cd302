import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '@tp/ids';
import { eventually } from '@tp/testing';
import { assertSigned } from './checks.ts';
import type { Receiver } from './receiver.ts';
import { codeOf, type Harness, newUserId, setUp } from './support.ts';

let h: Harness;
let receiver: Receiver;
setUp((harness, started) => {
  h = harness;
  receiver = started;
});

const SECRET = 'a-receiver-secret-of-some-length';
const subscribe = async (userId: string) =>
  (await h.webhooks.createSubscription({ userId, url: receiver.url, secret: SECRET })).subscriptionId;

/** A user's job whose delivery arrived at the first try. */
async function deliveredJob() {
  const userId = newUserId();
  const webhookId = await subscribe(userId);
  receiver.answer(() => ({ status: 200 }));
  const jobId = await h.endJob({ userId, webhookId });
  const delivered = await h.deliveryOf(userId, jobId, (d) => d.status === 'delivered');
  return { userId, jobId, delivered };
}

const requestsOf = (deliveryId: string) =>
  receiver.received.filter((r) => r.headers['x-service-delivery-id'] === deliveryId);

describe('deliveries survive the dispatcher', () => {
  it('SIGKILLed with deliveries pending, it delivers them after its restart, and the events of its absence too', async () => {
    const userId = newUserId();
    const webhookId = await subscribe(userId);
    const laterId = await subscribe(userId);
    receiver.answer(() => ({ status: 500 }));
    const pendingJob = await h.endJob({ userId, webhookId });
    await h.deliveryOf(userId, pendingJob, (d) => d.attemptCount >= 1);
    await h.fleet.killService('webhook-dispatcher');
    const absentJob = await h.endJob({ userId, webhookId: laterId });
    receiver.answer(() => ({ status: 200 }));
    await h.fleet.startService('webhook-dispatcher');
    const pending = await h.deliveryOf(userId, pendingJob, (d) => d.status === 'delivered');
    const absent = await h.deliveryOf(userId, absentJob, (d) => d.status === 'delivered');
    for (const delivery of [pending, absent]) {
      const requests = requestsOf(delivery.deliveryId);
      for (const request of requests) assertSigned(request, SECRET, delivery.deliveryId);
      assert.equal(new Set(requests.map((r) => r.body)).size, 1, 'the same body on every attempt');
    }
    assert.equal(absent.attemptCount, 1);
  });

  it('an event read while jobs is away comes back until jobs answers: nothing is lost', async () => {
    const userId = newUserId();
    const webhookId = await subscribe(userId);
    receiver.answer(() => ({ status: 200 }));
    const retriesBefore = h.fleet.logs('webhook-dispatcher').split('handler failed; will retry').length;
    await h.jobs.outage();
    let jobId = '';
    try {
      jobId = await h.endJob({ userId, webhookId });
      await eventually(
        'the event to fail while jobs is away',
        () => h.fleet.logs('webhook-dispatcher').split('handler failed; will retry').length > retriesBefore,
      );
      assert.equal(await codeOf(h.webhooks.listDeliveries({ userId, jobId })), 'not_found', 'no delivery yet');
    } finally {
      await h.jobs.restore();
    }
    const delivered = await h.deliveryOf(userId, jobId, (d) => d.status === 'delivered');
    assert.equal(requestsOf(delivered.deliveryId).length, 1);
  });
});

describe('the owner lists and redelivers', () => {
  it('redelivers a delivered one with the same id and body, its schedule restarted', async () => {
    const { userId, jobId, delivered } = await deliveredJob();
    const again = await h.webhooks.redeliver({ userId, jobId, deliveryId: delivered.deliveryId });
    assert.equal(again.deliveryId, delivered.deliveryId);
    assert.ok(['pending', 'delivered'].includes(again.status), again.status);
    const twice = await h.deliveryOf(userId, jobId, (d) => d.status === 'delivered' && d.attemptCount === 2);
    assert.deepEqual(
      twice.attempts.map((a) => [a.number, a.statusCode]),
      [
        [1, 200],
        [2, 200],
      ],
    );
    const [first, second] = requestsOf(delivered.deliveryId);
    assert.equal(second!.body, first!.body);
    assertSigned(second!, SECRET, delivered.deliveryId);
  });

  it('answers a pending delivery as it is', async () => {
    const userId = newUserId();
    const webhookId = await subscribe(userId);
    receiver.answer(() => ({ status: 503, headers: { 'retry-after': '3600' } }));
    const jobId = await h.endJob({ userId, webhookId });
    const waiting = await h.deliveryOf(userId, jobId, (d) => d.attemptCount === 1);
    assert.equal(waiting.status, 'pending');
    assert.ok(waiting.nextAttemptAt!.getTime() > Date.now() + 3_000_000, 'an hour away, as Retry-After asked');
    const answered = await h.webhooks.redeliver({ userId, jobId, deliveryId: waiting.deliveryId });
    assert.equal(answered.status, 'pending');
    assert.equal(answered.attemptCount, 1);
    assert.deepEqual(answered.nextAttemptAt, waiting.nextAttemptAt);
  });

  it('another user’s job, an unknown job or delivery: NOT_FOUND', async () => {
    const { userId, jobId, delivered } = await deliveredJob();
    const stranger = newUserId();
    assert.equal(await codeOf(h.webhooks.listDeliveries({ userId: stranger, jobId })), 'not_found');
    assert.equal(
      await codeOf(h.webhooks.redeliver({ userId: stranger, jobId, deliveryId: delivered.deliveryId })),
      'not_found',
    );
    assert.equal(await codeOf(h.webhooks.listDeliveries({ userId, jobId: newId('job') })), 'not_found');
    assert.equal(await codeOf(h.webhooks.redeliver({ userId, jobId, deliveryId: newId('whd') })), 'not_found');
  });

  it('an event naming another user’s subscription sends nothing', async () => {
    const owner = newUserId();
    const webhookId = await subscribe(owner);
    const intruder = newUserId();
    const foreignJob = await h.endJob({ userId: intruder, webhookId, status: 'failed' });
    // A later event on the same subject: by the time it is delivered, the earlier one was read too.
    const ownJob = await h.endJob({ userId: owner, webhookId, status: 'failed' });
    receiver.answer(() => ({ status: 200 }));
    await h.deliveryOf(owner, ownJob, (d) => d.status === 'delivered');
    assert.equal(await codeOf(h.webhooks.listDeliveries({ userId: intruder, jobId: foreignJob })), 'not_found');
  });
});
