// A file damaged in storage after its verification (a bad disk, a broken copy): the real worker's
// ffmpeg cannot decode it, and the job fails media_unreadable with a message that leaks no URL,
// its credits released and no export. Other failures of a job are the worker's own tests
// (services/worker/test/job-failures.test.ts).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { balance, createJob, transcribe, uploadMedia, type TestUser } from '../support/jobs.ts';
import { exportOf, userOf, world, jobOf, ON_THE_WORKER } from './world.ts';

/** Overwrites the stored object of `mediaId` with bytes no decoder reads. */
async function damage(mediaId: string): Promise<void> {
  const store = world.fleet.objectStore;
  const s3 = new S3Client({
    endpoint: store.endpoint,
    region: store.region,
    forcePathStyle: true,
    credentials: { accessKeyId: store.accessKeyId, secretAccessKey: store.secretAccessKey },
  });
  try {
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: store.bucket }));
    const key = listed.Contents!.map((o) => o.Key!).find((k) => k.includes(mediaId))!;
    await s3.send(
      new PutObjectCommand({ Bucket: store.bucket, Key: key, Body: Buffer.alloc(50_000, 7), ContentType: 'audio/wav' }),
    );
  } finally {
    s3.destroy();
  }
}

export function damagedMediaTests(): void {
  describe('damaged media', { concurrency: false }, () => {
    let dora: TestUser;

    before(async () => {
      dora = await userOf('dora', 10);
    });

    it('fails the job media_unreadable and releases the credits', ON_THE_WORKER, async () => {
      const mediaId = await uploadMedia(world.fleet, dora.token, world.short);
      await damage(mediaId);
      const before = await balance(world.fleet, dora.token);
      const res = await createJob(world.fleet, dora.token, transcribe(mediaId));
      assert.equal(res.status, 202, res.text);
      const job = await jobOf(dora, res.body.data.job_id);
      assert.deepEqual([job.status, job.error.code, job.credits_charged], ['failed', 'media_unreadable', 0]);
      assert.match(job.error.message, /decode/i);
      assert.ok(!/X-Amz|https?:\/\//.test(job.error.message), 'no signed URL leaks into the message');
      const after = await balance(world.fleet, dora.token);
      assert.deepEqual([after.reserved_credits, after.available_credits], [0, before.available_credits]);
      const exported = await exportOf(dora, job.job_id, 'format=text');
      assert.deepEqual([exported.status, exported.body.detail.code], [409, 'job_not_completed']);
    });
  });
}
