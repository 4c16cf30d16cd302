// Client-local jobs (ADR 0023) as the user's device runs them: created with no hold, no ticket and
// no queue place; progress reports start the job and keep it alive, a delivered transcript is stored
// once as the job's artifact and ends the job; cancel and the idle timeout (device_timeout) end it
// too; a creation left half done is abandoned without billing. Every refusal a device can meet:
// usecases/report-device-progress.test.ts, deliver-transcript.test.ts. Registered by workflows.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { JOB_EVENTS, type JobEventPayload, type WorkTicket } from '@tp/events';
import { newId } from '@tp/ids';
import { createLocal, deliver, reportProgress } from './devices.ts';
import {
  balanceOf,
  codeOf,
  errorOf,
  eventually,
  eventsOf,
  exportRequest,
  type Harness,
  jobRow,
  ledgerOf,
  MICRO,
  readStream,
  SECOND,
  userWithMedia,
} from './support.ts';

const statusOf = async (h: Harness, userId: string, jobId: string) => (await h.jobs.getJob({ userId, jobId })).status;

function deviceProgress(h: Harness): void {
  describe('progress from the device', () => {
    it('starts the job on the first report and never goes back', async () => {
      const { userId, media } = await userWithMedia(h, '10');
      const job = await createLocal(h, userId, media[0]!.mediaId);
      const started = await reportProgress(h, userId, job.jobId, 40);
      assert.deepEqual([started.status, started.progress, started.queueReason], ['running', 40, '']);
      assert.ok(started.startedAt && started.attempts === 1);
      assert.equal((await reportProgress(h, userId, job.jobId, 25)).progress, 40, 'a lower value keeps the higher');
      assert.equal((await reportProgress(h, userId, job.jobId, 60)).progress, 60);

      assert.equal((await h.jobs.getJob({ userId, jobId: job.jobId })).progress, 60);
    });
  });
}

function delivery(h: Harness): void {
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
      assert.deepEqual(
        [artifact.artifactType, artifact.jobId, artifact.mediaId],
        ['transcript', job.jobId, job.mediaId],
      );
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
  });
}

function endWithoutTranscript(h: Harness): void {
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

      assert.equal(await statusOf(h, userId, reporting.jobId), 'running', 'its report came later');
      await h.service.reconcile(new Date(reported.getTime() + timeout));
      assert.equal(await statusOf(h, userId, reporting.jobId), 'failed');
      assert.equal((await h.service.reconcile(new Date(reported.getTime() + timeout + 1))).timedOut, 0, 'once');
      assert.ok((await eventsOf(h, reporting.jobId)).some((e) => e.status === 'failed'));
    });
  });
}

function creation(h: Harness): void {
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
  });
}

function halfDoneCreation(h: Harness): void {
  describe('a client-local creation left half done', () => {
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
}

export function clientLocalWorkflows(h: Harness): void {
  deviceProgress(h);
  delivery(h);
  endWithoutTranscript(h);
  creation(h);
  halfDoneCreation(h);
}
