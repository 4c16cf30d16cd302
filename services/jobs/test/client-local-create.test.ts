// Client-local jobs (ADR 0023), as created: queued for the user's device, with no credit hold, no
// work ticket and no queue place; no worker claims them and they do not count against the plan's
// max_concurrent_jobs (1 here). The refusals a user can meet when creating one.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CLIENT_LOCAL_FEATURE } from '@tp/catalog';
import { JOB_EVENTS, type JobEventPayload, type WorkTicket } from '@tp/events';
import { newId } from '@tp/ids';
import { createLocal, reportProgress } from './devices.ts';
import {
  balanceOf,
  claimNext,
  createOne,
  createRequest,
  errorOf,
  eventually,
  jobRow,
  ledgerOf,
  MICRO,
  readStream,
  SECOND,
  useHarness,
  userWithMedia,
} from './support.ts';

const h = useHarness({ emptyQueueAfterEach: true, billingEnv: { PLAN_MAX_CONCURRENT_JOBS: '1' } });

describe('a client-local job', () => {
  it('is queued for the device: no hold, no ledger entry, no ticket, no queue place; its queued event is published', async () => {
    const { userId, media } = await userWithMedia(h, '10');
    const job = await createLocal(h, userId, media[0]!.mediaId);
    assert.deepEqual(
      [job.status, job.executionMode, job.queueReason, job.queuePosition, job.profile],
      ['queued', 'client_local', 'waiting_for_device', 0, 'base'],
    );
    assert.deepEqual([job.reservedMicro, job.chargedMicro], [0, 0]);
    const balance = await balanceOf(h, userId);
    assert.deepEqual([balance.availableMicro, balance.reservedMicro], [10 * MICRO, 0]);
    assert.deepEqual(await ledgerOf(h, userId, job.jobId), []);
    assert.equal((await jobRow(h, job.jobId))!.billing_state, 'none');

    const events = await eventually('the queued event', async () => {
      const found = (await readStream(h, 'EVENTS', 'events.job.>')).filter(
        (e) => (e.data as JobEventPayload).job_id === job.jobId,
      );
      return found.length > 0 && found;
    });
    assert.deepEqual(
      events.map((e) => e.subject),
      [JOB_EVENTS.queued],
    );
    const tickets = await readStream(h, 'WORK', 'work.transcription.>');
    assert.ok(!tickets.some((t) => (t.data as WorkTicket).ticket_id === job.jobId), 'no work ticket');

    const read = await h.jobs.getJob({ userId, jobId: job.jobId });
    assert.deepEqual([read.queueReason, read.queuePosition], ['waiting_for_device', 0]);
    const listed = await h.jobs.listJobs({ userId, limit: 0, status: '', type: '', workspaceId: '', cursor: '' });
    assert.deepEqual(
      listed.jobs.map((j) => j.jobId),
      [job.jobId],
    );
  });

  it('is never claimed, takes no queue place and no slot of the plan limit, and is not in the queue listing', async () => {
    const { userId, media } = await userWithMedia(h, '10', 2);
    const local = await createLocal(h, userId, media[0]!.mediaId);
    await reportProgress(h, userId, local.jobId, 10);
    const cloud = await createOne(h, userId, media[1]!.mediaId);
    assert.deepEqual(
      [cloud.queuePosition, cloud.queueReason],
      [1, 'waiting_for_worker'],
      'the running client-local job neither is ahead of it nor uses the one slot',
    );
    const queue = await h.jobs.getQueue({ userId, jobType: '', limit: 0, offset: 0 });
    assert.deepEqual([queue.jobs.map((j) => j.jobId), queue.totalRunning, queue.totalQueued], [[cloud.jobId], 0, 1]);
    const claimed = await claimNext(h);
    assert.equal(claimed.job?.jobId, cloud.jobId, 'the worker gets the cloud job');
    assert.equal((await claimNext(h)).job, undefined, 'and nothing else');
    const row = await jobRow(h, local.jobId);
    assert.deepEqual([row!.status, row!.ticket_id, row!.worker_id], ['running', null, null]);
    assert.equal(
      (await errorOf(h.jobs.reorderQueue({ userId, jobId: local.jobId, beforeJobId: '' }))).code,
      'job_not_queued',
    );
  });

  it('leaves the queue order of cloud jobs as it was, queued client-local jobs included', async () => {
    const { userId, media } = await userWithMedia(h, '10', 2);
    const local = await createLocal(h, userId, media[0]!.mediaId);
    const cloud = await createOne(h, userId, media[1]!.mediaId);
    assert.equal(cloud.queuePosition, 1);
    assert.equal((await h.jobs.getJob({ userId, jobId: local.jobId })).queuePosition, 0);
    const error = await errorOf(h.jobs.reorderQueue({ userId, jobId: cloud.jobId, beforeJobId: local.jobId }));
    assert.deepEqual(
      [error.code, error.message],
      ['job_not_queued', `Job ${local.jobId} runs on your device; it waits in no queue.`],
    );
  });
});

