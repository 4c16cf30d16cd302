// A client's workflow written with @tp/sdk alone, as a user of the published SDK would: a speech clip
// uploaded with progress, transcribed, waited for, exported as text and VTT, and found in the job list.
// The SDK's branches (retries, errors, pagination, webhooks) are its unit tests' (packages/sdk).
import assert from 'node:assert/strict';
import { openAsBlob } from 'node:fs';
import { describe, it } from 'node:test';
import { ApiError, createClient, type UploadProgress } from '@tp/sdk';
import { ON_THE_WORKER, userOf, world } from './world.ts';

async function uploadsTranscribesAndExports(): Promise<void> {
  const user = await userOf('sdk-user', 100);
  const client = createClient({ baseUrl: world.fleet.gatewayUrl, token: user.token });
  const file = await openAsBlob(world.short, { type: 'audio/wav' });
  const progress: UploadProgress[] = [];
  const media = await client.uploadFile({ file, fileName: 'window.wav', onProgress: (p) => progress.push(p) });
  assert.equal(media.status, 'ready');
  assert.deepEqual(progress.at(-1), { sentBytes: file.size, totalBytes: file.size });

  const job = await client.POST('/api/v1/jobs', {
    body: {
      type: 'transcription',
      profile: 'oracle',
      input: { type: 'media_ref', media_id: media.media_id },
      options: { language: 'en' },
    },
  });
  assert.equal(job.status, 'queued');
  const done = await client.waitForJob(job.job_id, { intervalMs: 200, timeoutMs: ON_THE_WORKER.timeout - 10_000 });
  assert.equal(done.status, 'succeeded', JSON.stringify(done.error));

  const path = { job_id: job.job_id };
  const text = await client.GET('/api/v1/jobs/{job_id}/export', { params: { path, query: { format: 'text' } } });
  assert.ok(typeof text === 'string', 'text, not the JSON transcript');
  assert.match(text, /window/i);
  const vtt = await client.GET('/api/v1/jobs/{job_id}/export', { params: { path, query: { format: 'vtt' } } });
  assert.ok(typeof vtt === 'string');
  assert.match(vtt, /^WEBVTT\n/);

  const listed: string[] = [];
  for await (const each of client.paginate('/api/v1/jobs', { params: { query: { status: 'succeeded' } } }))
    listed.push(each.job_id);
  assert.deepEqual(listed, [job.job_id]);

  const refused = await client
    .POST('/api/v1/jobs', { body: { type: 'transcription', execution_mode: 'cloud', profile: 'oracle' } as never })
    .catch((error: unknown) => error);
  assert.ok(refused instanceof ApiError);
  assert.equal(refused.code, 'validation_error');
  assert.ok(
    refused.issues.some((issue) => issue.loc.includes('input')),
    refused.message,
  );
}

export function sdkTests(): void {
  describe('the SDK', () => {
    it(
      'uploads a speech clip, transcribes it, waits, exports and lists it',
      ON_THE_WORKER,
      uploadsTranscribesAndExports,
    );
  });
}
