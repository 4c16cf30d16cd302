// A job's end becomes a signed delivery through the real dispatcher process, PostgreSQL and NATS:
// retried on the schedule with the same body, redelivered on request, and kept through what only
// real processes show (the dispatcher killed, jobs away). Each branch of the use cases (what an
// answer means, refusals, other users) is tested beside them.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
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
const subscribe = async (userId: string, secret = SECRET) =>
  (await h.webhooks.createSubscription({ userId, url: receiver.url, secret })).subscriptionId;

/** The requests of one delivery at the receiver, oldest first. */
const requestsOf = (deliveryId: string) =>
  receiver.received.filter((r) => r.headers['x-service-delivery-id'] === deliveryId);

describe('a job that ends sends one signed delivery', () => {
  it('is retried after a 500 with the same id and body, signed afresh, and its result is the job’s', async () => {
    const userId = newUserId();
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const webhookId = await subscribe(userId, secret);
    receiver.answer((request) => ({
      status: requestsOf(String(request.headers['x-service-delivery-id'])).length === 1 ? 500 : 200,
    }));
    const jobId = await h.endJob({ userId, webhookId });
    const delivery = await h.deliveryOf(userId, jobId, (d) => d.status === 'delivered');
    assert.deepEqual(
      [delivery.eventType, delivery.url, delivery.attemptCount],
      ['transcription.completed', receiver.url, 2],
    );
    assert.deepEqual(
      delivery.attempts.map((a) => [a.number, a.statusCode, a.error]),
      [
        [1, 500, 'receiver answered 500'],
        [2, 200, ''],
      ],
    );
    assert.ok(delivery.deliveredAt);
    assert.equal(delivery.nextAttemptAt, undefined);
    const [first, second] = requestsOf(delivery.deliveryId);
    assertSigned(first!, secret, delivery.deliveryId);
    assertSigned(second!, secret, delivery.deliveryId);
    assert.equal(second!.body, first!.body, 'every attempt sends the same bytes');
    const body = JSON.parse(first!.body);
    assert.deepEqual(
      [body.delivery_id, body.jobId, body.status, body.result_omitted],
      [delivery.deliveryId, jobId, 'COMPLETED', false],
    );
    assert.ok(body.result.segments.length > 0);
    // Jobs was asked by the dispatcher, for the job's user.
    assert.ok(h.jobs.callers.some((c) => c.service === 'webhook-dispatcher' && c.user === userId));
  });
});

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

// After the kill, on the process that stops cleanly: a killed one leaves no coverage of what it ran.
describe('the owner lists and redelivers', () => {
  it('redelivers a delivered one with the same id and body, its schedule restarted; others see nothing', async () => {
    const userId = newUserId();
    const webhookId = await subscribe(userId);
    receiver.answer(() => ({ status: 200 }));
    const jobId = await h.endJob({ userId, webhookId });
    const delivered = await h.deliveryOf(userId, jobId, (d) => d.status === 'delivered');
    const again = await h.webhooks.redeliver({ userId, jobId, deliveryId: delivered.deliveryId });
    assert.equal(again.deliveryId, delivered.deliveryId);
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
    assert.equal(await codeOf(h.webhooks.listDeliveries({ userId: newUserId(), jobId })), 'not_found');
  });
});
