// Where a product back end's audio comes from besides a multipart upload: a public audio_url (a
// file server on loopback, which this fleet allows) fetched by the platform before it answers, its
// job then cancelled while the worker runs it and delivered as transcription.cancelled; and a file
// sent inline as base64, whose read URL answers the same bytes.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eventually } from '@tp/testing';
import { repeatAudio } from '../support/jobs.ts';
import {
  ada,
  api,
  deliveryBody,
  dir,
  fleet,
  productJob,
  speech,
  transcribeVerified,
  uploadInline,
  waitForDelivery,
} from '../support/product.ts';
import { serveFile, startReceiver } from '../support/receiver.ts';

const closers: { close(): Promise<void> }[] = [];

/** Registers the tests of other sources and a cancel against the fleet of the entry file (tests/e2e/product.test.ts). */
export function productSourceTests(): void {
  describe('a remote or inline file', () => {
    after(async () => {
      for (const c of closers) await c.close();
    });
    it('a remote audio_url is fetched by the platform; its job cancelled is delivered as such', remoteCancelled);
    it('an inline file is stored, verified, and read back from its file URL', inlineReadBack);
  });
}

async function remoteCancelled() {
  const key = randomBytes(24).toString('hex');
  const hook = await startReceiver({ secret: key, contractFrom: fleet.gatewayUrl });
  closers.push(hook);
  // A minute of speech: the job still runs when the cancel comes, however busy the machine.
  const long = await readFile(repeatAudio(speech, 12, join(dir, 'long.wav')));
  const remote = await serveFile(long, 'audio/wav');
  closers.push(remote);
  const started = await transcribeVerified(ada, { audio_url: remote.url, webhook_url: hook.url, webhook_secret: key });
  assert.equal(started.status, 202, started.text);
  assert.ok(remote.hits() >= 1, 'fetched before the answer');
  const { jobId } = started.body.data;
  const main = (await api(ada, 'GET', `/api/v1/jobs/${jobId}`)).body.data;
  const media = (await api(ada, 'GET', `/api/v1/media/${main.input.media_id}`)).body.data;
  assert.deepEqual([media.status, media.size_bytes], ['ready', long.length], 'the whole file, verified');

  await eventually('the job runs', async () => (await productJob(ada, jobId)).status === 'IN_PROGRESS', 120_000, 50);
  const cancelled = await api(ada, 'DELETE', `/api/v1/jobs/${jobId}`);
  assert.equal(cancelled.status, 200, cancelled.text);
  await waitForDelivery(ada, jobId, (d) => d.status === 'delivered', 'the cancellation delivered');
  const [r] = hook.received;
  assert.ok(r!.signatureValid);
  assert.deepEqual(r!.body, deliveryBody(r!, jobId, 'CANCELLED'), 'no result');
  const job = await productJob(ada, jobId);
  assert.equal(job.status, 'CANCELLED');
  assert.equal(job.result, null);
}

async function inlineReadBack() {
  const { fileUrl, mediaId } = await uploadInline(ada, speech);
  const read = await fetch(fileUrl);
  assert.equal(read.status, 200);
  assert.ok(Buffer.from(await read.arrayBuffer()).equals(await readFile(speech)), 'the bytes sent');
  const media = await eventually(
    'the inline file verified',
    async () => {
      const found = (await api(ada, 'GET', `/api/v1/media/${mediaId}`)).body.data;
      return found.status === 'ready' ? found : undefined;
    },
    120_000,
    100,
  );
  assert.ok(media.duration_seconds > 3, 'verified like any upload');
}
