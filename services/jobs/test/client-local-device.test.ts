// Client-local jobs (ADR 0023) as the user's device runs them: progress reports start the job and
// keep it alive, a delivered transcript is checked, stored once as the job's artifact and ends the
// job; cancel and the idle timeout (device_timeout) end it too. Every refusal a device can meet.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { exampleTranscript } from '@tp/transcript';
import { createLocal, deliver, endingAt, reportProgress } from './devices.ts';
import {
  balanceOf,
  codeOf,
  createOne,
  errorOf,
  eventually,
  eventsOf,
  exportRequest,
  jobRow,
  ledgerOf,
  MICRO,
  newUser,
  useHarness,
  userWithMedia,
} from './support.ts';

const h = useHarness({ emptyQueueAfterEach: true });

const statusOf = async (userId: string, jobId: string) => (await h.jobs.getJob({ userId, jobId })).status;

describe('progress from the device', () => {
  it('starts the job on the first report, never goes back, and refuses other users, cloud jobs and missing jobs', async () => {
    const { userId, media } = await userWithMedia(h, '10', 2);
    const job = await createLocal(h, userId, media[0]!.mediaId);
    const started = await reportProgress(h, userId, job.jobId, 40);
    assert.deepEqual([started.status, started.progress, started.queueReason], ['running', 40, '']);
    assert.ok(started.startedAt && started.attempts === 1);
    assert.equal((await reportProgress(h, userId, job.jobId, 25)).progress, 40, 'a lower value keeps the higher');
    assert.equal((await reportProgress(h, userId, job.jobId, 60)).progress, 60);

    const stranger = await newUser(h, '0');
    assert.equal(await codeOf(reportProgress(h, stranger, job.jobId, 70)), 'not_found');
    assert.equal(await codeOf(reportProgress(h, userId, 'job_01JNOSUCHJOB0000000000000', 70)), 'not_found');
    const cloud = await createOne(h, userId, media[1]!.mediaId);
    assert.equal(await codeOf(reportProgress(h, userId, cloud.jobId, 70)), 'not_client_local');
    assert.equal(await codeOf(reportProgress(h, userId, job.jobId, 101)), 'validation_error');
    assert.equal((await h.jobs.getJob({ userId, jobId: job.jobId })).progress, 60);
  });
});

describe('a delivered transcript', () => {
  it('is stored once as the job’s artifact and ends the job succeeded, with nothing charged', async () => {
    const { userId, media } = await userWithMedia(h, '10');
    const job = await createLocal(h, userId, media[0]!.mediaId);
    await reportProgress(h, userId, job.jobId, 40);
    const done = await deliver(h, userId, job.jobId);
    assert.deepEqual(
      [done.status, done.progress, done.language, done.artifactIds.length, done.errorCode],
      ['succeeded', 100, 'en', 1, ''],
    );
    assert.equal(done.billedSeconds, job.mediaDurationSeconds, 'the media’s duration');
    assert.deepEqual([done.reservedMicro, done.chargedMicro], [0, 0]);
    assert.deepEqual(await ledgerOf(h, userId, job.jobId), []);
    assert.equal((await balanceOf(h, userId)).availableMicro, 10 * MICRO);
    assert.equal((await jobRow(h, job.jobId))!.billing_state, 'none', 'nothing pending for the reconciler');

    const artifact = await h.artifacts.getArtifact({ userId, artifactId: done.artifactIds[0]! });
    assert.deepEqual([artifact.artifactType, artifact.jobId, artifact.mediaId], ['transcript', job.jobId, job.mediaId]);
    const exported = JSON.parse((await h.jobs.exportJob(exportRequest(userId, job.jobId, 'json'))).content);
    assert.deepEqual(exported.source, {
      media_id: job.mediaId,
      job_id: job.jobId,
      profile: 'base',
      engine: 'pocketsphinx',
    });
    assert.deepEqual(
      (await eventsOf(h, job.jobId)).map((e) => e.status),
      ['queued', 'running', 'succeeded'],
    );

    const again = await errorOf(deliver(h, userId, job.jobId));
    assert.deepEqual(
      [again.code, again.message],
      ['job_not_running', `Job ${job.jobId} is succeeded; it takes no more progress or transcripts.`],
    );
    assert.equal(await codeOf(reportProgress(h, userId, job.jobId, 100)), 'job_not_running');
    const listed = await h.artifacts.listArtifacts({
      userId,
      limit: 50,
      mediaId: job.mediaId,
      workspaceId: '',
      artifactType: '',
    });
    assert.equal(listed.artifacts.length, 1, 'one transcript for the job');
  });

  it('may come without any progress report: queued → succeeded, with its started event on the way', async () => {
    const { userId, media } = await userWithMedia(h, '10');
    const job = await createLocal(h, userId, media[0]!.mediaId);
    const done = await deliver(h, userId, job.jobId);
    assert.equal(done.status, 'succeeded');
    assert.ok(done.startedAt && done.finishedAt);
    const events = await eventsOf(h, job.jobId);
    assert.deepEqual(
      events.map((e) => e.status),
      ['queued', 'running', 'succeeded'],
    );
    assert.deepEqual(events.at(-1)!.artifact_ids, done.artifactIds);
  });

  it('is refused when invalid or past the media’s end, the job left as it was; and for other users and cloud jobs', async () => {
    const { userId, media } = await userWithMedia(h, '10', 2);
    const job = await createLocal(h, userId, media[0]!.mediaId);
    await reportProgress(h, userId, job.jobId, 30);
    const invalid = await errorOf(deliver(h, userId, job.jobId, { ...exampleTranscript(), segments: 'none' }));
    assert.equal(invalid.code, 'validation_error');
    assert.deepEqual(invalid.details.issues, [
      { loc: ['segments'], msg: 'Input should be a valid list', type: 'list_type' },
    ]);
    const late = await errorOf(deliver(h, userId, job.jobId, endingAt(job.mediaDurationSeconds + 2)));
    assert.equal(late.code, 'validation_error');
    assert.deepEqual(
      (late.details.issues as { loc: unknown[] }[]).map((i) => i.loc),
      [['duration'], ['segments', 1, 'end']],
    );
    assert.deepEqual([await statusOf(userId, job.jobId), (await jobRow(h, job.jobId))!.artifact_ids], ['running', []]);

    assert.equal(await codeOf(deliver(h, await newUser(h, '0'), job.jobId)), 'not_found');
    assert.equal(await codeOf(deliver(h, userId, 'job_01JNOSUCHJOB0000000000000')), 'not_found');
    const cloud = await createOne(h, userId, media[1]!.mediaId);
    assert.equal(await codeOf(deliver(h, userId, cloud.jobId)), 'not_client_local');
  });
});

