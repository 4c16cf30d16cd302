// The queue under pressure: cancelling, reordering, corrupt media (a worker killed mid-job:
// jobs-worker-killed.faults.test.ts, in make faults; the fault suite's short form kills one in make test).
// One worker with one slot, so the order of execution is observable.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { S3Client, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { eventually, type Fleet } from '@tp/testing';
import { call, SETTLED_WITHIN_MS } from './support/http.ts';
import {
  balance,
  childrenOf,
  createJob,
  getJob,
  repeatAudio,
  transcribe,
  uploadMedia,
  waitForJob,
  type TestUser,
} from './support/jobs.ts';
import { running, startJob, useQueueFleet } from './support/queue-fleet.ts';

let fleet: Fleet;
let ada: TestUser;
let short: string;
let endless: string;
useQueueFleet((world) => {
  ({ fleet, ada, short } = world);
  // Minutes of engine time: a job on it is still running whatever a test does meanwhile, however
  // busy the machine, so only a cancel ends it within the tests' bounds.
  endless = repeatAudio(short, 160, join(world.dir, 'endless.wav'));
});

const cancel = (jobId: string) => call(fleet.gatewayUrl, 'DELETE', `/api/v1/jobs/${jobId}`, { token: ada.token });

describe('cancel', () => {
  it('stops a running job within seconds, kills its processes and releases the hold', async () => {
    const before = await balance(fleet, ada.token);
    const jobId = await startJob(endless);
    await waitForJob(fleet, ada.token, jobId, running);
    const worker = fleet.pid('worker');
    // Windows are recognized one engine process each: between two, for a moment, none runs.
    await eventually('ffmpeg or an engine at work as child processes', () => childrenOf(worker).length > 0);
    const res = await cancel(jobId);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.status, 'cancelled');
    const released = await balance(fleet, ada.token);
    assert.equal(released.reserved_credits, 0, 'the hold is released at once');
    assert.equal(released.available_credits, before.available_credits, 'nothing is charged');
    await eventually("the job's ffmpeg and engine gone", () => childrenOf(worker).length === 0, SETTLED_WITHIN_MS);
    assert.equal(
      (await getJob(fleet, ada.token, jobId)).status,
      'cancelled',
      'the worker did not complete it after all',
    );
    const again = await cancel(jobId);
    assert.equal(again.status, 409);
    assert.equal(again.body.detail.code, 'job_not_cancellable');
  });

  it('cancels a queued job: it never runs', async () => {
    const blocker = await startJob(endless);
    await waitForJob(fleet, ada.token, blocker, running);
    const queued = await startJob(short);
    const job = await getJob(fleet, ada.token, queued);
    assert.equal(job.status, 'queued');
    assert.equal(job.queue_position, 1);
    assert.equal(job.queue_reason, 'waiting_for_worker', 'one of her four slots is taken: the worker is busy');
    const res = await cancel(queued);
    assert.equal(res.status, 200);
    assert.equal(res.body.data.status, 'cancelled');
    assert.equal(res.body.data.queue_position, null);
    assert.equal(res.body.data.queue_reason, null);
    await cancel(blocker);
    // The ticket of the cancelled job finds nothing to run.
    const next = await startJob(short);
    assert.equal((await waitForJob(fleet, ada.token, next)).status, 'succeeded');
    const cancelled = await getJob(fleet, ada.token, queued);
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(cancelled.started_at, null, 'it never started');
    assert.equal((await balance(fleet, ada.token)).reserved_credits, 0);
  });
});

