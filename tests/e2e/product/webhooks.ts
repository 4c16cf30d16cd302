// A product back end's round with a webhook: an upload, POST /transcribe, the signed delivery
// (refused once with 500, then accepted: the retry has the same delivery id, a valid signature and
// the result GET /transcribe/{jobId} answers), the deliveries listed and one sent again on request;
// the job the same job in the main interface, transcribed and billed once. Then a file posted to a
// signed form, verified when a job starts on it, transcribed to SRT, its delivery signed with a
// Standard Webhooks secret that the `standardwebhooks` package verifies.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { eventually, wordErrorRate } from '@tp/testing';
import { Webhook } from 'standardwebhooks';
import { call } from '../support/http.ts';
import {
  ada,
  api,
  deliveryBody,
  fleet,
  productJob,
  type ProductView,
  SENTENCE,
  speech,
  transcribeVerified,
  uploadByForm,
  uploadMultipart,
  waitForDelivery,
  waitForProductJob,
} from '../support/product.ts';
import { type Received, type Receiver, type ReceiverOptions, startReceiver } from '../support/receiver.ts';

const receivers: Receiver[] = [];
async function receiver(options: Omit<ReceiverOptions, 'contractFrom'>) {
  const r = await startReceiver({ ...options, contractFrom: fleet.gatewayUrl });
  receivers.push(r);
  return r;
}
const secret = () => randomBytes(24).toString('hex');
const arrived = (r: Receiver, count: number) =>
  eventually(`${count} request(s) at the receiver`, async () => r.received.length >= count, 120_000, 50);

/** Registers the webhook tests against the fleet of the entry file (tests/e2e/product.test.ts). */
export function productWebhookTests(): void {
  // Called inside the entry's describe: its receivers close once both groups below have ended.
  after(async () => {
    for (const r of receivers) await r.close();
  });
  describe('a job with a webhook', { concurrency: false }, () => {
    it(
      'is retried after a 500 with the same delivery id, signed, carrying the result GET /transcribe answers',
      retriedAndSigned,
    );
    it('answers the result in json, the text recognised; the same job in the main interface', answersJson);
    it('is sent again on request: the same delivery id and body, signed afresh', redelivered);
  });
  describe('a job on a signed form’s upload', () => {
    it('is transcribed to srt, its delivery signed for the standardwebhooks package too', standardWebhooks);
  });
}

/** The first job, its receiver and its delivery, read again by the tests after the first. */
const first = { jobId: '', deliveryId: '', hook: null as unknown as Receiver };

/** The headers of a delivery with a plain (not whsec_) secret, and a valid signature. */
function assertSigned(r: Received) {
  assert.ok(r.signatureValid, `attempt ${r.attempt}: signature ${r.headers['x-service-signature']}`);
  assert.match(String(r.headers['x-service-signature']), /^sha256=[0-9a-f]{64}$/);
  assert.ok(Math.abs(Number(r.headers['x-service-timestamp']) - r.at / 1000) < 300, 'unix seconds, now');
  assert.match(String(r.headers['content-type']), /^application\/json/);
  assert.equal(r.headers['webhook-signature'], undefined, 'no Standard Webhooks headers for a plain secret');
}

async function retriedAndSigned() {
  const key = secret();
  const hook = await receiver({ secret: key, answer: (r) => ({ status: r.attempt === 1 ? 500 : 200 }) });
  const { fileUrl } = await uploadMultipart(ada, speech);
  const started = await transcribeVerified(ada, {
    audio_url: fileUrl,
    model: 'oracle',
    language: 'en',
    output_format: 'json',
    webhook_url: hook.url,
    webhook_secret: key,
  });
  assert.equal(started.status, 202, started.text);
  const { jobId } = started.body.data;
  assert.match(jobId, /^job_/);
  assert.equal(started.body.data.status, 'PENDING');

  await arrived(hook, 2);
  const [attempt, retry] = hook.received;
  assert.match(attempt!.deliveryId, /^whd_/);
  assert.equal(retry!.deliveryId, attempt!.deliveryId, 'a retry keeps its delivery id');
  assert.deepEqual([attempt!.status, retry!.status], [500, 200]);
  for (const r of [attempt!, retry!]) assertSigned(r);
  assert.ok(retry!.raw.equals(attempt!.raw), 'the body is fixed when the delivery is made');

  const job = await productJob(ada, jobId);
  assert.equal(job.status, 'COMPLETED');
  assert.deepEqual(retry!.body, deliveryBody(retry!, jobId, 'COMPLETED', { result: job.result }));
  assert.ok(Date.parse(retry!.body.occurred_at) >= Date.parse(job.finished_at) - 1000);

  // The receiver answered 200 a moment before the dispatcher records it: wait for the record.
  const delivery = await waitForDelivery(ada, jobId, (d) => d.status === 'delivered', 'the 200 recorded');
  assert.equal(delivery.deliveryId, attempt!.deliveryId);
  assert.deepEqual(
    delivery.attempts.map((a: { statusCode: number }) => a.statusCode),
    [500, 200],
  );
  assert.equal(delivery.nextAttemptAt, null);
  assert.equal(JSON.stringify(delivery).includes(key), false, 'the secret is never shown');
  Object.assign(first, { jobId, deliveryId: delivery.deliveryId, hook });
}

