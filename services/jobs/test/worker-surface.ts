// The worker's surface (ClaimJob, ReportProgress, CompleteJob, FailJob) as the store runs it: claims
// and redeliveries, progress, one settlement, one release, the events. Registered by workflows.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { priceForSeconds } from '@tp/catalog';
import { ClaimJobRequest, CompleteJobRequest, CreateJobRequest, JobsServiceService, ListJobsRequest } from '@tp/proto';
import { assertCallerChecks } from '@tp/testing';
import {
  balanceOf,
  claimNext,
  claimRequest,
  codeOf,
  createOne,
  eventsOf,
  grantIds,
  jobRow,
  ledgerOf,
  MICRO,
  oracle,
  storeTranscript,
  type Harness,
  userWithMedia,
} from './support.ts';

function serviceIdentity(h: Harness): void {
  describe('service identity (ADR 0011)', () => {
    it('refuses calls without a valid token, from a service a method does not list, and for another user', async () => {
      await assertCallerChecks({
        definition: JobsServiceService,
        address: `127.0.0.1:${h.service.grpcPort}`,
        audience: 'jobs',
        forUser: { method: 'listJobs', request: (userId) => ListJobsRequest.fromPartial({ userId }) },
        notAllowed: [
          // The worker surface is the worker's; jobs are created by the gateway, for a user.
          { method: 'completeJob', request: CompleteJobRequest.fromPartial({ jobId: 'job_x' }), caller: 'gateway' },
          { method: 'claimJob', request: ClaimJobRequest.fromPartial({ ticketId: 'tkt_x' }), caller: 'shares' },
          { method: 'createJob', request: CreateJobRequest.fromPartial({ userId: 'usr_checked' }), caller: 'worker' },
        ],
      });
    });
  });
}

function claims(h: Harness): void {
  describe('ClaimJob', () => {
    it('gives a redelivered ticket its job again, and fails it (worker_lost) at the last attempt, releasing the hold', async () => {
      const { userId, media } = await userWithMedia(h, '10');
      const job = await createOne(h, userId, media[0]!.mediaId);
      const { job: claimed, ticketId } = await claimNext(h, { maxAttempts: 3 });
      assert.equal(claimed!.jobId, job.jobId);
      assert.equal(claimed!.status, 'running');
      assert.equal(claimed!.attempts, 1);

      const redelivered = await h.jobs.claimJob(
        claimRequest({ ticketId, workerId: 'w2', deliveryCount: 2, maxAttempts: 3 }),
      );
      assert.equal(redelivered.job!.jobId, job.jobId, 'the same job, not the next head');
      assert.equal(redelivered.job!.attempts, 2);

      const last = await h.jobs.claimJob(claimRequest({ ticketId, workerId: 'w3', deliveryCount: 3, maxAttempts: 3 }));
      assert.equal(last.job, undefined);
      const failed = await h.jobs.getJob({ userId, jobId: job.jobId });
      assert.equal(failed.status, 'failed');
      assert.equal(failed.errorCode, 'worker_lost');
      assert.equal(failed.errorMessage, 'The worker processing this job stopped 2 times.');
      assert.deepEqual(
        (await ledgerOf(h, userId, job.jobId)).map((e) => e.kind),
        ['reservation', 'release'],
      );
      assert.equal((await balanceOf(h, userId)).availableMicro, 10 * MICRO);
      // The ticket is spent: a further delivery gets nothing.
      assert.equal(
        (await h.jobs.claimJob(claimRequest({ ticketId, workerId: 'w4', deliveryCount: 4, maxAttempts: 3 }))).job,
        undefined,
      );
    });

    it('does not hand a job to a worker without its engine or pool', async () => {
      const { userId, media } = await userWithMedia(h, '10');
      await createOne(h, userId, media[0]!.mediaId);
      assert.equal((await claimNext(h, { engines: ['whisper'] })).job, undefined);
      assert.equal((await claimNext(h, { pool: 'gpu' })).job, undefined);
    });
  });
}

