// Creating jobs against the real billing, media and bus: the price held, the ticket and event
// published, a batch billing refuses given up in the store, and Idempotency-Keys under concurrency.
// Registered by workflows.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { priceForSeconds } from '@tp/catalog';
import { JOB_EVENTS, type JobEventPayload, type WorkTicket } from '@tp/events';
import { isId, newId } from '@tp/ids';
import { jobOptionsView } from '@tp/job-options';
import {
  balanceOf,
  codeOf,
  createOne,
  createRequest,
  eventually,
  ledgerOf,
  MICRO,
  newMedia,
  newUser,
  newUserWithTsctl,
  oracle,
  readStream,
  type Harness,
  userWithMedia,
} from './support.ts';

function createJob(h: Harness): void {
  describe('CreateJob', () => {
    it('queues a job holding exactly the price of the media duration, with its ticket and event', async () => {
      const userId = await newUserWithTsctl(h, '10');
      const m = await newMedia(h, userId, 'take-1.wav');
      const job = await createOne(h, userId, m.mediaId);
      const price = priceForSeconds(oracle, m.durationSeconds);

      assert.ok(isId('job', job.jobId));
      assert.equal(job.status, 'queued');
      assert.equal(job.queuePosition, 1);
      assert.equal(job.type, 'transcription');
      assert.equal(job.profile, 'oracle');
      assert.equal(job.engine, 'pocketsphinx');
      assert.equal(job.mediaId, m.mediaId);
      assert.equal(job.title, 'take-1.wav');
      assert.equal(job.itemCount, 0);
      assert.equal(job.parentJobId, '');
      assert.ok(Math.abs(job.mediaDurationSeconds - 5) < 0.1, String(job.mediaDurationSeconds));
      assert.equal(job.reservedMicro, price);
      assert.equal(job.progress, 0);
      assert.deepEqual(jobOptionsView(job.options!), {
        language: 'auto',
        target_language: null,
        diarization: null,
        channel_speaker_separation: false,
        caption_burn: null,
      });

      const balance = await balanceOf(h, userId);
      assert.equal(balance.reservedMicro, price);
      assert.equal(balance.availableMicro, 10 * MICRO - price);
      assert.deepEqual(
        (await ledgerOf(h, userId, job.jobId)).map((e) => [e.kind, e.reservedDeltaMicro]),
        [['reservation', price]],
      );

      // One ticket on WORK (work.transcription.cpu) naming this creation, published with the outbox id.
      const mine = await eventually('the work ticket', async () => {
        const found = (await readStream(h, 'WORK', 'work.transcription.cpu')).filter(
          (t) => (t.data as WorkTicket).ticket_id === job.jobId,
        );
        return found.length > 0 && found;
      });
      assert.equal(mine.length, 1);
      assert.deepEqual(mine[0]!.data, { ticket_id: job.jobId, job_type: 'transcription', pool: 'cpu' });
      assert.ok(isId('obx', mine[0]!.msgId), `Nats-Msg-Id is the outbox id: ${mine[0]!.msgId}`);
      const events = await eventually('the queued event', async () => {
        const found = (await readStream(h, 'EVENTS', 'events.job.>')).filter(
          (e) => (e.data as JobEventPayload).job_id === job.jobId,
        );
        return found.length > 0 && found;
      });
      assert.deepEqual(
        events.map((e) => [e.subject, (e.data as JobEventPayload).status]),
        [[JOB_EVENTS.queued, 'queued']],
      );
      assert.equal((events[0]!.data as JobEventPayload).user_id, userId);

      // Reads see the same job.
      const read = await h.jobs.getJob({ userId, jobId: job.jobId });
      assert.equal(read.status, 'queued');
      assert.equal(read.queuePosition, 1);
      assert.equal(
        await codeOf(h.jobs.getJob({ userId: await newUser(h, '0'), jobId: job.jobId })),
        'not_found',
        'another user does not see it',
      );
    });
  });
}