describe('client-local creation refusals', () => {
  it('refuses a user without the feature: feature_required naming it, nothing stored', async () => {
    const { userId, media } = await userWithMedia(h, '10');
    const refused = await errorOf(
      h.jobs.createJob(
        createRequest(userId, [media[0]!.mediaId], {
          profile: 'base',
          executionMode: 'client_local',
        }),
      ),
    );
    assert.equal(refused.code, 'feature_required');
    assert.deepEqual(refused.details, { feature_key: CLIENT_LOCAL_FEATURE });
    assert.equal((await h.db.query('SELECT 1 FROM jobs WHERE user_id = $1', [userId])).rowCount, 0);
  });

  it('refuses a profile without the mode (unsupported_option, with its modes), a batch, a caption burn, an unknown mode', async () => {
    const { userId, media } = await userWithMedia(h, '10', 2);
    const ask = (overrides: Parameters<typeof createRequest>[2], ids = [media[0]!.mediaId]) =>
      errorOf(
        h.jobs.createJob(
          createRequest(userId, ids, {
            profile: 'base',
            executionMode: 'client_local',
            features: [CLIENT_LOCAL_FEATURE],
            ...overrides,
          }),
        ),
      );
    const oracle = await ask({ profile: 'oracle' });
    assert.equal(oracle.code, 'unsupported_option');
    assert.deepEqual(oracle.details, { option: 'execution_mode', execution_modes: ['cloud'] });
    const batch = await ask(
      { batch: true },
      media.map((m) => m.mediaId),
    );
    assert.deepEqual([batch.code, batch.details.field], ['validation_error', 'execution_mode']);
    const burn = await ask({ type: 'caption_burn' });
    assert.deepEqual([burn.code, burn.details.field], ['validation_error', 'execution_mode']);
    assert.equal((await ask({ executionMode: 'device' })).code, 'validation_error');
    assert.equal((await h.db.query('SELECT 1 FROM jobs WHERE user_id = $1', [userId])).rowCount, 0);
  });

  it('abandons a client-local creation its creator left half done without any call to billing', async () => {
    const { userId, media } = await userWithMedia(h, '10');
    const jobId = newId('job');
    const createdAt = new Date();
    const facts = { mediaId: media[0]!.mediaId, title: media[0]!.fileName, mediaDurationSeconds: 5 };
    await h.store.creation.createPending(
      [
        {
          ...facts,
          id: jobId,
          userId,
          workspaceId: null,
          type: 'transcription',
          profile: 'base',
          engine: 'pocketsphinx',
          pool: 'cpu',
          parentJobId: null,
          itemCount: 0,
          options: {},
          webhookId: null,
          executionMode: 'client_local',
        },
      ],
      null,
      createdAt,
    );
    const at = new Date(createdAt.getTime() + h.config.RESERVATION_TIMEOUT_MS + SECOND);
    assert.equal((await h.service.reconcile(at)).abandoned, 1);
    const row = await jobRow(h, jobId);
    assert.deepEqual([row!.hold_state, row!.billing_state, row!.billing_attempts], ['abandoned', 'none', 0]);
    assert.deepEqual(await ledgerOf(h, userId, jobId), []);
  });
});
