// What a crash or an outage leaves half done, and the reconciler that finishes it: a creator that
// died after reserving credits, billing unreachable while jobs end or are created, a worker gone
// for good. Registered last by workflows.test.ts: it stops billing for a while.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { priceForSeconds } from '@tp/catalog';
import { newId } from '@tp/ids';
import type { Job } from '@tp/proto';
import {
  balanceOf,
  claimNext,
  codeOf,
  createRequest,
  eventually,
  ledgerOf,
  MICRO,
  newMedia,
  newUser,
  oracle,
  SECOND,
  storeTranscript,
  type Harness,
} from './support.ts';

async function row(h: Harness, jobId: string) {
  const { rows } = await h.db.query(
    'SELECT status, hold_state, billing_state, billing_attempts, charged_micro, error_code FROM jobs WHERE id = $1',
    [jobId],
  );
  return rows[0] as
    | {
        status: string;
        hold_state: string;
        billing_state: string;
        billing_attempts: number;
        charged_micro: string;
        error_code: string | null;
      }
    | undefined;
}

function reconciler(h: Harness): void {
  describe('reconciler', () => {
    it('abandons a creation whose creator died after reserving, and releases its hold', async () => {
      const userId = await newUser(h, '10');
      const media = await newMedia(h, userId);
      // What a creator does before it dies: the rows and the key (step 1), the hold (step 2); no step 3.
      const jobId = newId('job');
      const createdAt = new Date();
      await h.store.creation.createPending(
        [
          {
            id: jobId,
            userId,
            workspaceId: null,
            type: 'transcription',
            profile: 'oracle',
            engine: 'pocketsphinx',
            pool: 'cpu',
            mediaId: media.mediaId,
            parentJobId: null,
            itemCount: 0,
            options: { language: 'auto' },
            title: media.fileName,
            mediaDurationSeconds: media.durationSeconds,
            webhookId: null,
          },
        ],
        { key: 'crashed-key', requestHash: 'x'.repeat(64) },
        createdAt,
      );
      await h.billing.reserve({
        principalId: userId,
        reference: jobId,
        profile: 'oracle',
        seconds: media.durationSeconds,
      });
      assert.equal((await balanceOf(h, userId)).reservedMicro, priceForSeconds(oracle, media.durationSeconds));

      // Invisible and never claimed while reserving.
      assert.equal(await codeOf(h.jobs.getJob({ userId, jobId })), 'not_found');
      assert.equal((await claimNext(h)).job, undefined);

      // Younger than RESERVATION_TIMEOUT_MS: left alone.
      const timeout = h.config.RESERVATION_TIMEOUT_MS;
      assert.equal((await h.service.reconcile(new Date(createdAt.getTime() + timeout - 15 * SECOND))).abandoned, 0);
      assert.equal((await row(h, jobId))!.hold_state, 'reserving');

      const result = await h.service.reconcile(new Date(createdAt.getTime() + timeout + SECOND));
      assert.equal(result.abandoned, 1);
      assert.deepEqual(await row(h, jobId), {
        status: 'failed',
        hold_state: 'abandoned',
        billing_state: 'released',
        billing_attempts: 0,
        charged_micro: '0',
        error_code: 'creation_interrupted',
      });
      assert.deepEqual(
        (await ledgerOf(h, userId, jobId)).map((e) => e.kind),
        ['reservation', 'release'],
      );
      const balance = await balanceOf(h, userId);
      assert.deepEqual([balance.availableMicro, balance.reservedMicro], [10 * MICRO, 0]);
      assert.equal(await codeOf(h.jobs.getJob({ userId, jobId })), 'not_found', 'never shown');
      assert.equal(
        (await h.db.query('SELECT 1 FROM idempotency_keys WHERE job_id = $1', [jobId])).rowCount,
        0,
        'the key is forgotten: a retry creates anew',
      );
      assert.equal(
        (await h.service.reconcile(new Date(createdAt.getTime() + timeout + 2 * SECOND))).abandoned,
        0,
        'once',
      );
    });
  });
}

/**
 * While billing is down: a success and a cancellation are recorded with their billing steps
 * pending; a new job is refused, its creation abandoned with a release pending.
 */
async function endAndCreateWithoutBilling(
  h: Harness,
  userId: string,
  worked: { done: Job; ticketId: string; artifactId: string },
  dropped: Job,
  thirdMediaId: string,
): Promise<void> {
  const { done, ticketId, artifactId } = worked;
  const completed = await h.jobs.completeJob({
    jobId: done.jobId,
    ticketId,
    artifactId,
    billedSeconds: 5,
    language: 'en',
  });
  assert.equal(completed.status, 'succeeded', 'the success is recorded without billing');
  assert.equal(
    completed.chargedMicro,
    priceForSeconds(oracle, 5),
    'the expected charge is shown until billing confirms it',
  );
  assert.equal((await row(h, done.jobId))!.billing_state, 'settle_pending');

  const cancelled = await h.jobs.cancelJob({ userId, jobId: dropped.jobId });
  assert.equal(cancelled.status, 'cancelled');
  assert.equal((await row(h, dropped.jobId))!.billing_state, 'release_pending');

  assert.equal(await codeOf(h.jobs.createJob(createRequest(userId, [thirdMediaId]))), 'service_unavailable');
  const { rows } = await h.db.query<{ id: string; hold_state: string; billing_state: string }>(
    'SELECT id, hold_state, billing_state FROM jobs WHERE media_id = $1',
    [thirdMediaId],
  );
  assert.deepEqual(
    rows.map((r) => [r.hold_state, r.billing_state]),
    [['abandoned', 'release_pending']],
    'a Reserve without an answer may have held: released later',
  );
  assert.equal(
    (await h.jobs.listJobs({ userId, limit: 0, status: '', type: '', workspaceId: '', cursor: '' })).jobs.length,
    2,
    'never shown',
  );
}

