// Where a product back end's audio comes from besides a multipart upload, and a job it stops: a
// public audio_url (a file server on loopback, which this fleet allows) fetched by the platform
// before it answers and transcribed to text; a file sent inline as base64, whose read URL answers
// the same bytes; a long recording's job cancelled while the worker runs it, delivered as
// transcription.cancelled.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eventually, wordErrorRate } from '@tp/testing';
import { repeatAudio } from '../support/jobs.ts';
import {
  ada,
  api,
  deliveryBody,
  dir,
  productJob,
  SENTENCE,
  speech,
  transcribe,
  uploadInline,
  uploadMultipart,
  verified,
  waitForDelivery,
  waitForProductJob,
} from '../support/product.ts';
import { serveFile, startReceiver } from '../support/receiver.ts';

const closers: { close(): Promise<void> }[] = [];

/** Registers the tests of other sources and a cancel against the fleet of the entry file (tests/e2e/product.test.ts). */
export function productSourceTests(): void {
  describe('a remote or inline file, and a cancelled job', () => {
    after(async () => {
      for (const c of closers) await c.close();
    });
    it('a remote audio_url is fetched by the platform and transcribed to text', remoteTranscribed);
    it('an inline file is stored, verified, and read back from its file URL', inlineReadBack);
    it('a job cancelled while it runs is delivered as transcription.cancelled', cancelled);
  });
}

async function remoteTranscribed() {
  const remote = await serveFile(await readFile(speech), 'audio/wav');
  closers.push(remote);
  const started = await transcribe(ada, { audio_url: remote.url, language: 'en', output_format: 'txt' });
  assert.equal(started.status, 202, started.text);
  assert.ok(remote.hits() >= 1, 'fetched before the answer');
  const job = await waitForProductJob(ada, started.body.data.jobId);
  assert.equal(job.status, 'COMPLETED', JSON.stringify(job.error));
  const { text, output } = job.result;
  const wer = wordErrorRate(SENTENCE, text).wer;
  assert.ok(wer <= 0.25, `word error rate ${wer}: ${text}`);
  assert.equal(output.format, 'txt');
  assert.match(output.content_type, /^text\/plain/);
  assert.equal(
    output.content.split(/\s+/).join(' ').trim(),
    text.split(/\s+/).join(' ').trim(),
    'the output is the text',
  );
}

async function inlineReadBack() {
  const { fileUrl, mediaId } = await uploadInline(ada, speech);
  const read = await fetch(fileUrl);
  assert.equal(read.status, 200);
  assert.ok(Buffer.from(await read.arrayBuffer()).equals(await readFile(speech)), 'the bytes sent');
  await verified(ada, mediaId);
  const media = await api(ada, 'GET', `/api/v1/media/${mediaId}`);
  assert.ok(media.body.data.duration_seconds > 3, 'verified like any upload');
}

async function cancelled() {
  const key = randomBytes(24).toString('hex');
  const hook = await startReceiver({ secret: key });
  closers.push(hook);
  // Minutes of speech: the job still runs when the cancel comes, however busy the machine.
  const { fileUrl, mediaId } = await uploadMultipart(ada, repeatAudio(speech, 40, join(dir, 'long.wav')));
  await verified(ada, mediaId);
  const started = await transcribe(ada, { audio_url: fileUrl, webhook_url: hook.url, webhook_secret: key });
  assert.equal(started.status, 202, started.text);
  const { jobId } = started.body.data;
  await eventually('the job runs', async () => (await productJob(ada, jobId)).status === 'IN_PROGRESS', 120_000, 50);
  const stopped = await api(ada, 'DELETE', `/api/v1/jobs/${jobId}`);
  assert.equal(stopped.status, 200, stopped.text);
  await waitForDelivery(ada, jobId, (d) => d.status === 'delivered', 'the cancellation delivered');
  const [r] = hook.received;
  assert.ok(r!.signatureValid);
  assert.deepEqual(r!.body, deliveryBody(r!, jobId, 'CANCELLED'), 'no result');
  const job = await productJob(ada, jobId);
  assert.equal(job.status, 'CANCELLED');
  assert.equal(job.result, null);
}
