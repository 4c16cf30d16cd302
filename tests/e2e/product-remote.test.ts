// POST /transcribe on what a product back end has at hand: a public audio_url (here a file server
// on loopback, which this fleet allows) fetched by the platform; a signed form (60 minutes, the
// content type fixed by storage) whose upload is verified when a job starts on it; the
// Idempotency-Key; and the deliveries of a job listed and redelivered.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eventually, wordErrorRate } from '@tp/testing';
import {
  ada,
  api,
  postToForm,
  SENTENCE,
  speech,
  transcribe,
  uploadForm,
  uploadMultipart,
  useProductFleet,
  waitForDelivery,
  waitForProductJob,
} from './support/product.ts';
import { serveFile, startReceiver, type Receiver } from './support/receiver.ts';

useProductFleet();

const closers: { close(): Promise<void> }[] = [];
after(async () => {
  for (const c of closers) await c.close();
});
const secret = () => randomBytes(24).toString('hex');

describe('a remote audio_url', () => {
  it('is fetched by the platform and transcribed', async () => {
    const remote = await serveFile(await readFile(speech), 'audio/wav');
    closers.push(remote);
    const started = await transcribe(ada, { audio_url: remote.url, language: 'en' });
    assert.equal(started.status, 202, started.text);
    assert.ok(remote.hits() >= 1, 'fetched before the answer');
    const job = await waitForProductJob(ada, started.body.data.jobId);
    assert.equal(job.status, 'COMPLETED', JSON.stringify(job.error));
    const wer = wordErrorRate(SENTENCE, job.result.text).wer;
    assert.ok(wer <= 0.25, `word error rate ${wer}: ${job.result.text}`);
  });

  it('refuses a remote file that is not media, by its verification code', async () => {
    const remote = await serveFile(Buffer.from('not audio at all '.repeat(200)), 'audio/wav');
    closers.push(remote);
    const res = await transcribe(ada, { audio_url: remote.url });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.detail.code, 'media_unplayable');
  });
});

describe('a signed form', () => {
  it('lasts 60 minutes, fixes the content type, and its upload is verified when a job starts on it', async () => {
    const form = await uploadForm(ada, 'talk.wav');
    const lifetime = Date.parse(form.upload.expires_at) - Date.now();
    assert.ok(Math.abs(lifetime - 3600_000) < 60_000, `the form lasts ${lifetime} ms`);
    assert.equal(form.upload.max_size_bytes, 100 * 1024 * 1024);
    const bytes = await readFile(speech);
    const wrongType = await postToForm(form, bytes, 'text/plain');
    assert.equal(wrongType.status, 403, `storage took another content type: ${wrongType.text}`);
    const posted = await postToForm(form, bytes, 'audio/wav');
    assert.ok(posted.status >= 200 && posted.status < 300, posted.text);
    const read = await fetch(form.fileUrl);
    assert.ok(Buffer.from(await read.arrayBuffer()).equals(bytes), 'the file URL reads the upload');
    const started = await transcribe(ada, { audio_url: form.fileUrl });
    assert.equal(started.status, 202, started.text);
    const media = await api(ada, 'GET', `/api/v1/media/${form.mediaId}`);
    assert.equal(media.body.data.status, 'ready');
    assert.ok(media.body.data.duration_seconds > 3);
  });

  it('refuses a job on a form upload that is not playable media', async () => {
    const form = await uploadForm(ada, 'notes.wav');
    const posted = await postToForm(form, Buffer.from('meeting notes, not audio '.repeat(100)), 'audio/wav');
    assert.ok(posted.status >= 200 && posted.status < 300, posted.text);
    const res = await transcribe(ada, { audio_url: form.fileUrl });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.detail.code, 'media_unplayable');
  });
});

describe('Idempotency-Key', () => {
  it('replays the job for the same body and refuses the key with another body', async () => {
    const { fileUrl } = await uploadMultipart(ada, speech);
    const headers = { 'idempotency-key': `talk-${randomBytes(4).toString('hex')}` };
    const first = await transcribe(ada, { audio_url: fileUrl }, headers);
    assert.equal(first.status, 202, first.text);
    const replay = await transcribe(ada, { audio_url: fileUrl }, headers);
    assert.equal(replay.status, 202, replay.text);
    assert.equal(replay.body.data.jobId, first.body.data.jobId, 'the same job, not a second one');
    const conflict = await transcribe(ada, { audio_url: fileUrl, output_format: 'srt' }, headers);
    assert.equal(conflict.status, 409, conflict.text);
    assert.equal(conflict.body.detail.code, 'idempotency_conflict');
  });
});

describe('the deliveries of a job', () => {
  let hook: Receiver;
  let jobId: string;
  let deliveryId: string;

  it('are listed with their attempts', async () => {
    const key = secret();
    hook = await startReceiver({ secret: key });
    closers.push(hook);
    const { fileUrl } = await uploadMultipart(ada, speech);
    const started = await transcribe(ada, { audio_url: fileUrl, webhook_url: hook.url, webhook_secret: key });
    assert.equal(started.status, 202, started.text);
    jobId = started.body.data.jobId;
    const delivery = await waitForDelivery(ada, jobId, (d) => d.status === 'delivered', 'delivered');
    deliveryId = delivery.delivery_id;
    assert.match(deliveryId, /^whd_/);
    assert.equal(delivery.jobId, jobId);
    assert.equal(delivery.event_type, 'transcription.completed');
    assert.equal(delivery.url, hook.url);
    assert.equal(delivery.attempt_count, 1);
    assert.equal(delivery.result_omitted, false);
    const [attempt] = delivery.attempts;
    assert.equal(attempt.number, 1);
    assert.equal(attempt.status_code, 200);
    assert.ok(attempt.duration_ms >= 0);
    assert.ok(Date.parse(attempt.started_at) <= Date.parse(delivery.delivered_at));
    assert.equal(JSON.stringify(delivery).includes(key), false, 'the secret is never shown');
  });

  it('are sent again on request: the same delivery id and body, signed afresh', async () => {
    const res = await api(ada, 'POST', `/transcribe/${jobId}/deliveries/${deliveryId}/redeliver`);
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.data.delivery_id, deliveryId);
    await eventually('the redelivery arrived', async () => hook.received.length === 2, 60_000, 50);
    const [first, again] = hook.received;
    assert.equal(again!.deliveryId, deliveryId);
    assert.ok(again!.signatureValid);
    assert.ok(again!.raw.equals(first!.raw), 'the same body');
    // The receiver has the request before the dispatcher records the answer: wait for the record.
    const listed = await waitForDelivery(ada, jobId, (d) => d.attempt_count === 2, 'the redelivery recorded');
    assert.equal(listed.status, 'delivered');
    const unknown = await api(ada, 'POST', `/transcribe/${jobId}/deliveries/whd_00000000000000000000000000/redeliver`);
    assert.equal(unknown.status, 404, unknown.text);
  });
});