function billingUnreachable(h: Harness): void {
  describe('billing unreachable', () => {
    it('keeps a success and a cancellation, refuses new jobs, and settles and releases once billing is back', async () => {
      const userId = await newUser(h, '10');
      const [first, second, third] = await Promise.all([
        newMedia(h, userId, 'a.wav'),
        newMedia(h, userId, 'b.wav'),
        newMedia(h, userId, 'c.wav'),
      ]);
      const done = (await h.jobs.createJob(createRequest(userId, [first!.mediaId]))).job!;
      const dropped = (await h.jobs.createJob(createRequest(userId, [second!.mediaId]))).job!;
      const { job: claimed, ticketId } = await claimNext(h);
      assert.equal(claimed!.jobId, done.jobId);
      const artifactId = await storeTranscript(h, claimed!);

      await h.fleet.stopService('billing');
      try {
        await endAndCreateWithoutBilling(h, userId, { done, ticketId, artifactId }, dropped, third!.mediaId);
      } finally {
        await h.fleet.startService('billing');
      }

      // The reconciler finishes every pending step (the billing client reconnects within seconds),
      // once no Reserve of the abandoned creation can still arrive.
      const later = () => new Date(Date.now() + h.config.RESERVATION_TIMEOUT_MS + 10 * SECOND);
      await eventually(
        'billing steps to go through',
        async () => {
          await h.service.reconcile(later());
          const { rows } = await h.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM jobs WHERE user_id = $1 AND billing_state LIKE '%_pending'`,
            [userId],
          );
          return rows[0]!.n === 0;
        },
        60_000,
      );
      const charge = priceForSeconds(oracle, 5);
      assert.equal((await h.jobs.getJob({ userId, jobId: done.jobId })).chargedMicro, charge);
      assert.equal((await row(h, done.jobId))!.billing_state, 'settled');
      assert.deepEqual(
        (await ledgerOf(h, userId, done.jobId)).map((e) => e.kind),
        ['reservation', 'settlement'],
      );
      assert.deepEqual(
        (await ledgerOf(h, userId, dropped.jobId)).map((e) => e.kind),
        ['reservation', 'release'],
      );

      // Nothing happens twice: another pass, another CompleteJob.
      assert.equal((await h.service.reconcile(later())).billed, 0);
      await h.jobs.completeJob({ jobId: done.jobId, ticketId, artifactId, billedSeconds: 5, language: 'en' });
      assert.deepEqual(
        (await ledgerOf(h, userId, done.jobId)).map((e) => e.kind),
        ['reservation', 'settlement'],
      );
      const balance = await balanceOf(h, userId);
      assert.deepEqual([balance.availableMicro, balance.reservedMicro], [10 * MICRO - charge, 0]);
    });
  });
}

function silentWorker(h: Harness): void {
  describe('a worker that went silent for good', () => {
    it('fails its running job worker_lost after STALE_RUNNING_MS and releases the hold', async () => {
      const userId = await newUser(h, '10');
      const media = await newMedia(h, userId);
      const { job: created } = await h.jobs.createJob(createRequest(userId, [media.mediaId]));
      const { job, ticketId } = await claimNext(h);
      assert.equal(job?.jobId, created!.jobId);
      const claimedAt = new Date();
      // Silent for less than 30 min (the default): left to JetStream's redelivery.
      await h.service.reconcile(new Date(claimedAt.getTime() + 29 * 60 * SECOND));
      assert.equal((await h.jobs.getJob({ userId, jobId: job!.jobId })).status, 'running');

      const result = await h.service.reconcile(new Date(claimedAt.getTime() + 31 * 60 * SECOND));
      assert.ok(result.lost >= 1);
      const lost = await h.jobs.getJob({ userId, jobId: job!.jobId });
      assert.equal(lost.status, 'failed');
      assert.equal(lost.errorCode, 'worker_lost');
      assert.match(lost.errorMessage, /stopped reporting/);
      assert.deepEqual(
        (await ledgerOf(h, userId, job!.jobId)).map((e) => e.kind),
        ['reservation', 'release'],
      );
      assert.equal((await balanceOf(h, userId)).reservedMicro, 0);
      assert.equal(
        (await h.jobs.reportProgress({ jobId: job!.jobId, ticketId, progress: 50 })).cancel,
        true,
        'a worker that comes back is told to stop',
      );
      assert.equal((await h.service.reconcile(new Date(claimedAt.getTime() + 32 * 60 * SECOND))).lost, 0, 'once');
    });
  });
}

export function resilienceWorkflows(h: Harness): void {
  reconciler(h);
  billingUnreachable(h);
  silentWorker(h);
}
