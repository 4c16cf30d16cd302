// Deliveries when things go wrong: a receiver that refuses connections for a while, the
// dispatcher killed (SIGKILL) with deliveries pending and restarted, a receiver that answers 410
// Gone, one that asks to wait (503 with Retry-After), one that redirects, one that never accepts
// (the schedule used up: failed, still listed). This fleet's dispatcher sends bodies of at most
// 1 KiB, so every transcript here is "large": its deliveries carry result_omitted and no result.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { eventually } from '@tp/testing';
import { repeatAudio } from './support/jobs.ts';
import {
  ada,
  deliveriesOf,
  DISPATCHER,
  dir,
  fleet,
  productJob,
  RETRY_WAITS,
  speech,
  transcribe,
  uploadMultipart,
  useProductFleet,
  waitForDelivery,
  waitForProductJob,
} from './support/product.ts';
import { reserveReceiver, startReceiver, type Receiver, type ReceiverOptions } from './support/receiver.ts';

const MAX_BODY_BYTES = 1024;
useProductFleet({ dispatcherEnv: { WEBHOOK_MAX_BODY_BYTES: String(MAX_BODY_BYTES) } });

const receivers: Receiver[] = [];
after(async () => {
  for (const r of receivers) await r.close();
});
async function receiver(options: Omit<ReceiverOptions, 'contractFrom'>, open = true) {
  const withContract = { ...options, contractFrom: fleet.gatewayUrl };
  const r = open ? await startReceiver(withContract) : await reserveReceiver(withContract);
  receivers.push(r);
  return r;
}
const secret = () => randomBytes(24).toString('hex');
let fileUrl: string;

const TERMINAL = ['COMPLETED', 'FAILED', 'CANCELLED'];

/** The sentence eight times over (about 50 s of speech): seconds of engine time. */
async function longRecording(): Promise<string> {
  return (await uploadMultipart(ada, repeatAudio(speech, 8, join(dir, 'long.wav')))).fileUrl;
}

/** A job (on the spoken sentence unless another file is given) whose webhook goes to `hook`; its id. */
async function jobFor(hook: Receiver, key: string, audio?: string): Promise<string> {
  fileUrl ??= (await uploadMultipart(ada, speech)).fileUrl;
  const started = await transcribe(ada, { audio_url: audio ?? fileUrl, webhook_url: hook.url, webhook_secret: key });
  assert.equal(started.status, 202, started.text);
  return started.body.data.jobId;
}

const attempted = (n: number) => (d: { status: string; attemptCount: number }) =>
  d.status === 'pending' && d.attemptCount >= n;

describe('a receiver that is away', () => {
  it('gets the delivery when it listens again, with the result omitted from a body over the limit', async () => {
    const key = secret();
    const hook = await receiver({ secret: key }, false);
    const jobId = await jobFor(hook, key);
    const pending = await waitForDelivery(ada, jobId, attempted(2), 'two refused attempts');
    for (const attempt of pending.attempts) {
      assert.equal(attempt.statusCode, null, 'no answer: the connection was refused');
      assert.match(attempt.error, /refused/i);
    }
    assert.ok(pending.nextAttemptAt, 'the next attempt is scheduled');
    await hook.open();
    await eventually('the delivery arrived', async () => hook.received.length > 0, 120_000, 50);
    const [r] = hook.received;
    assert.ok(r!.signatureValid);
    assert.equal(r!.deliveryId, pending.deliveryId);
    assert.ok(r!.raw.length <= MAX_BODY_BYTES, `${r!.raw.length} bytes`);
    assert.equal(r!.body.result_omitted, true);
    assert.equal('result' in r!.body, false, 'no result in the body');
    assert.equal(r!.body.status, 'COMPLETED');
    const job = await productJob(ada, jobId);
    assert.ok(JSON.stringify(job.result).length > MAX_BODY_BYTES, 'GET /transcribe has the whole result');
    const delivered = await waitForDelivery(ada, jobId, (d) => d.status === 'delivered', 'marked delivered');
    assert.equal(delivered.resultOmitted, true);
  });
});