function completion(h: Harness): void {
  describe('CompleteJob', () => {
    it('completes once: progress, success with the artifact, one settlement, events in order', async () => {
      const { userId, media } = await userWithMedia(h, '10');
      const job = await createOne(h, userId, media[0]!.mediaId);
      const { job: claimed, ticketId, grant } = await claimNext(h);
      // The job's grant (ADR 0040): what media and artifacts let the worker touch for it, renewed by each report.
      const granted = { user: userId, job: job.jobId, media: media[0]!.mediaId, artifact: '', version: '' };
      assert.deepEqual(await grantIds(grant), granted);
      const report = await h.jobs.reportProgress({ jobId: job.jobId, ticketId, progress: 40 });
      assert.equal(report.cancel, false);
      assert.deepEqual(await grantIds(report.grant), granted);
      await h.jobs.reportProgress({ jobId: job.jobId, ticketId, progress: 30 });
      assert.equal((await h.jobs.getJob({ userId, jobId: job.jobId })).progress, 40, 'progress never moves back');
      assert.deepEqual(
        await h.jobs.reportProgress({ jobId: job.jobId, ticketId: 'tkt_other', progress: 50 }),
        { cancel: true, grant: '' },
        'another ticket is told to stop, with no grant',
      );

      const artifactId = await storeTranscript(h, claimed!);
      const billedSeconds = 4.2;
      const complete = { jobId: job.jobId, ticketId, artifactId, billedSeconds, language: 'en' };
      const done = await h.jobs.completeJob(complete);
      const again = await h.jobs.completeJob(complete);
      const charge = priceForSeconds(oracle, billedSeconds);
      for (const answer of [done, again]) {
        assert.equal(answer.status, 'succeeded');
        assert.equal(answer.progress, 100);
        assert.deepEqual(answer.artifactIds, [artifactId]);
        assert.equal(answer.language, 'en');
        assert.equal(answer.billedSeconds, billedSeconds);
        assert.equal(answer.chargedMicro, charge);
        assert.ok(answer.finishedAt);
      }
      assert.deepEqual(
        (await ledgerOf(h, userId, job.jobId)).map((e) => e.kind),
        ['reservation', 'settlement'],
        'settled exactly once',
      );
      const balance = await balanceOf(h, userId);
      assert.deepEqual([balance.availableMicro, balance.reservedMicro], [10 * MICRO - charge, 0]);
      assert.equal((await jobRow(h, job.jobId))!.billing_state, 'settled');
      assert.equal(await codeOf(h.jobs.completeJob({ ...complete, artifactId: 'art_other' })), 'conflict');
      assert.deepEqual(
        await h.jobs.reportProgress({ jobId: job.jobId, ticketId, progress: 100 }),
        { cancel: true, grant: '' },
        'a finished job has nothing to report, and its grant is not renewed',
      );

      const events = await eventsOf(h, job.jobId);
      assert.deepEqual(
        events.map((e) => e.status),
        ['queued', 'running', 'succeeded'],
      );
      assert.deepEqual(events[2]!.artifact_ids, [artifactId]);
    });
  });
}

function failure(h: Harness): void {
  describe('FailJob', () => {
    it('fails with the worker’s code and releases the hold, idempotently', async () => {
      const { userId, media } = await userWithMedia(h, '10');
      const job = await createOne(h, userId, media[0]!.mediaId);
      const { ticketId } = await claimNext(h);
      const failed = await h.jobs.failJob({
        jobId: job.jobId,
        ticketId,
        errorCode: 'decode_failed',
        errorMessage: 'ffmpeg could not decode the audio',
      });
      const again = await h.jobs.failJob({
        jobId: job.jobId,
        ticketId,
        errorCode: 'decode_failed',
        errorMessage: 'ffmpeg could not decode the audio',
      });
      for (const answer of [failed, again]) {
        assert.equal(answer.status, 'failed');
        assert.equal(answer.errorCode, 'decode_failed');
        assert.equal(answer.errorMessage, 'ffmpeg could not decode the audio');
      }
      assert.deepEqual(
        (await ledgerOf(h, userId, job.jobId)).map((e) => e.kind),
        ['reservation', 'release'],
      );
      assert.equal((await balanceOf(h, userId)).availableMicro, 10 * MICRO);
      assert.equal(
        await codeOf(
          h.jobs.completeJob({ jobId: job.jobId, ticketId, artifactId: 'art_x', billedSeconds: 1, language: '' }),
        ),
        'conflict',
      );
      assert.deepEqual(
        (await eventsOf(h, job.jobId)).map((e) => [e.status, e.error_code]),
        [
          ['queued', null],
          ['running', null],
          ['failed', 'decode_failed'],
        ],
      );
    });
  });
}

export function workerSurfaceWorkflows(h: Harness): void {
  serviceIdentity(h);
  claims(h);
  completion(h);
  failure(h);
}
