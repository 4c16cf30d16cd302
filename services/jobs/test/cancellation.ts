// CancelJob against the real billing: queued, running and batch jobs end, their holds released, a
// worker that reports or completes late changes nothing. Registered by workflows.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  balanceOf,
  claimNext,
  codeOf,
  createOne,
  createRequest,
  ledgerOf,
  MICRO,
  newUser,
  storeTranscript,
  type Harness,
  userWithMedia,
} from './support.ts';

function cancelJob(h: Harness): void {
  describe('CancelJob', () => {
    it('cancels queued and running jobs, releasing their holds; the worker learns it at its next report', async () => {
      const { userId, media } = await userWithMedia(h, '10', 2);
      const queued = await createOne(h, userId, media[0]!.mediaId);
      const running = await createOne(h, userId, media[1]!.mediaId);
      await h.jobs.reorderQueue({ userId, jobId: running.jobId, beforeJobId: queued.jobId });
      const { job: claimed, ticketId } = await claimNext(h);
      assert.equal(claimed!.jobId, running.jobId);

      const cancelledQueued = await h.jobs.cancelJob({ userId, jobId: queued.jobId });
      assert.equal(cancelledQueued.status, 'cancelled');
      assert.equal(cancelledQueued.queuePosition, 0);
      const cancelledRunning = await h.jobs.cancelJob({ userId, jobId: running.jobId });
      assert.equal(cancelledRunning.status, 'cancelled');
      assert.deepEqual(await h.jobs.reportProgress({ jobId: running.jobId, ticketId, progress: 60 }), {
        cancel: true,
        grant: '',
      });

      // A worker that completes anyway changes nothing and charges nothing.
      const artifactId = await storeTranscript(h, claimed!);
      const late = await h.jobs.completeJob({
        jobId: running.jobId,
        ticketId,
        artifactId,
        billedSeconds: 5,
        language: 'en',
      });
      assert.equal(late.status, 'cancelled');
      assert.deepEqual(late.artifactIds, []);
      for (const job of [queued, running])
        assert.deepEqual(
          (await ledgerOf(h, userId, job.jobId)).map((e) => e.kind),
          ['reservation', 'release'],
        );
      assert.equal((await balanceOf(h, userId)).availableMicro, 10 * MICRO);

      assert.equal(await codeOf(h.jobs.cancelJob({ userId, jobId: queued.jobId })), 'job_not_cancellable');
      assert.equal(await codeOf(h.jobs.cancelJob({ userId: await newUser(h, '0'), jobId: queued.jobId })), 'not_found');
      // The ticket of the cancelled queued job finds nothing to run.
      assert.equal((await claimNext(h)).job, undefined);
    });
  });
}

function cancelBatch(h: Harness): void {
  describe('CancelJob of a batch', () => {
    it('cancels every unfinished item of a batch', async () => {
      const { userId, media } = await userWithMedia(h, '10', 3);
      const { job: parent } = await h.jobs.createJob(
        createRequest(
          userId,
          media.map((m) => m.mediaId),
          { batch: true },
        ),
      );
      const { job: first, ticketId } = await claimNext(h);
      await h.jobs.completeJob({
        jobId: first!.jobId,
        ticketId,
        artifactId: await storeTranscript(h, first!),
        billedSeconds: 5,
        language: 'en',
      });
      const cancelled = await h.jobs.cancelJob({ userId, jobId: parent!.jobId });
      assert.equal(cancelled.status, 'succeeded', 'one item succeeded, none failed, the rest cancelled');
      const { jobs: items } = await h.jobs.listItems({ userId, jobId: parent!.jobId, limit: 0 });
      assert.deepEqual(
        items.map((i) => i.status),
        ['succeeded', 'cancelled', 'cancelled'],
      );
      for (const item of items.slice(1))
        assert.deepEqual(
          (await ledgerOf(h, userId, item.jobId)).map((e) => e.kind),
          ['reservation', 'release'],
        );
      assert.equal((await balanceOf(h, userId)).reservedMicro, 0);

      const { job: all } = await h.jobs.createJob(
        createRequest(userId, media.map((m) => m.mediaId).slice(0, 2), { batch: true }),
      );
      assert.equal((await h.jobs.cancelJob({ userId, jobId: all!.jobId })).status, 'cancelled');
    });
  });
}

export function cancellationWorkflows(h: Harness): void {
  cancelJob(h);
  cancelBatch(h);
}