describe('reorder', () => {
  it('changes the order workers take jobs in', async () => {
    const blocker = await startJob(endless);
    await waitForJob(fleet, ada.token, blocker, running);
    const [a, b, c] = [await startJob(short), await startJob(short), await startJob(short)];
    const queue = await call(fleet.gatewayUrl, 'GET', '/api/v1/jobs/queue', { token: ada.token });
    assert.deepEqual(
      queue.body.data.jobs.map((j: { job_id: string }) => j.job_id),
      [blocker, a, b, c],
    );
    assert.equal(queue.body.data.total_running, 1);
    assert.equal(queue.body.data.total_queued, 3);

    const moved = await call(fleet.gatewayUrl, 'POST', '/api/v1/jobs/queue/reorder', {
      token: ada.token,
      body: { job_id: c, before_job_id: a },
    });
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual(
      moved.body.data.jobs.map((j: { job_id: string; queue_position: number | null }) => [j.job_id, j.queue_position]),
      [
        [blocker, null],
        [c, 1],
        [a, 2],
        [b, 3],
      ],
    );
    const toEnd = await call(fleet.gatewayUrl, 'POST', '/api/v1/jobs/queue/reorder', {
      token: ada.token,
      body: { job_id: a, before_job_id: null },
    });
    assert.deepEqual(
      toEnd.body.data.jobs.map((j: { job_id: string }) => j.job_id),
      [blocker, c, b, a],
    );
    const page = await call(fleet.gatewayUrl, 'GET', '/api/v1/jobs/queue?limit=2&offset=1', { token: ada.token });
    assert.deepEqual(
      page.body.data.jobs.map((j: { job_id: string }) => j.job_id),
      [c, b],
    );

    const notQueued = await call(fleet.gatewayUrl, 'POST', '/api/v1/jobs/queue/reorder', {
      token: ada.token,
      body: { job_id: blocker, before_job_id: a },
    });
    assert.equal(notQueued.status, 409);
    assert.equal(notQueued.body.detail.code, 'job_not_queued');

    await cancel(blocker);
    const done = await Promise.all([c, b, a].map((id) => waitForJob(fleet, ada.token, id)));
    assert.ok(done.every((j) => j.status === 'succeeded'));
    const starts = done.map((j) => Date.parse(j.started_at));
    assert.ok(
      starts[0]! <= starts[1]! && starts[1]! <= starts[2]!,
      `executed in queue order: ${done.map((j) => j.started_at).join(', ')}`,
    );
  });
});

describe('corrupt media', () => {
  it('fails the job with media_unreadable and releases the credits', async () => {
    const mediaId = await uploadMedia(fleet, ada.token, short);
    // The stored object is damaged after verification (a bad disk, a broken copy).
    const s3 = new S3Client({
      endpoint: fleet.objectStore.endpoint,
      region: fleet.objectStore.region,
      forcePathStyle: true,
      credentials: { accessKeyId: fleet.objectStore.accessKeyId, secretAccessKey: fleet.objectStore.secretAccessKey },
    });
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: fleet.objectStore.bucket }));
    const key = listed.Contents!.map((o) => o.Key!).find((k) => k.includes(mediaId))!;
    await s3.send(
      new PutObjectCommand({
        Bucket: fleet.objectStore.bucket,
        Key: key,
        Body: Buffer.alloc(50_000, 7),
        ContentType: 'audio/wav',
      }),
    );
    s3.destroy();

    const before = await balance(fleet, ada.token);
    const res = await createJob(fleet, ada.token, transcribe(mediaId));
    assert.equal(res.status, 202);
    const job = await waitForJob(fleet, ada.token, res.body.data.job_id);
    assert.equal(job.status, 'failed');
    assert.equal(job.error.code, 'media_unreadable');
    assert.match(job.error.message, /decode/i);
    assert.ok(!/X-Amz|https?:\/\//.test(job.error.message), 'no signed URL leaks into the message');
    assert.equal(job.credits_charged, 0);
    const after = await balance(fleet, ada.token);
    assert.equal(after.reserved_credits, 0);
    assert.equal(after.available_credits, before.available_credits);
    const exported = await call(fleet.gatewayUrl, 'GET', `/api/v1/jobs/${job.job_id}/export`, { token: ada.token });
    assert.equal(exported.status, 409);
    assert.equal(exported.body.detail.code, 'job_not_completed');
  });
});