async function answersJson() {
  const job = await productJob(ada, first.jobId);
  assert.equal(job.progress, 100);
  assert.equal(job.model, 'oracle');
  assert.equal(job.output_format, 'json');
  assert.equal(job.error, null);
  const { result } = job;
  const wer = wordErrorRate(SENTENCE, result.text).wer;
  assert.ok(wer <= 0.25, `word error rate ${wer}: ${result.text}`);
  assert.equal(result.language, 'en');
  assert.ok(result.duration_seconds > 3);
  for (const s of result.segments) {
    assert.deepEqual(Object.keys(s).sort(), ['end', 'speaker', 'start', 'text']);
    assert.ok(s.end >= s.start);
  }
  assert.equal(result.output.format, 'json');
  const exported = await call(fleet.gatewayUrl, 'GET', `/api/v1/jobs/${first.jobId}/export?format=json`, {
    token: ada.token,
  });
  assert.deepEqual(JSON.parse(result.output.content), JSON.parse(exported.text), 'the output is the export');

  const main = (await api(ada, 'GET', `/api/v1/jobs/${first.jobId}`)).body.data;
  assert.equal(main.status, 'succeeded');
  assert.equal(main.artifact_ids.length, 1, 'its transcript is an artifact like any other');
  assert.ok(main.credits_charged > 0, 'billed once, as any job');
}

async function redelivered() {
  const { jobId, deliveryId, hook } = first;
  const res = await api(ada, 'POST', `/transcribe/${jobId}/deliveries/${deliveryId}/redeliver`);
  assert.equal(res.status, 202, res.text);
  assert.equal(res.body.data.deliveryId, deliveryId);
  await arrived(hook, 3);
  const again = hook.received[2]!;
  assert.equal(again.deliveryId, deliveryId);
  assertSigned(again);
  assert.ok(again.raw.equals(hook.received[0]!.raw), 'the same body');
  // The receiver has the request before the dispatcher records the answer: wait for the record.
  const listed = await waitForDelivery(ada, jobId, (d) => d.attemptCount === 3, 'the redelivery recorded');
  assert.equal(listed.status, 'delivered');
}

async function standardWebhooks() {
  const key = `whsec_${randomBytes(32).toString('base64')}`;
  const hook = await receiver({ secret: key });
  const form = await uploadByForm(ada, speech);
  const started = await transcribeVerified(ada, {
    audio_url: form.fileUrl,
    output_format: 'srt',
    webhook_url: hook.url,
    webhook_secret: key,
  });
  assert.equal(started.status, 202, started.text);
  const media = await api(ada, 'GET', `/api/v1/media/${form.mediaId}`);
  assert.equal(media.body.data.status, 'ready', 'verified when the job started on it');
  const job = await waitForProductJob(ada, started.body.data.jobId);
  assert.equal(job.status, 'COMPLETED', JSON.stringify(job.error));
  assert.equal(job.model, 'base', 'the default model');
  assertSrtOf(job.result);

  await arrived(hook, 1);
  const [r] = hook.received;
  assert.deepEqual(r!.body.result, job.result);
  const headers = Object.fromEntries(Object.entries(r!.headers).map(([k, v]) => [k, String(v)]));
  const checked = new Webhook(key).verify(r!.raw.toString('utf8'), headers);
  assert.deepEqual(checked, r!.body);
  assert.equal(headers['webhook-id'], r!.deliveryId);
  assert.equal(headers['webhook-timestamp'], headers['x-service-timestamp']);
  assert.match(headers['webhook-signature']!, /^v1,[A-Za-z0-9+/]+=*$/);
  assert.ok(r!.signatureValid, 'X-Service-Signature too, keyed with the whole secret');
  const tampered = r!.raw.toString('utf8').replace('COMPLETED', 'FAILED');
  assert.throws(() => new Webhook(key).verify(tampered, headers), /signature/i);
}

/** An srt result: numbered, timed cues that say the text. */
function assertSrtOf(result: ProductView) {
  assert.equal(result.output.format, 'srt');
  assert.match(result.output.content_type, /^application\/x-subrip/);
  const words: string[] = [];
  for (const [i, cue] of result.output.content.trim().split(/\n\n+/).entries()) {
    const [number, timing, ...lines] = cue.split('\n');
    assert.equal(number, String(i + 1));
    assert.match(timing!, /^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/);
    words.push(...lines.join(' ').split(/\s+/));
  }
  assert.equal(words.join(' '), result.text.split(/\s+/).join(' '), 'the cues say the text');
}