describe('the dispatcher killed', () => {
  it('delivers what was pending, and what ended while it was down, after its restart', async () => {
    const key = secret();
    const hook = await receiver({ secret: key }, false);
    const pendingJobs = [await jobFor(hook, key), await jobFor(hook, key)];
    const pendingIds: string[] = [];
    for (const jobId of pendingJobs) {
      pendingIds.push((await waitForDelivery(ada, jobId, attempted(1), 'an attempt refused')).deliveryId);
    }
    // A job that ends while no dispatcher runs (its subscription is made at its start, so it
    // starts before the kill; a long recording is still being transcribed when the kill comes).
    const lateJob = await jobFor(hook, key, await longRecording());
    await fleet.killService(DISPATCHER);
    try {
      assert.ok(!TERMINAL.includes((await productJob(ada, lateJob)).status), 'it had not ended at the kill');
      assert.equal((await waitForProductJob(ada, lateJob)).status, 'COMPLETED');
      await hook.open();
    } finally {
      await fleet.startService(DISPATCHER);
    }
    await eventually(
      'the three deliveries arrived',
      async () => new Set(hook.received.map((r) => r.body?.jobId)).size === 3,
      120_000,
      50,
    );
    for (const [i, jobId] of pendingJobs.entries()) {
      const got = hook.received.filter((r) => r.body.jobId === jobId);
      assert.ok(
        got.every((r) => r.deliveryId === pendingIds[i]),
        'the delivery made before the kill, not a new one',
      );
    }
    assert.ok(hook.received.every((r) => r.signatureValid));
    const late = hook.received.find((r) => r.body.jobId === lateJob)!;
    assert.equal(late.body.type, 'transcription.completed');
    for (const jobId of [...pendingJobs, lateJob]) {
      const deliveries = await deliveriesOf(ada, jobId);
      assert.equal(deliveries.length, 1, 'one delivery per job, however often the dispatcher started');
    }
  });
});

describe('what the receiver answers', () => {
  it('410 Gone stops the retries; a receiver that keeps failing uses up the schedule and is marked failed', async () => {
    const key = secret();
    const gone = await receiver({ secret: key, answer: () => ({ status: 410 }) });
    const failing = await receiver({ secret: key, answer: () => ({ status: 500 }) });
    const goneJob = await jobFor(gone, key);
    const stopped = await waitForDelivery(ada, goneJob, (d) => d.status === 'gone', 'marked gone');
    assert.equal(stopped.attemptCount, 1);
    assert.equal(stopped.nextAttemptAt, null);
    const failingJob = await jobFor(failing, key);
    const schedule = RETRY_WAITS.length + 1;
    const failed = await waitForDelivery(ada, failingJob, (d) => d.status === 'failed', 'the schedule used up');
    assert.equal(failed.attemptCount, schedule, 'one attempt per step of the schedule');
    assert.equal(failing.received.length, schedule);
    assert.equal(failed.nextAttemptAt, null);
    // The failing receiver's schedule took longer than any retry of the gone one would have waited.
    assert.equal(gone.received.length, 1, 'no attempt after the 410');
    const [again] = await deliveriesOf(ada, goneJob);
    assert.equal(again.status, 'gone');
    assert.equal(again.attemptCount, 1);
  });

  it('waits as long as a 503’s Retry-After asks, and never follows a redirect', async () => {
    const key = secret();
    const elsewhere = await receiver({ secret: key });
    const redirecting = await receiver({
      secret: key,
      answer: (r) => (r.attempt === 1 ? { status: 302, headers: { location: elsewhere.url } } : { status: 200 }),
    });
    const slow = await receiver({
      secret: key,
      answer: (r) => (r.attempt === 1 ? { status: 503, headers: { 'retry-after': '3' } } : { status: 200 }),
    });
    const slowJob = await jobFor(slow, key);
    const redirectJob = await jobFor(redirecting, key);
    await waitForDelivery(ada, slowJob, (d) => d.status === 'delivered', 'delivered after the wait');
    const [first, second] = slow.received;
    assert.ok(second!.at - first!.at >= 3000 - 50, `retried ${second!.at - first!.at} ms after a Retry-After of 3 s`);
    const redirected = await waitForDelivery(ada, redirectJob, (d) => d.status === 'delivered', 'delivered on retry');
    assert.equal(redirected.attempts[0].statusCode, 302, 'a redirect is a failed attempt');
    assert.equal(elsewhere.received.length, 0, 'the redirect was not followed');
  });
});
