// The product back end's whole round: upload, POST /transcribe with a webhook, the signed delivery
// (refused once with 500, then accepted: the retry has the same delivery id, a valid signature and
// the result GET /transcribe/{jobId} answers), each output format, a Standard Webhooks secret
// checked with the `standardwebhooks` package, and a cancelled job's delivery. The job is the same
// job in the main interface: transcribed and billed once, its transcript an artifact.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { eventually, wordErrorRate } from '@tp/testing';
import { Webhook } from 'standardwebhooks';
import { call } from './support/http.ts';
import { repeatAudio } from './support/jobs.ts';
import {
  ada,
  api,
  deliveriesOf,
  dir,
  fleet,
  productJob,
  SENTENCE,
  speech,
  transcribe,
  uploadByForm,
  uploadInline,
  uploadMultipart,
  useProductFleet,
  waitForDelivery,
  waitForProductJob,
} from './support/product.ts';
import { type Received, type Receiver, type ReceiverOptions, startReceiver } from './support/receiver.ts';

useProductFleet();

const receivers: Receiver[] = [];
after(async () => {
  for (const r of receivers) await r.close();
});
async function receiver(options: ReceiverOptions) {
  const r = await startReceiver(options);
  receivers.push(r);
  return r;
}
/** The job of the first test, read again by the second. */
let firstJobId: string;
const secret = () => randomBytes(24).toString('hex');
const arrived = (r: Receiver, count: number) =>
  eventually(`${count} request(s) at the receiver`, async () => r.received.length >= count, 120_000, 50);

/** The headers of section 6 on a delivery with a plain (not whsec_) secret, and a valid signature. */
function assertSigned(r: Received) {
  assert.ok(r.signatureValid, `attempt ${r.attempt}: signature ${r.headers['x-service-signature']}`);
  assert.match(String(r.headers['x-service-signature']), /^sha256=[0-9a-f]{64}$/);
  assert.ok(Math.abs(Number(r.headers['x-service-timestamp']) - r.at / 1000) < 300, 'unix seconds, now');
  assert.match(String(r.headers['content-type']), /^application\/json/);
  assert.equal(r.headers['webhook-signature'], undefined, 'no Standard Webhooks headers for a plain secret');
}

describe('a job with a webhook', () => {
  it('is retried after a 500 with the same delivery id, signed, carrying the result GET /transcribe answers', async () => {
    const key = secret();
    const hook = await receiver({ secret: key, answer: (r) => ({ status: r.attempt === 1 ? 500 : 200 }) });
    const { fileUrl } = await uploadMultipart(ada, speech);
    const started = await transcribe(ada, {
      audio_url: fileUrl,
      model: 'oracle',
      language: 'en',
      output_format: 'json',
      webhook_url: hook.url,
      webhook_secret: key,
    });
    assert.equal(started.status, 202, started.text);
    const { jobId } = started.body.data;
    firstJobId = jobId;
    assert.match(jobId, /^job_/);
    assert.equal(started.body.data.status, 'PENDING');

    await arrived(hook, 2);
    const [first, retry] = hook.received;
    assert.match(first!.deliveryId, /^whd_/);
    assert.equal(retry!.deliveryId, first!.deliveryId, 'a retry keeps its delivery id');
    assert.deepEqual([first!.status, retry!.status], [500, 200]);
    for (const r of [first!, retry!]) assertSigned(r);
    assert.ok(retry!.raw.equals(first!.raw), 'the body is fixed when the delivery is made');

    const job = await productJob(ada, jobId);
    assert.equal(job.status, 'COMPLETED');
    assert.deepEqual(retry!.body, {
      type: 'transcription.completed',
      delivery_id: retry!.deliveryId,
      jobId,
      status: 'COMPLETED',
      occurred_at: retry!.body.occurred_at,
      result_omitted: false,
      result: job.result,
    });
    assert.ok(Date.parse(retry!.body.occurred_at) >= Date.parse(job.finished_at) - 1000);

    const [delivery] = await deliveriesOf(ada, jobId);
    assert.equal(delivery.delivery_id, first!.deliveryId);
    assert.equal(delivery.status, 'delivered');
    assert.equal(delivery.attempt_count, 2);
    assert.deepEqual(
      delivery.attempts.map((a: { status_code: number }) => a.status_code),
      [500, 200],
    );
    assert.equal(delivery.next_attempt_at, null);
    assert.ok(delivery.delivered_at);
  });

  it('answers the result in json: segments timed, the text recognised; the same job in the main interface', async () => {
    const jobId = firstJobId;
    const job = await productJob(ada, jobId);
    assert.equal(job.progress, 100);
    assert.equal(job.model, 'oracle');
    assert.equal(job.output_format, 'json');
    assert.equal(job.error, null);
    const { result } = job;
    const wer = wordErrorRate(SENTENCE, result.text).wer;
    assert.ok(wer <= 0.25, `word error rate ${wer}: ${result.text}`);
    assert.equal(result.language, 'en');
    assert.equal(result.translation, null);
    assert.ok(result.duration_seconds > 3);
    assert.ok(result.segments.length > 0);
    for (const s of result.segments) {
      assert.deepEqual(Object.keys(s).sort(), ['end', 'speaker', 'start', 'text']);
      assert.ok(s.end >= s.start);
    }
    assert.equal(result.output.format, 'json');
    assert.match(result.output.content_type, /^application\/json/);
    const exported = await call(fleet.gatewayUrl, 'GET', `/api/v1/jobs/${jobId}/export?format=json`, {
      token: ada.token,
    });
    assert.deepEqual(
      JSON.parse(result.output.content),
      JSON.parse(exported.text),
      'the output is the transcript export',
    );

    const main = (await api(ada, 'GET', `/api/v1/jobs/${jobId}`)).body.data;
    assert.equal(main.status, 'succeeded');
    assert.equal(main.artifact_ids.length, 1, 'its transcript is an artifact like any other');
    assert.ok(main.credits_charged > 0, 'billed once, as any job');
  });
});

