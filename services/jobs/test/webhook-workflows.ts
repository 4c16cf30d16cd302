// Issue 14: the webhook subscription a job is created with (stored, shown, on every event) and
// the output_format option, as the product back-end interface (POST /transcribe) uses them; the
// webhook dispatcher's reads. Registered by workflows.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { newId } from '@tp/ids';
import { jobOptionsFromView } from '@tp/job-options';
import {
  claimNext,
  codeOf,
  createOne,
  createRequest,
  eventsOf,
  exportRequest,
  newUser,
  storeTranscript,
  type Harness,
  userWithMedia,
} from './support.ts';

const productOptions = (outputFormat: string) =>
  jobOptionsFromView({ language: 'auto', diarization: null, target_language: null, output_format: outputFormat });

function webhookOnEvents(h: Harness): void {
  describe('CreateJob with a webhook_id', () => {
    it('stores and shows webhook_id and output_format; every event up to success carries webhook_id', async () => {
      const { userId, media } = await userWithMedia(h, '10', 2);
      const webhookId = newId('whs');
      const job = await createOne(h, userId, media[0]!.mediaId, { webhookId, options: productOptions('srt') });
      const plain = await createOne(h, userId, media[1]!.mediaId);
      assert.equal(job.webhookId, webhookId);
      assert.equal(job.options?.outputFormat, 'srt');
      assert.equal(plain.webhookId, '');
      assert.equal((await h.jobs.getJob({ userId, jobId: job.jobId })).webhookId, webhookId);
      const listed = await h.jobs.listJobs({ userId, limit: 0, status: '', type: '', workspaceId: '', cursor: '' });
      assert.deepEqual(listed.jobs.map((j) => j.webhookId).sort(), ['', webhookId]);

      for (const jobId of [job.jobId, plain.jobId]) {
        const { job: claimed, ticketId } = await claimNext(h);
        assert.equal(claimed!.jobId, jobId);
        const artifactId = await storeTranscript(h, claimed!);
        const done = await h.jobs.completeJob({ jobId, ticketId, artifactId, billedSeconds: 5, language: 'en' });
        assert.equal(done.webhookId, jobId === job.jobId ? webhookId : '');
      }
      assert.deepEqual(
        (await eventsOf(h, job.jobId)).map((e) => [e.status, e.webhook_id]),
        [
          ['queued', webhookId],
          ['running', webhookId],
          ['succeeded', webhookId],
        ],
      );
      assert.deepEqual(
        (await eventsOf(h, plain.jobId)).map((e) => [e.status, e.webhook_id]),
        [
          ['queued', null],
          ['running', null],
          ['succeeded', null],
        ],
        'a job without a webhook says so: null',
      );
    });
  });
}

function webhookOnEnds(h: Harness): void {
  describe('the end events of a job with a webhook_id', () => {
    it('carries webhook_id on failed and cancelled events; a batch keeps it on its parent', async () => {
      const { userId, media } = await userWithMedia(h, '10', 3);
      const [failing, cancelled, batch] = [newId('whs'), newId('whs'), newId('whs')];
      const failed = await createOne(h, userId, media[0]!.mediaId, { webhookId: failing });
      const { ticketId } = await claimNext(h);
      await h.jobs.failJob({ jobId: failed.jobId, ticketId, errorCode: 'decode_failed', errorMessage: 'no audio' });
      assert.deepEqual(
        (await eventsOf(h, failed.jobId)).map((e) => [e.status, e.webhook_id, e.error_code]),
        [
          ['queued', failing, null],
          ['running', failing, null],
          ['failed', failing, 'decode_failed'],
        ],
      );

      const queued = await createOne(h, userId, media[1]!.mediaId, { webhookId: cancelled });
      assert.equal((await h.jobs.cancelJob({ userId, jobId: queued.jobId })).webhookId, cancelled);
      assert.deepEqual(
        (await eventsOf(h, queued.jobId)).map((e) => [e.status, e.webhook_id]),
        [
          ['queued', cancelled],
          ['cancelled', cancelled],
        ],
      );

      const ids = [media[1]!.mediaId, media[2]!.mediaId];
      const parent = (await h.jobs.createJob(createRequest(userId, ids, { batch: true, webhookId: batch }))).job!;
      assert.equal(parent.webhookId, batch);
      const items = (await h.jobs.listItems({ userId, jobId: parent.jobId, limit: 0 })).jobs;
      assert.deepEqual(
        items.map((item) => item.webhookId),
        ['', ''],
        'the items are not what the webhook is about',
      );
      await h.jobs.cancelJob({ userId, jobId: parent.jobId });
      assert.deepEqual(
        (await eventsOf(h, parent.jobId)).map((e) => [e.status, e.webhook_id]),
        [
          ['queued', batch],
          ['cancelled', batch],
        ],
      );
      assert.deepEqual(
        (await eventsOf(h, items[0]!.jobId)).map((e) => e.webhook_id),
        [null, null],
      );
    });
  });
}

function dispatcherReads(h: Harness): void {
  describe('the webhook dispatcher reads jobs (ADR 0011)', () => {
    it('gets and exports a job as itself for the job’s user, and for no one else', async () => {
      const { userId, media } = await userWithMedia(h, '10');
      const job = await createOne(h, userId, media[0]!.mediaId, { webhookId: newId('whs') });
      const { job: claimed, ticketId } = await claimNext(h);
      const artifactId = await storeTranscript(h, claimed!);
      await h.jobs.completeJob({ jobId: job.jobId, ticketId, artifactId, billedSeconds: 5, language: 'en' });

      const dispatcher = h.clientAs('webhook-dispatcher');
      const ref = { userId, jobId: job.jobId };
      const read = await dispatcher.getJob(ref, { user: userId });
      assert.equal(read.status, 'succeeded');
      assert.equal(read.webhookId, job.webhookId);
      const exported = await dispatcher.exportJob(exportRequest(userId, job.jobId, 'json'), { user: userId });
      assert.equal(exported.contentType.split(';')[0], 'application/json');
      assert.ok(JSON.parse(exported.content).segments.length > 0);

      const other = await newUser(h, '0');
      assert.equal(await codeOf(dispatcher.getJob(ref)), 'caller_user_mismatch', 'a token naming no user');
      assert.equal(await codeOf(dispatcher.getJob(ref, { user: other })), 'caller_user_mismatch', 'another user');
      assert.equal(await codeOf(dispatcher.getJob({ userId: other, jobId: job.jobId }, { user: other })), 'not_found');
      // One call at a time: a refusal that arrives before its turn to be awaited would be an unhandled rejection.
      for (const call of [
        () =>
          dispatcher.listJobs(
            { userId, limit: 0, status: '', type: '', workspaceId: '', cursor: '' },
            { user: userId },
          ),
        () => dispatcher.cancelJob(ref, { user: userId }),
        () => dispatcher.createJob(createRequest(userId, [media[0]!.mediaId]), { user: userId }),
        () => dispatcher.findIdempotentJob({ userId, idempotencyKey: 'k', requestFingerprint: 'f' }, { user: userId }),
      ])
        assert.equal(await codeOf(call()), 'caller_not_allowed');
    });
  });
}

export function webhookWorkflows(h: Harness): void {
  webhookOnEvents(h);
  webhookOnEnds(h);
  dispatcherReads(h);
}
