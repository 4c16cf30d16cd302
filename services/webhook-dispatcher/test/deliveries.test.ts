import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { assertSigned } from './checks.ts';
import { type Receiver, startReceiver } from './receiver.ts';
import { type Harness, newUserId, setUp } from './support.ts';

let h: Harness;
let receiver: Receiver;
setUp((harness, started) => {
  h = harness;
  receiver = started;
});

const secretOf = (standard: boolean) =>
  standard ? `whsec_${randomBytes(24).toString('base64')}` : `s3cret-${randomBytes(12).toString('hex')}`;

async function subscribe(userId: string, url: string, standard = false) {
  const secret = secretOf(standard);
  const subscription = await h.webhooks.createSubscription({ userId, url, secret });
  assert.match(subscription.subscriptionId, /^whs_/);
  return { secret, webhookId: subscription.subscriptionId };
}

/** The requests of one delivery at the receiver, oldest first. */
const requestsOf = (deliveryId: string) =>
  receiver.received.filter((r) => r.headers['x-service-delivery-id'] === deliveryId);

describe('a job that ends sends one signed delivery', () => {
  it('is retried after a 500 with the same id and body, signed afresh, and its result is the job’s', async () => {
    const userId = newUserId();
    const { secret, webhookId } = await subscribe(userId, receiver.url, true);
    receiver.answer((request) => ({
      status: requestsOf(String(request.headers['x-service-delivery-id'])).length === 1 ? 500 : 200,
    }));
    const jobId = await h.endJob({ userId, webhookId });
    const delivery = await h.deliveryOf(userId, jobId, (d) => d.status === 'delivered');

    assert.equal(delivery.eventType, 'transcription.completed');
    assert.equal(delivery.url, receiver.url);
    assert.equal(delivery.attemptCount, 2);
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
    assert.ok(first && second);
    assertSigned(first, secret, delivery.deliveryId);
    assertSigned(second, secret, delivery.deliveryId);
    assert.equal(second.body, first.body, 'every attempt sends the same bytes');
    const body = JSON.parse(first.body);
    assert.equal(body.type, 'transcription.completed');
    assert.equal(body.delivery_id, delivery.deliveryId);
    assert.equal(body.jobId, jobId);
    assert.equal(body.status, 'COMPLETED');
    assert.equal(body.result_omitted, false);
    assert.ok(body.result.text.length > 0);
    assert.ok(body.result.segments.length > 0);
    // Jobs was asked by the dispatcher, for the job's user.
    assert.ok(h.jobs.callers.some((c) => c.service === 'webhook-dispatcher' && c.user === userId));
  });

  it('tells of a failed job with its error and no result', async () => {
    const userId = newUserId();
    const { secret, webhookId } = await subscribe(userId, receiver.url);
    receiver.answer(() => ({ status: 204 }));
    const jobId = await h.endJob({ userId, webhookId, status: 'failed' });
    const delivery = await h.deliveryOf(userId, jobId, (d) => d.status === 'delivered');
    assert.equal(delivery.eventType, 'transcription.failed');
    const [request] = requestsOf(delivery.deliveryId);
    assertSigned(request!, secret, delivery.deliveryId);
    const body = JSON.parse(request!.body);
    assert.equal(body.status, 'FAILED');
    assert.equal(body.error.code, 'media_unplayable');
    assert.equal(body.result, undefined);
  });

  it('reaches a receiver that refused connections for a while once it is back', async () => {
    const userId = newUserId();
    const { webhookId } = await subscribe(userId, receiver.url);
    receiver.answer(() => ({ status: 200 }));
    await receiver.close();
    const jobId = await h.endJob({ userId, webhookId, status: 'cancelled' });
    const refused = await h.deliveryOf(userId, jobId, (d) => d.attemptCount >= 2);
    assert.equal(refused.status, 'pending');
    assert.ok(refused.nextAttemptAt);
    for (const attempt of refused.attempts)
      assert.deepEqual([attempt.statusCode, attempt.error], [0, 'connection refused']);
    await receiver.listen();
    const delivered = await h.deliveryOf(userId, jobId, (d) => d.status === 'delivered');
    assert.equal(delivered.eventType, 'transcription.cancelled');
    assert.equal(requestsOf(delivered.deliveryId).length, 1);
  });
});