describe('output formats', () => {
  const run = async (format: 'srt' | 'txt', upload: typeof uploadByForm) => {
    const key = secret();
    const hook = await receiver({ secret: key });
    const { fileUrl } = await upload(ada, speech);
    const started = await transcribe(ada, {
      audio_url: fileUrl,
      output_format: format,
      webhook_url: hook.url,
      webhook_secret: key,
    });
    assert.equal(started.status, 202, started.text);
    const job = await waitForProductJob(ada, started.body.data.jobId);
    assert.equal(job.status, 'COMPLETED', JSON.stringify(job.error));
    assert.equal(job.model, 'base', 'the default model');
    await arrived(hook, 1);
    assert.ok(hook.received[0]!.signatureValid);
    assert.deepEqual(hook.received[0]!.body.result, job.result);
    return job.result;
  };

  it('srt (uploaded through the signed form): the output parses as numbered, timed cues of the text', async () => {
    const result = await run('srt', uploadByForm);
    assert.equal(result.output.format, 'srt');
    assert.match(result.output.content_type, /^application\/x-subrip/);
    const cues = result.output.content.trim().split(/\n\n+/);
    assert.ok(cues.length >= 1);
    const words: string[] = [];
    for (const [i, cue] of cues.entries()) {
      const [number, timing, ...lines] = cue.split('\n');
      assert.equal(number, String(i + 1));
      assert.match(timing!, /^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/);
      words.push(...lines.join(' ').split(/\s+/));
    }
    assert.equal(words.join(' '), result.text.split(/\s+/).join(' '), 'the cues say the text');
  });

  it('txt (uploaded inline): the output is the text', async () => {
    const result = await run('txt', uploadInline);
    assert.equal(result.output.format, 'txt');
    assert.match(result.output.content_type, /^text\/plain/);
    assert.equal(result.output.content.split(/\s+/).join(' ').trim(), result.text.split(/\s+/).join(' ').trim());
  });
});

describe('Standard Webhooks', () => {
  it('signs a whsec_ secret’s deliveries so that the standardwebhooks package verifies them', async () => {
    const key = `whsec_${randomBytes(32).toString('base64')}`;
    const hook = await receiver({ secret: key });
    const { fileUrl } = await uploadMultipart(ada, speech);
    const started = await transcribe(ada, { audio_url: fileUrl, webhook_url: hook.url, webhook_secret: key });
    assert.equal(started.status, 202, started.text);
    await arrived(hook, 1);
    const [r] = hook.received;
    const headers = Object.fromEntries(Object.entries(r!.headers).map(([k, v]) => [k, String(v)]));
    const verified = new Webhook(key).verify(r!.raw.toString('utf8'), headers);
    assert.deepEqual(verified, r!.body);
    assert.equal(headers['webhook-id'], r!.deliveryId);
    assert.equal(headers['webhook-timestamp'], headers['x-service-timestamp']);
    assert.match(headers['webhook-signature']!, /^v1,[A-Za-z0-9+/]+=*$/);
    assert.ok(r!.signatureValid, 'X-Service-Signature too, keyed with the whole secret');
    const tampered = r!.raw.toString('utf8').replace('COMPLETED', 'FAILED');
    assert.throws(() => new Webhook(key).verify(tampered, headers), /signature/i);
  });
});

describe('a cancelled job', () => {
  it('is delivered as transcription.cancelled with no result', async () => {
    const key = secret();
    const hook = await receiver({ secret: key });
    // Minutes of speech: the job still runs when the cancel comes, however busy the machine.
    const { fileUrl } = await uploadMultipart(ada, repeatAudio(speech, 40, join(dir, 'long.wav')));
    const started = await transcribe(ada, { audio_url: fileUrl, webhook_url: hook.url, webhook_secret: key });
    assert.equal(started.status, 202, started.text);
    const { jobId } = started.body.data;
    await eventually('the job runs', async () => (await productJob(ada, jobId)).status === 'IN_PROGRESS', 120_000, 50);
    const cancelled = await api(ada, 'DELETE', `/api/v1/jobs/${jobId}`);
    assert.equal(cancelled.status, 200, cancelled.text);
    await waitForDelivery(ada, jobId, (d) => d.status === 'delivered', 'the cancellation delivered');
    const [r] = hook.received;
    assert.ok(r!.signatureValid);
    assert.deepEqual(r!.body, {
      type: 'transcription.cancelled',
      delivery_id: r!.deliveryId,
      jobId,
      status: 'CANCELLED',
      occurred_at: r!.body.occurred_at,
      result_omitted: false,
    });
    const job = await productJob(ada, jobId);
    assert.equal(job.status, 'CANCELLED');
    assert.equal(job.result, null);
  });
});