function refusedByBilling(h: Harness): void {
  describe('CreateJob refused by billing', () => {
    it('releases the items a batch already held, deletes its rows and forgets its Idempotency-Key', async () => {
      // 0.002 credits hold one 5 s item (0.001389) but not two.
      const almost = await userWithMedia(h, '0.002', 2);
      const ids = almost.media.map((m) => m.mediaId);
      const keyed = { idempotencyKey: 'tr-poor', requestFingerprint: 'f'.repeat(64) };
      const request = createRequest(almost.userId, ids, { batch: true, ...keyed });
      assert.equal(await codeOf(h.jobs.createJob(request)), 'insufficient_credits');
      const balance = await balanceOf(h, almost.userId);
      assert.deepEqual(
        [balance.availableMicro, balance.reservedMicro],
        [2000, 0],
        'the first item’s hold was released',
      );
      const entries = (await h.billing.listLedger({ principalId: almost.userId, limit: 50 })).entries
        .map((e) => e.kind)
        .reverse();
      assert.deepEqual(entries, ['grant', 'reservation', 'release']);
      assert.equal(
        (await h.db.query('SELECT 1 FROM jobs WHERE user_id = $1', [almost.userId])).rowCount,
        0,
        'the rows are gone',
      );
      const find = h.jobs.findIdempotentJob({ userId: almost.userId, ...keyed });
      assert.equal(await codeOf(find), 'not_found', 'the key was forgotten with the creation');
    });
  });
}

const fingerprint = (n: number) => `${n}`.padStart(64, 'f');

function idempotencyKeys(h: Harness): void {
  describe('CreateJob with an Idempotency-Key', () => {
    it('creates one job for concurrent duplicates, replays it, and forgets the key past its lifetime', async () => {
      const { userId, media } = await userWithMedia(h, '10', 2);
      // Five identical requests at once: one job, four replays.
      const request = createRequest(userId, [media[0]!.mediaId], { idempotencyKey: 'key-1' });
      const answers = await Promise.all(Array.from({ length: 5 }, () => h.jobs.createJob(request)));
      assert.equal(new Set(answers.map((a) => a.job!.jobId)).size, 1);
      assert.equal(answers.filter((a) => !a.replayed).length, 1);
      const first = answers.find((a) => !a.replayed)!.job!;
      const { rows } = await h.db.query('SELECT id FROM jobs WHERE user_id = $1 AND media_id = $2', [
        userId,
        media[0]!.mediaId,
      ]);
      assert.equal(rows.length, 1, 'exactly one job');
      assert.equal((await ledgerOf(h, userId, first.jobId)).length, 1, 'one hold');

      // A key older than its lifetime is forgotten: the same key then creates a new job.
      const swept = await h.service.reconcile(new Date(Date.now() + 25 * 60 * 60 * 1000));
      assert.ok(swept.keysForgotten >= 1);
      const fresh = await h.jobs.createJob(request);
      assert.equal(fresh.replayed, false);
      assert.notEqual(fresh.job!.jobId, first.jobId);
    });

    it('stores the request fingerprint, which FindIdempotentJob and a raced CreateJob answer with the first job', async () => {
      const { userId, media } = await userWithMedia(h, '10', 2);
      const keyed = { idempotencyKey: 'tr-1', requestFingerprint: fingerprint(1) };
      const first = await h.jobs.createJob(
        createRequest(userId, [media[0]!.mediaId], { ...keyed, webhookId: newId('whs') }),
      );
      assert.equal(first.replayed, false);
      assert.equal(
        (await h.db.query('SELECT request_hash FROM idempotency_keys WHERE job_id = $1', [first.job!.jobId])).rows[0]
          .request_hash,
        fingerprint(1),
        'the record holds the fingerprint',
      );
      const found = await h.jobs.findIdempotentJob({ userId, ...keyed });
      assert.deepEqual(
        [found.replayed, found.job!.jobId, found.job!.webhookId],
        [true, first.job!.jobId, first.job!.webhookId],
      );
      // A retry that raced past FindIdempotentJob subscribed another webhook and names another
      // (imported) media: the fingerprint decides, and the first job comes back with its webhook.
      const raced = await h.jobs.createJob(
        createRequest(userId, [media[1]!.mediaId], { ...keyed, webhookId: newId('whs') }),
      );
      assert.deepEqual(
        [raced.replayed, raced.job!.jobId, raced.job!.webhookId],
        [true, first.job!.jobId, first.job!.webhookId],
      );
      assert.equal(
        await codeOf(h.jobs.findIdempotentJob({ userId, ...keyed, requestFingerprint: fingerprint(2) })),
        'idempotency_conflict',
      );
    });
  });
}

export function creationWorkflows(h: Harness): void {
  createJob(h);
  refusedByBilling(h);
  idempotencyKeys(h);
}
