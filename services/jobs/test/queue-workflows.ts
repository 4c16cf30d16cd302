// The queue's SQL: ranks, positions, reordering among a user's own places, claims at once, the
// windows of GetQueue, and ListJobs' filters and pages. Registered by workflows.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { claimNext, createOne, type Harness, userWithMedia } from './support.ts';

function reorderQueue(h: Harness): void {
  describe('ReorderQueue', () => {
    it('claims in rank order and reorders a user’s jobs among the places that user already holds', async () => {
      const alice = await userWithMedia(h, '10', 3);
      const bob = await userWithMedia(h, '10', 1);
      const a1 = await createOne(h, alice.userId, alice.media[0]!.mediaId);
      const a2 = await createOne(h, alice.userId, alice.media[1]!.mediaId);
      const b1 = await createOne(h, bob.userId, bob.media[0]!.mediaId);
      const a3 = await createOne(h, alice.userId, alice.media[2]!.mediaId);
      assert.deepEqual(
        [a1, a2, b1, a3].map((j) => j.queuePosition),
        [1, 2, 3, 4],
      );

      // Alice moves a3 to the front: her slots (1, 2, 4) are permuted; Bob keeps place 3.
      const queue = await h.jobs.reorderQueue({ userId: alice.userId, jobId: a3.jobId, beforeJobId: a1.jobId });
      assert.deepEqual(
        queue.jobs.map((j) => [j.jobId, j.queuePosition]),
        [
          [a3.jobId, 1],
          [a1.jobId, 2],
          [a2.jobId, 4],
        ],
      );
      assert.deepEqual([queue.totalQueued, queue.totalRunning], [3, 0]);
      assert.equal(
        (await h.jobs.getJob({ userId: bob.userId, jobId: b1.jobId })).queuePosition,
        3,
        'nobody jumped ahead of Bob',
      );

      // Behind all of her queued jobs: a1 goes to her last slot.
      const moved = await h.jobs.reorderQueue({ userId: alice.userId, jobId: a1.jobId, beforeJobId: '' });
      assert.deepEqual(
        moved.jobs.map((j) => j.jobId),
        [a3.jobId, a2.jobId, a1.jobId],
      );

      // Workers take the jobs in that order.
      const claimed: string[] = [];
      for (let i = 0; i < 4; i += 1) claimed.push((await claimNext(h)).job!.jobId);
      assert.deepEqual(claimed, [a3.jobId, a2.jobId, b1.jobId, a1.jobId], 'Alice’s slots 1, 2, 4; Bob’s 3');
      assert.equal((await claimNext(h)).job, undefined, 'nothing left: the ticket is acked');

      const running = await h.jobs.getQueue({ userId: alice.userId, jobType: '', limit: 0, offset: 0 });
      assert.deepEqual(
        running.jobs.map((j) => [j.jobId, j.status, j.queuePosition]),
        [
          [a3.jobId, 'running', 0],
          [a2.jobId, 'running', 0],
          [a1.jobId, 'running', 0],
        ],
        'running jobs, oldest start first',
      );
      assert.deepEqual([running.totalRunning, running.totalQueued, running.limit, running.offset], [3, 0, 50, 0]);
    });
  });
}

function claimsAndWindows(h: Harness): void {
  describe('queue', () => {
    it('gives workers claiming at the same time different jobs', async () => {
      const { userId, media } = await userWithMedia(h, '10', 3);
      const created = [];
      for (const m of media) created.push(await createOne(h, userId, m.mediaId));
      const claims = await Promise.all(Array.from({ length: 5 }, () => claimNext(h)));
      const claimed = claims.map((c) => c.job?.jobId).filter((id) => id !== undefined);
      assert.deepEqual(
        new Set(claimed),
        new Set(created.map((j) => j.jobId)),
        'each job once; two tickets find nothing',
      );
      assert.equal(claimed.length, 3);
    });

    it('lists the caller’s running jobs, then queued ones, in windows', async () => {
      const { userId, media } = await userWithMedia(h, '10', 3);
      const jobs = [];
      for (const m of media) jobs.push(await createOne(h, userId, m.mediaId));
      const { job: first } = await claimNext(h);
      assert.equal(first!.jobId, jobs[0]!.jobId);
      const page = await h.jobs.getQueue({ userId, jobType: 'transcription', limit: 2, offset: 0 });
      assert.deepEqual(
        page.jobs.map((j) => j.jobId),
        [jobs[0]!.jobId, jobs[1]!.jobId],
      );
      const next = await h.jobs.getQueue({ userId, jobType: 'transcription', limit: 2, offset: 2 });
      assert.deepEqual(
        next.jobs.map((j) => [j.jobId, j.queuePosition]),
        [[jobs[2]!.jobId, 2]],
      );
      assert.deepEqual([next.totalRunning, next.totalQueued], [1, 2]);
    });
  });
}

function listJobs(h: Harness): void {
  describe('ListJobs', () => {
    it('lists top-level jobs newest first, filtered, in pages', async () => {
      const { userId, media } = await userWithMedia(h, '10', 3);
      const jobs = [];
      for (const m of media) jobs.push(await createOne(h, userId, m.mediaId));
      await h.jobs.cancelJob({ userId, jobId: jobs[1]!.jobId });
      const list = (o: object = {}) =>
        h.jobs.listJobs({ userId, limit: 0, status: '', type: '', workspaceId: '', cursor: '', ...o });
      assert.deepEqual(
        (await list()).jobs.map((j) => j.jobId),
        jobs.map((j) => j.jobId).reverse(),
      );
      assert.deepEqual(
        (await list({ status: 'cancelled' })).jobs.map((j) => j.jobId),
        [jobs[1]!.jobId],
      );
      assert.equal((await list({ type: 'caption_burn' })).jobs.length, 0);
      assert.equal((await list({ workspaceId: 'wsp_other' })).jobs.length, 0);
      const first = await list({ limit: 2 });
      assert.equal(first.jobs.length, 2);
      assert.notEqual(first.nextCursor, '');
      const second = await list({ limit: 2, cursor: first.nextCursor });
      assert.deepEqual(
        second.jobs.map((j) => j.jobId),
        [jobs[0]!.jobId],
      );
      assert.equal(second.nextCursor, '');
    });
  });
}

export function queueWorkflows(h: Harness): void {
  reorderQueue(h);
  claimsAndWindows(h);
  listJobs(h);
}
