// A batch: its items held one by one, claimed and ended, the parent's status, progress, charge and
// events aggregated by the store. Registered by workflows.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { priceForSeconds } from '@tp/catalog';
import {
  claimNext,
  codeOf,
  createRequest,
  eventsOf,
  exportRequest,
  ledgerOf,
  oracle,
  storeTranscript,
  type Harness,
  userWithMedia,
} from './support.ts';

/** A batch of the user's media, checked as created: queued, one hold per item, the parent holding nothing. */
async function createBatch(h: Harness, userId: string, media: { mediaId: string; durationSeconds: number }[]) {
  const { job: parent } = await h.jobs.createJob(
    createRequest(
      userId,
      media.map((m) => m.mediaId),
      { batch: true },
    ),
  );
  assert.equal(parent!.status, 'queued');
  assert.equal(parent!.itemCount, 3);
  assert.equal(parent!.mediaId, '');
  assert.equal(parent!.queuePosition, 1, 'the position of its first item');
  const price = priceForSeconds(oracle, media[0]!.durationSeconds);
  assert.equal(parent!.reservedMicro, 3 * price);

  const { jobs: items } = await h.jobs.listItems({ userId, jobId: parent!.jobId, limit: 0 });
  assert.deepEqual(
    items.map((i) => i.mediaId),
    media.map((m) => m.mediaId),
    'items in creation order',
  );
  for (const item of items) {
    assert.equal(item.parentJobId, parent!.jobId);
    assert.equal(item.reservedMicro, price);
    assert.deepEqual(
      (await ledgerOf(h, userId, item.jobId)).map((e) => e.kind),
      ['reservation'],
      'one hold per item',
    );
  }
  assert.deepEqual(
    items.map((i) => i.queuePosition),
    [1, 2, 3],
  );
  assert.deepEqual((await ledgerOf(h, userId, parent!.jobId)).length, 0, 'the parent holds nothing');
  const top = await h.jobs.listJobs({ userId, limit: 0, status: '', type: '', workspaceId: '', cursor: '' });
  assert.deepEqual(
    top.jobs.map((j) => j.jobId),
    [parent!.jobId],
    'items are not top-level jobs',
  );
  return { parent: parent!, items, price };
}

function batchJobs(h: Harness): void {
  describe('batch jobs', () => {
    it('aggregates its items: status, progress, artifacts, holds, events', async () => {
      const { userId, media } = await userWithMedia(h, '10', 3);
      const { parent, items, price } = await createBatch(h, userId, media);

      const claims = [await claimNext(h), await claimNext(h), await claimNext(h)];
      assert.deepEqual(
        claims.map((c) => c.job!.jobId),
        items.map((i) => i.jobId),
      );
      await h.jobs.reportProgress({ jobId: items[0]!.jobId, ticketId: claims[0]!.ticketId, progress: 60 });
      let now = await h.jobs.getJob({ userId, jobId: parent!.jobId });
      assert.equal(now.status, 'running');
      assert.equal(now.progress, 20);

      const artifacts = [await storeTranscript(h, claims[0]!.job!), await storeTranscript(h, claims[2]!.job!)];
      await h.jobs.completeJob({
        jobId: items[0]!.jobId,
        ticketId: claims[0]!.ticketId,
        artifactId: artifacts[0]!,
        billedSeconds: 5,
        language: 'en',
      });
      await h.jobs.failJob({
        jobId: items[1]!.jobId,
        ticketId: claims[1]!.ticketId,
        errorCode: 'decode_failed',
        errorMessage: 'bad audio',
      });
      now = await h.jobs.getJob({ userId, jobId: parent!.jobId });
      assert.equal(now.status, 'running');
      assert.equal(Math.round(now.progress), 67);
      await h.jobs.completeJob({
        jobId: items[2]!.jobId,
        ticketId: claims[2]!.ticketId,
        artifactId: artifacts[1]!,
        billedSeconds: 5,
        language: 'en',
      });

      now = await h.jobs.getJob({ userId, jobId: parent!.jobId });
      assert.equal(now.status, 'failed');
      assert.equal(now.errorCode, 'items_failed');
      assert.equal(now.errorMessage, '1 of 3 items failed');
      assert.equal(now.progress, 100);
      assert.deepEqual(now.artifactIds, artifacts);
      assert.equal(now.chargedMicro, 2 * price);
      assert.ok(now.finishedAt);
      assert.deepEqual(
        (await eventsOf(h, parent!.jobId)).map((e) => [e.status, e.parent_job_id]),
        [
          ['queued', null],
          ['running', null],
          ['failed', null],
        ],
      );
      assert.equal((await eventsOf(h, items[0]!.jobId))[0]!.parent_job_id, parent!.jobId);

      assert.equal(await codeOf(h.jobs.exportJob(exportRequest(userId, parent!.jobId, 'json'))), 'job_is_batch');
      assert.equal(await codeOf(h.jobs.cancelJob({ userId, jobId: parent!.jobId })), 'job_not_cancellable');
    });
  });
}

export function batchWorkflows(h: Harness): void {
  batchJobs(h);
}