describe('the receiver’s answer decides what comes next', () => {
  it('410 Gone stops the retries', async () => {
    const userId = newUserId();
    const { webhookId } = await subscribe(userId, receiver.url);
    receiver.answer(() => ({ status: 410 }));
    const jobId = await h.endJob({ userId, webhookId });
    const gone = await h.deliveryOf(userId, jobId, (d) => d.status === 'gone');
    assert.equal(gone.attemptCount, 1);
    assert.equal(gone.nextAttemptAt, undefined);
    assert.equal(gone.attempts[0]!.statusCode, 410);
    assert.equal(requestsOf(gone.deliveryId).length, 1);
  });

  it('a redirect is a failure and is not followed', async () => {
    const elsewhere = await startReceiver('/elsewhere');
    try {
      const userId = newUserId();
      const { webhookId } = await subscribe(userId, receiver.url);
      receiver.answer((request) => {
        const first = requestsOf(String(request.headers['x-service-delivery-id'])).length === 1;
        return first ? { status: 302, headers: { location: elsewhere.url } } : { status: 200 };
      });
      const jobId = await h.endJob({ userId, webhookId });
      const delivery = await h.deliveryOf(userId, jobId, (d) => d.status === 'delivered');
      assert.deepEqual(
        delivery.attempts.map((a) => [a.statusCode, a.error]),
        [
          [302, 'redirect 302 not followed'],
          [200, ''],
        ],
      );
      assert.equal(elsewhere.received.length, 0);
    } finally {
      await elsewhere.close();
    }
  });

  it('an answer slower than the timeout fails the attempt', async () => {
    const userId = newUserId();
    const { webhookId } = await subscribe(userId, receiver.url);
    receiver.answer((request) => {
      const first = requestsOf(String(request.headers['x-service-delivery-id'])).length === 1;
      return first ? { status: 200, delayMs: 5_000 } : { status: 200 };
    });
    const jobId = await h.endJob({ userId, webhookId });
    const delivery = await h.deliveryOf(userId, jobId, (d) => d.status === 'delivered');
    assert.deepEqual(
      delivery.attempts.map((a) => [a.statusCode, a.error]),
      [
        [0, 'timed out after 1500 ms'],
        [200, ''],
      ],
    );
    assert.ok(delivery.attempts[0]!.durationMs >= 1_400);
  });

  it('Retry-After of a 429 (an HTTP date) and a 503 (seconds) is waited for', async () => {
    const userId = newUserId();
    const { webhookId } = await subscribe(userId, receiver.url);
    receiver.answer((request) => {
      const n = requestsOf(String(request.headers['x-service-delivery-id'])).length;
      if (n === 1) return { status: 429, headers: { 'retry-after': new Date(Date.now() + 3_000).toUTCString() } };
      if (n === 2) return { status: 503, headers: { 'retry-after': '2' } };
      return { status: 200 };
    });
    const jobId = await h.endJob({ userId, webhookId });
    const delivery = await h.deliveryOf(userId, jobId, (d) => d.status === 'delivered', 30_000);
    const [first, second, third] = requestsOf(delivery.deliveryId).map((r) => r.at);
    // The date has whole seconds: at least 2 s; the seconds: at least 2 s (the schedule says 200 and 500 ms).
    assert.ok(second! - first! >= 1_990, `429 waited ${second! - first!} ms`);
    assert.ok(third! - second! >= 1_990, `503 waited ${third! - second!} ms`);
    assert.deepEqual(
      delivery.attempts.map((a) => a.statusCode),
      [429, 503, 200],
    );
  });
});