describe('the end of a client-local job without a transcript', () => {
  it('is a cancel as for any job; later reports and deliveries are job_not_running', async () => {
    const { userId, media } = await userWithMedia(h, '10');
    const job = await createLocal(h, userId, media[0]!.mediaId);
    await reportProgress(h, userId, job.jobId, 20);
    const cancelled = await h.jobs.cancelJob({ userId, jobId: job.jobId });
    assert.equal(cancelled.status, 'cancelled');
    assert.equal((await jobRow(h, job.jobId))!.billing_state, 'none');
    const late = await errorOf(reportProgress(h, userId, job.jobId, 50));
    assert.deepEqual(
      [late.code, late.message],
      ['job_not_running', `Job ${job.jobId} is cancelled; it takes no more progress or transcripts.`],
    );
    assert.equal(await codeOf(deliver(h, userId, job.jobId)), 'job_not_running');
  });

  it('is device_timeout after the idle timeout since creation or the last report, once', async () => {
    const timeout = h.config.CLIENT_LOCAL_IDLE_TIMEOUT_MS;
    const { userId, media } = await userWithMedia(h, '10', 2);
    const silent = await createLocal(h, userId, media[0]!.mediaId);
    const reporting = await createLocal(h, userId, media[1]!.mediaId);
    const admitted = (await jobRow(h, silent.jobId))!.heartbeat_at as Date;
    // The clock reads milliseconds: the report comes at least one later than the creations.
    await eventually('a later millisecond', async () => Date.now() > admitted.getTime() + 1);
    await reportProgress(h, userId, reporting.jobId, 50);
    const reported = (await jobRow(h, reporting.jobId))!.heartbeat_at as Date;
    assert.ok(reported > admitted, 'a report moves the clock');

    const before = new Date(admitted.getTime() + timeout - 1);
    assert.equal((await h.service.reconcile(before)).timedOut, 0, 'not before the timeout');
    const result = await h.service.reconcile(new Date(admitted.getTime() + timeout));
    assert.ok(result.timedOut >= 1);
    const failed = await h.jobs.getJob({ userId, jobId: silent.jobId });
    assert.deepEqual(
      [failed.status, failed.errorCode, failed.errorMessage],
      [
        'failed',
        'device_timeout',
        'No progress report or transcript came from the device for 15 minutes; the job failed.',
      ],
    );
    assert.equal((await jobRow(h, silent.jobId))!.billing_state, 'none');
    assert.equal((await eventsOf(h, silent.jobId)).at(-1)!.status, 'failed');

    assert.equal(await statusOf(userId, reporting.jobId), 'running', 'its report came later');
    await h.service.reconcile(new Date(reported.getTime() + timeout));
    assert.equal(await statusOf(userId, reporting.jobId), 'failed');
    assert.equal((await h.service.reconcile(new Date(reported.getTime() + timeout + 1))).timedOut, 0, 'once');
    assert.ok((await eventsOf(h, reporting.jobId)).some((e) => e.status === 'failed'));
  });
});
