import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findProfile, priceForSeconds } from '@tp/catalog';
import { JOB_EVENTS, type JobEventPayload, type WorkTicket } from '@tp/events';
import { isId } from '@tp/ids';
import type { Job } from '@tp/proto';
import { DEFAULT_EXPORT_OPTIONS, exampleTranscript } from '@tp/transcript';
import {
  balanceOf,
  claimNext,
  codeOf,
  createRequest,
  errorOf,
  eventually,
  ledgerOf,
  newMedia,
  newUser,
  newUserWithTsctl,
  readStream,
  startHarness,
  storeTranscript,
  unfinishedMedia,
  type Harness,
} from './support.ts';

let h: Harness;
const oracle = findProfile('oracle')!;

before(async () => {
  h = await startHarness();
});

after(async () => {
  await h?.dispose();
});

// The queue is global (every user's jobs of a pool): each test starts with it empty.
afterEach(async () => {
  const { rows } = await h.db.query<{ id: string; user_id: string }>(
    `SELECT id, user_id FROM jobs WHERE status IN ('queued', 'running') AND hold_state = 'held' AND parent_job_id IS NULL`,
  );
  for (const row of rows) await h.jobs.cancelJob({ userId: row.user_id, jobId: row.id });
});

const MICRO = 1_000_000;

/** A user with `credits` and `count` verified media. */
async function userWithMedia(credits: string, count = 1) {
  const userId = await newUser(h, credits);
  const media = await Promise.all(Array.from({ length: count }, (_, i) => newMedia(h, userId, `take-${i + 1}.wav`)));
  return { userId, media };
}

async function createOne(userId: string, mediaId: string, overrides: Parameters<typeof createRequest>[2] = {}): Promise<Job> {
  const { job, replayed } = await h.jobs.createJob(createRequest(userId, [mediaId], overrides));
  assert.equal(replayed, false);
  return job!;
}

async function row(jobId: string) {
  const { rows } = await h.db.query('SELECT * FROM jobs WHERE id = $1', [jobId]);
  return rows[0] as Record<string, unknown> | undefined;
}

describe('CreateJob', () => {
  it('queues a job holding exactly the price of the media duration, with its ticket and event', async () => {
    const userId = await newUserWithTsctl(h, '10');
    const m = await newMedia(h, userId, 'take-1.wav');
    const job = await createOne(userId, m.mediaId);
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
    assert.deepEqual(JSON.parse(job.optionsJson), { language: 'auto', target_language: null, diarization: null, channel_speaker_separation: false, caption_burn: null });

    const balance = await balanceOf(h, userId);
    assert.equal(balance.reservedMicro, price);
    assert.equal(balance.availableMicro, 10 * MICRO - price);
    assert.deepEqual((await ledgerOf(h, userId, job.jobId)).map((e) => [e.kind, e.reservedDeltaMicro]), [['reservation', price]]);

    // One ticket on WORK (work.transcription.cpu) naming this creation, published with the outbox id.
    const mine = await eventually('the work ticket', async () => {
      const found = (await readStream(h, 'WORK', 'work.transcription.cpu')).filter((t) => (t.data as WorkTicket).ticket_id === job.jobId);
      return found.length > 0 && found;
    });
    assert.equal(mine.length, 1);
    assert.deepEqual(mine[0]!.data, { ticket_id: job.jobId, job_type: 'transcription', pool: 'cpu' });
    assert.ok(isId('obx', mine[0]!.msgId), `Nats-Msg-Id is the outbox id: ${mine[0]!.msgId}`);
    const events = await eventually('the queued event', async () => {
      const found = (await readStream(h, 'EVENTS', 'events.job.>')).filter((e) => (e.data as JobEventPayload).job_id === job.jobId);
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
    assert.equal(await codeOf(h.jobs.getJob({ userId: await newUser(h, '0'), jobId: job.jobId })), 'not_found', 'another user does not see it');
  });

  it('refuses without enough credits: nothing queued, no hold left (a batch releases the items already held)', async () => {
    const poor = await userWithMedia('0.001');
    const refused = await errorOf(h.jobs.createJob(createRequest(poor.userId, [poor.media[0]!.mediaId])));
    assert.equal(refused.code, 'insufficient_credits');

    // 0.002 credits hold one 5 s item (0.001389) but not two.
    const almost = await userWithMedia('0.002', 2);
    const ids = almost.media.map((m) => m.mediaId);
    assert.equal(await codeOf(h.jobs.createJob(createRequest(almost.userId, ids, { batch: true }))), 'insufficient_credits');

    for (const userId of [poor.userId, almost.userId]) {
      const balance = await balanceOf(h, userId);
      assert.equal(balance.reservedMicro, 0, 'no hold is left');
      assert.equal((await h.jobs.listJobs({ userId, limit: 0, status: '', type: '', workspaceId: '', cursor: '' })).jobs.length, 0);
      assert.equal((await h.db.query('SELECT 1 FROM jobs WHERE user_id = $1', [userId])).rowCount, 0, 'the rows are gone');
    }
    assert.equal((await balanceOf(h, almost.userId)).availableMicro, 2000, 'the first item’s hold was released');
    const entries = (await h.billing.listLedger({ principalId: almost.userId, limit: 50 })).entries.map((e) => e.kind).reverse();
    assert.deepEqual(entries, ['grant', 'reservation', 'release']);
  });

  it('replays the first job for the same Idempotency-Key and body, refuses another body, and creates one job for concurrent duplicates', async () => {
    const { userId, media } = await userWithMedia('10', 2);
    const request = createRequest(userId, [media[0]!.mediaId], { idempotencyKey: 'key-1' });
    const first = await h.jobs.createJob(request);
    // The same body with its options in another key order is the same request.
    const reordered = { ...request, optionsJson: JSON.stringify({ caption_burn: null, channel_speaker_separation: false, diarization: null, target_language: null, language: 'auto' }) };
    const again = await h.jobs.createJob(reordered);
    assert.equal(first.replayed, false);
    assert.equal(again.replayed, true);
    assert.equal(again.job!.jobId, first.job!.jobId);
    assert.equal((await ledgerOf(h, userId, first.job!.jobId)).length, 1, 'one hold');

    const conflict = await errorOf(h.jobs.createJob({ ...request, mediaIds: [media[1]!.mediaId] }));
    assert.equal(conflict.code, 'idempotency_conflict');
    assert.equal(await codeOf(h.jobs.createJob({ ...request, profile: 'base' })), 'idempotency_conflict');

    // Five identical requests at once: one job, four replays.
    const concurrent = createRequest(userId, [media[1]!.mediaId], { idempotencyKey: 'key-2' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => h.jobs.createJob(concurrent)));
    assert.equal(new Set(answers.map((a) => a.job!.jobId)).size, 1);
    assert.equal(answers.filter((a) => !a.replayed).length, 1);
    const { rows } = await h.db.query('SELECT id FROM jobs WHERE user_id = $1 AND media_id = $2', [userId, media[1]!.mediaId]);
    assert.equal(rows.length, 1, 'exactly one job');

    // A key older than its lifetime is forgotten: the same key then creates a new job.
    const swept = await h.service.reconcile(new Date(Date.now() + 25 * 60 * 60 * 1000));
    assert.ok(swept.keysForgotten >= 2);
    const fresh = await h.jobs.createJob(request);
    assert.equal(fresh.replayed, false);
    assert.notEqual(fresh.job!.jobId, first.job!.jobId);
  });

  it('refuses unknown, foreign and unverified media', async () => {
    const { userId, media } = await userWithMedia('10');
    const other = await userWithMedia('10');
    const missing = await errorOf(h.jobs.createJob(createRequest(userId, ['med_doesnotexist'])));
    assert.equal(missing.code, 'not_found');
    assert.match(missing.message, /med_doesnotexist/);
    const foreign = await errorOf(h.jobs.createJob(createRequest(userId, [other.media[0]!.mediaId])));
    assert.equal(foreign.code, 'not_found');
    assert.match(foreign.message, new RegExp(other.media[0]!.mediaId));
    assert.equal(await codeOf(h.jobs.createJob(createRequest(userId, [media[0]!.mediaId, other.media[0]!.mediaId], { batch: true }))), 'not_found');
    const pending = await unfinishedMedia(h, userId);
    const notReady = await errorOf(h.jobs.createJob(createRequest(userId, [pending])));
    assert.equal(notReady.code, 'media_not_ready');
    assert.equal(notReady.details.media_id, pending);
    assert.equal((await balanceOf(h, userId)).reservedMicro, 0);
  });

  it('refuses profiles this deployment cannot serve and options that are not available', async () => {
    const { userId, media } = await userWithMedia('10');
    const mediaId = media[0]!.mediaId;
    const unavailable = await errorOf(h.jobs.createJob(createRequest(userId, [mediaId], { profile: 'oracle-pro' })));
    assert.equal(unavailable.code, 'profile_unavailable');
    assert.match(unavailable.message, /oracle-pro/);
    assert.match(unavailable.message, /whisper/);
    assert.deepEqual(unavailable.details.available_profiles, ['oracle', 'oracle-mini', 'base']);

    assert.equal((await errorOf(h.jobs.createJob(createRequest(userId, [mediaId], { profile: 'nope' })))).message, 'Unknown profile "nope".');
    assert.equal(await codeOf(h.jobs.createJob(createRequest(userId, [mediaId], { profile: 'oracle-max' }))), 'validation_error', 'internal without the feature');
    assert.equal(
      await codeOf(h.jobs.createJob(createRequest(userId, [mediaId], { profile: 'oracle-max', features: ['profile.oracle-max'] }))),
      'profile_unavailable',
      'with the feature it exists, but runs on whisper',
    );

    const options = (o: object) => createRequest(userId, [mediaId], { optionsJson: JSON.stringify({ language: 'auto', ...o }) });
    for (const [o, option] of [
      [{ diarization: { mode: 'regular', num_speakers: null, auto_speaker_names: false } }, 'diarization'],
      [{ target_language: 'fr' }, 'target_language'],
      [{ channel_speaker_separation: true }, 'channel_speaker_separation'],
      [{ language: 'de' }, 'language'],
    ] as const) {
      const err = await errorOf(h.jobs.createJob(options(o)));
      assert.equal(err.code, 'unsupported_option', JSON.stringify(o));
      assert.equal(err.details.option, option);
      assert.match(err.message, new RegExp(option === 'language' ? 'en only' : 'not available yet'));
    }
    const captions = await errorOf(h.jobs.createJob(createRequest(userId, [mediaId], { type: 'caption_burn' })));
    assert.equal(captions.code, 'unsupported_option');
    assert.match(captions.message, /caption_burn/);
    assert.equal(await codeOf(h.jobs.createJob(createRequest(userId, [mediaId, mediaId], { batch: false }))), 'validation_error');
    assert.equal((await balanceOf(h, userId)).reservedMicro, 0, 'nothing was reserved for refused requests');

    // A deployment with GPU pools serves oracle-pro.
    const gpu = await h.startJobs({ ENGINES: 'pocketsphinx,whisper' });
    const created = await gpu.client.createJob(createRequest(userId, [mediaId], { profile: 'oracle-pro' }));
    assert.equal(created.job!.engine, 'whisper');
    assert.equal(created.job!.reservedMicro, priceForSeconds(findProfile('oracle-pro')!, media[0]!.durationSeconds));
    await gpu.client.cancelJob({ userId, jobId: created.job!.jobId });
  });
});

describe('queue', () => {
  it('claims in rank order and reorders a user’s jobs among the places that user already holds', async () => {
    const alice = await userWithMedia('10', 3);
    const bob = await userWithMedia('10', 1);
    const a1 = await createOne(alice.userId, alice.media[0]!.mediaId);
    const a2 = await createOne(alice.userId, alice.media[1]!.mediaId);
    const b1 = await createOne(bob.userId, bob.media[0]!.mediaId);
    const a3 = await createOne(alice.userId, alice.media[2]!.mediaId);
    assert.deepEqual([a1, a2, b1, a3].map((j) => j.queuePosition), [1, 2, 3, 4]);

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
    assert.equal((await h.jobs.getJob({ userId: bob.userId, jobId: b1.jobId })).queuePosition, 3, 'nobody jumped ahead of Bob');

    // Behind all of her queued jobs: a1 goes to her last slot.
    const moved = await h.jobs.reorderQueue({ userId: alice.userId, jobId: a1.jobId, beforeJobId: '' });
    assert.deepEqual(
      moved.jobs.map((j) => j.jobId),
      [a3.jobId, a2.jobId, a1.jobId],
    );

    // Errors: the same job twice, someone else's job, an unknown one.
    assert.equal(await codeOf(h.jobs.reorderQueue({ userId: alice.userId, jobId: a1.jobId, beforeJobId: a1.jobId })), 'validation_error');
    assert.equal(await codeOf(h.jobs.reorderQueue({ userId: alice.userId, jobId: a1.jobId, beforeJobId: b1.jobId })), 'not_found');
    assert.equal(await codeOf(h.jobs.reorderQueue({ userId: bob.userId, jobId: a1.jobId, beforeJobId: '' })), 'not_found');
    assert.equal(await codeOf(h.jobs.reorderQueue({ userId: alice.userId, jobId: 'job_nope', beforeJobId: '' })), 'not_found');

    // Workers take the jobs in that order.
    const claimed: string[] = [];
    for (let i = 0; i < 4; i += 1) claimed.push((await claimNext(h)).job!.jobId);
    assert.deepEqual(claimed, [a3.jobId, a2.jobId, b1.jobId, a1.jobId], 'Alice’s slots 1, 2, 4; Bob’s 3');
    assert.equal((await claimNext(h)).job, undefined, 'nothing left: the ticket is acked');

    assert.equal(await codeOf(h.jobs.reorderQueue({ userId: alice.userId, jobId: a1.jobId, beforeJobId: '' })), 'job_not_queued');
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

  it('gives workers claiming at the same time different jobs', async () => {
    const { userId, media } = await userWithMedia('10', 3);
    const created = [];
    for (const m of media) created.push(await createOne(userId, m.mediaId));
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimNext(h)));
    const claimed = claims.map((c) => c.job?.jobId).filter((id) => id !== undefined);
    assert.deepEqual(new Set(claimed), new Set(created.map((j) => j.jobId)), 'each job once; two tickets find nothing');
    assert.equal(claimed.length, 3);
  });

  it('lists the caller’s running jobs, then queued ones, in windows', async () => {
    const { userId, media } = await userWithMedia('10', 3);
    const jobs = [];
    for (const m of media) jobs.push(await createOne(userId, m.mediaId));
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
    assert.equal(await codeOf(h.jobs.getQueue({ userId, jobType: 'transcription', limit: 201, offset: 0 })), 'bad_request');
  });
});

describe('worker surface', () => {
  it('gives a redelivered ticket its job again, and fails it (worker_lost) at the last attempt, releasing the hold', async () => {
    const { userId, media } = await userWithMedia('10');
    const job = await createOne(userId, media[0]!.mediaId);
    const { job: claimed, ticketId } = await claimNext(h, { maxAttempts: 3 });
    assert.equal(claimed!.jobId, job.jobId);
    assert.equal(claimed!.status, 'running');
    assert.equal(claimed!.attempts, 1);

    const redelivered = await h.jobs.claimJob({ ticketId, workerId: 'w2', jobType: 'transcription', pool: 'cpu', engines: ['pocketsphinx'], deliveryCount: 2, maxAttempts: 3 });
    assert.equal(redelivered.job!.jobId, job.jobId, 'the same job, not the next head');
    assert.equal(redelivered.job!.attempts, 2);

    const last = await h.jobs.claimJob({ ticketId, workerId: 'w3', jobType: 'transcription', pool: 'cpu', engines: ['pocketsphinx'], deliveryCount: 3, maxAttempts: 3 });
    assert.equal(last.job, undefined);
    const failed = await h.jobs.getJob({ userId, jobId: job.jobId });
    assert.equal(failed.status, 'failed');
    assert.equal(failed.errorCode, 'worker_lost');
    assert.equal(failed.errorMessage, 'The worker processing this job stopped 2 times.');
    assert.deepEqual((await ledgerOf(h, userId, job.jobId)).map((e) => e.kind), ['reservation', 'release']);
    assert.equal((await balanceOf(h, userId)).availableMicro, 10 * MICRO);
    // The ticket is spent: a further delivery gets nothing.
    assert.equal((await h.jobs.claimJob({ ticketId, workerId: 'w4', jobType: 'transcription', pool: 'cpu', engines: ['pocketsphinx'], deliveryCount: 4, maxAttempts: 3 })).job, undefined);
  });

  it('does not hand a job to a worker without its engine or pool', async () => {
    const { userId, media } = await userWithMedia('10');
    await createOne(userId, media[0]!.mediaId);
    assert.equal((await claimNext(h, { engines: ['whisper'] })).job, undefined);
    assert.equal((await claimNext(h, { pool: 'gpu' })).job, undefined);
    assert.equal(await codeOf(claimNext(h, { engines: [] })), 'bad_request');
  });

  it('completes once: progress, success with the artifact, one settlement, events in order', async () => {
    const { userId, media } = await userWithMedia('10');
    const job = await createOne(userId, media[0]!.mediaId);
    const { job: claimed, ticketId } = await claimNext(h);
    assert.deepEqual(await h.jobs.reportProgress({ jobId: job.jobId, ticketId, progress: 40 }), { cancel: false });
    await h.jobs.reportProgress({ jobId: job.jobId, ticketId, progress: 30 });
    assert.equal((await h.jobs.getJob({ userId, jobId: job.jobId })).progress, 40, 'progress never moves back');
    assert.deepEqual(await h.jobs.reportProgress({ jobId: job.jobId, ticketId: 'tkt_other', progress: 50 }), { cancel: true }, 'another ticket is told to stop');

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
    assert.deepEqual((await ledgerOf(h, userId, job.jobId)).map((e) => e.kind), ['reservation', 'settlement'], 'settled exactly once');
    const balance = await balanceOf(h, userId);
    assert.deepEqual([balance.availableMicro, balance.reservedMicro], [10 * MICRO - charge, 0]);
    assert.equal((await row(job.jobId))!.billing_state, 'settled');
    assert.equal(await codeOf(h.jobs.completeJob({ ...complete, artifactId: 'art_other' })), 'conflict');
    assert.deepEqual(await h.jobs.reportProgress({ jobId: job.jobId, ticketId, progress: 100 }), { cancel: true }, 'a finished job has nothing to report');

    const events = await eventsOf(job.jobId);
    assert.deepEqual(
      events.map((e) => e.status),
      ['queued', 'running', 'succeeded'],
    );
    assert.deepEqual(events[2]!.artifact_ids, [artifactId]);
  });

  it('fails with the worker’s code and releases the hold, idempotently', async () => {
    const { userId, media } = await userWithMedia('10');
    const job = await createOne(userId, media[0]!.mediaId);
    const { ticketId } = await claimNext(h);
    const failed = await h.jobs.failJob({ jobId: job.jobId, ticketId, errorCode: 'decode_failed', errorMessage: 'ffmpeg could not decode the audio' });
    const again = await h.jobs.failJob({ jobId: job.jobId, ticketId, errorCode: 'decode_failed', errorMessage: 'ffmpeg could not decode the audio' });
    for (const answer of [failed, again]) {
      assert.equal(answer.status, 'failed');
      assert.equal(answer.errorCode, 'decode_failed');
      assert.equal(answer.errorMessage, 'ffmpeg could not decode the audio');
    }
    assert.deepEqual((await ledgerOf(h, userId, job.jobId)).map((e) => e.kind), ['reservation', 'release']);
    assert.equal((await balanceOf(h, userId)).availableMicro, 10 * MICRO);
    assert.equal(await codeOf(h.jobs.completeJob({ jobId: job.jobId, ticketId, artifactId: 'art_x', billedSeconds: 1, language: '' })), 'conflict');
    assert.deepEqual(
      (await eventsOf(job.jobId)).map((e) => [e.status, e.error_code]),
      [
        ['queued', null],
        ['running', null],
        ['failed', 'decode_failed'],
      ],
    );
  });
});

async function eventsOf(jobId: string): Promise<JobEventPayload[]> {
  const read = async () => (await readStream(h, 'EVENTS', 'events.job.>')).map((e) => e.data as JobEventPayload).filter((e) => e.job_id === jobId);
  let events: JobEventPayload[] = [];
  // The relay publishes right after the commit; give it a moment.
  for (let i = 0; i < 40; i += 1) {
    events = await read();
    if (events.length > 0 && ['succeeded', 'failed', 'cancelled'].includes(events.at(-1)!.status)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return events;
}

describe('CancelJob', () => {
  it('cancels queued and running jobs, releasing their holds; the worker learns it at its next report', async () => {
    const { userId, media } = await userWithMedia('10', 2);
    const queued = await createOne(userId, media[0]!.mediaId);
    const running = await createOne(userId, media[1]!.mediaId);
    await h.jobs.reorderQueue({ userId, jobId: running.jobId, beforeJobId: queued.jobId });
    const { job: claimed, ticketId } = await claimNext(h);
    assert.equal(claimed!.jobId, running.jobId);

    const cancelledQueued = await h.jobs.cancelJob({ userId, jobId: queued.jobId });
    assert.equal(cancelledQueued.status, 'cancelled');
    assert.equal(cancelledQueued.queuePosition, 0);
    const cancelledRunning = await h.jobs.cancelJob({ userId, jobId: running.jobId });
    assert.equal(cancelledRunning.status, 'cancelled');
    assert.deepEqual(await h.jobs.reportProgress({ jobId: running.jobId, ticketId, progress: 60 }), { cancel: true });

    // A worker that completes anyway changes nothing and charges nothing.
    const artifactId = await storeTranscript(h, claimed!);
    const late = await h.jobs.completeJob({ jobId: running.jobId, ticketId, artifactId, billedSeconds: 5, language: 'en' });
    assert.equal(late.status, 'cancelled');
    assert.deepEqual(late.artifactIds, []);
    for (const job of [queued, running]) assert.deepEqual((await ledgerOf(h, userId, job.jobId)).map((e) => e.kind), ['reservation', 'release']);
    assert.equal((await balanceOf(h, userId)).availableMicro, 10 * MICRO);

    assert.equal(await codeOf(h.jobs.cancelJob({ userId, jobId: queued.jobId })), 'job_not_cancellable');
    assert.equal(await codeOf(h.jobs.cancelJob({ userId: await newUser(h, '0'), jobId: queued.jobId })), 'not_found');
    // The ticket of the cancelled queued job finds nothing to run.
    assert.equal((await claimNext(h)).job, undefined);
  });

  it('refuses to cancel a finished job', async () => {
    const { userId, media } = await userWithMedia('10');
    const job = await createOne(userId, media[0]!.mediaId);
    const { job: claimed, ticketId } = await claimNext(h);
    await h.jobs.completeJob({ jobId: job.jobId, ticketId, artifactId: await storeTranscript(h, claimed!), billedSeconds: 5, language: 'en' });
    const err = await errorOf(h.jobs.cancelJob({ userId, jobId: job.jobId }));
    assert.equal(err.code, 'job_not_cancellable');
  });
});

describe('batch jobs', () => {
  it('aggregates its items: status, progress, artifacts, holds, events', async () => {
    const { userId, media } = await userWithMedia('10', 3);
    const { job: parent } = await h.jobs.createJob(createRequest(userId, media.map((m) => m.mediaId), { batch: true }));
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
      assert.deepEqual((await ledgerOf(h, userId, item.jobId)).map((e) => e.kind), ['reservation'], 'one hold per item');
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
    await h.jobs.completeJob({ jobId: items[0]!.jobId, ticketId: claims[0]!.ticketId, artifactId: artifacts[0]!, billedSeconds: 5, language: 'en' });
    await h.jobs.failJob({ jobId: items[1]!.jobId, ticketId: claims[1]!.ticketId, errorCode: 'decode_failed', errorMessage: 'bad audio' });
    now = await h.jobs.getJob({ userId, jobId: parent!.jobId });
    assert.equal(now.status, 'running');
    assert.equal(Math.round(now.progress), 67);
    await h.jobs.completeJob({ jobId: items[2]!.jobId, ticketId: claims[2]!.ticketId, artifactId: artifacts[1]!, billedSeconds: 5, language: 'en' });

    now = await h.jobs.getJob({ userId, jobId: parent!.jobId });
    assert.equal(now.status, 'failed');
    assert.equal(now.errorCode, 'items_failed');
    assert.equal(now.errorMessage, '1 of 3 items failed');
    assert.equal(now.progress, 100);
    assert.deepEqual(now.artifactIds, artifacts);
    assert.equal(now.chargedMicro, 2 * price);
    assert.ok(now.finishedAt);
    assert.deepEqual(
      (await eventsOf(parent!.jobId)).map((e) => [e.status, e.parent_job_id]),
      [
        ['queued', null],
        ['running', null],
        ['failed', null],
      ],
    );
    assert.equal((await eventsOf(items[0]!.jobId))[0]!.parent_job_id, parent!.jobId);

    assert.equal(await codeOf(h.jobs.exportJob(exportRequest(userId, parent!.jobId, 'json'))), 'job_is_batch');
    assert.equal(await codeOf(h.jobs.cancelJob({ userId, jobId: parent!.jobId })), 'job_not_cancellable');
  });

  it('cancels every unfinished item of a batch', async () => {
    const { userId, media } = await userWithMedia('10', 3);
    const { job: parent } = await h.jobs.createJob(createRequest(userId, media.map((m) => m.mediaId), { batch: true }));
    const { job: first, ticketId } = await claimNext(h);
    await h.jobs.completeJob({ jobId: first!.jobId, ticketId, artifactId: await storeTranscript(h, first!), billedSeconds: 5, language: 'en' });
    const cancelled = await h.jobs.cancelJob({ userId, jobId: parent!.jobId });
    assert.equal(cancelled.status, 'succeeded', 'one item succeeded, none failed, the rest cancelled');
    const { jobs: items } = await h.jobs.listItems({ userId, jobId: parent!.jobId, limit: 0 });
    assert.deepEqual(
      items.map((i) => i.status),
      ['succeeded', 'cancelled', 'cancelled'],
    );
    for (const item of items.slice(1)) assert.deepEqual((await ledgerOf(h, userId, item.jobId)).map((e) => e.kind), ['reservation', 'release']);
    assert.equal((await balanceOf(h, userId)).reservedMicro, 0);

    const single = await createOne(userId, media[0]!.mediaId);
    assert.deepEqual((await h.jobs.listItems({ userId, jobId: single.jobId, limit: 0 })).jobs, [], 'a job that is not a batch has no items');

    const { job: all } = await h.jobs.createJob(createRequest(userId, media.map((m) => m.mediaId).slice(0, 2), { batch: true }));
    assert.equal((await h.jobs.cancelJob({ userId, jobId: all!.jobId })).status, 'cancelled');
  });
});

const exportRequest = (userId: string, jobId: string, format: string, overrides: object = {}) => ({ userId, jobId, format, ...DEFAULT_EXPORT_OPTIONS, ...overrides });

describe('ExportJob', () => {
  it('exports the current transcript (edits included) in every format, named after the media', async () => {
    const { userId, media } = await userWithMedia('10');
    const job = await createOne(userId, media[0]!.mediaId);
    assert.equal(await codeOf(h.jobs.exportJob(exportRequest(userId, job.jobId, 'text'))), 'job_not_completed');
    const { job: claimed, ticketId } = await claimNext(h);
    const artifactId = await storeTranscript(h, claimed!);
    await h.jobs.completeJob({ jobId: job.jobId, ticketId, artifactId, billedSeconds: 5, language: 'en' });

    // The user edits the transcript: exports show the edit.
    const edited = exampleTranscript();
    edited.speakers[0]!.name = 'Grace';
    const current = await h.artifacts.getArtifact({ userId, artifactId });
    await h.artifacts.addVersion({ userId, artifactId, payloadJson: JSON.stringify(edited), baseVersionId: current.currentVersionId, authorType: 'user', authorId: userId, note: '', outputKey: '', outputFormat: '' });

    const expected = { text: ['text/plain', 'txt'], json: ['application/json', 'json'], srt: ['application/x-subrip', 'srt'], vtt: ['text/vtt', 'vtt'] } as const;
    for (const [format, [type, extension]] of Object.entries(expected)) {
      const file = await h.jobs.exportJob(exportRequest(userId, job.jobId, format));
      assert.ok(file.contentType.startsWith(type), `${format}: ${file.contentType}`);
      assert.equal(file.fileName, `take-1.${extension}`);
      assert.ok(file.content.length > 0);
      assert.match(file.content, /Grace/, format);
      assert.doesNotMatch(file.content, /Ada/, format);
    }
    const json = JSON.parse((await h.jobs.exportJob(exportRequest(userId, job.jobId, 'json'))).content) as { speakers: { name: string }[] };
    assert.equal(json.speakers[0]!.name, 'Grace');
    assert.match((await h.jobs.exportJob(exportRequest(userId, job.jobId, 'vtt'))).content, /^WEBVTT/);
    assert.match((await h.jobs.exportJob(exportRequest(userId, job.jobId, 'srt'))).content, /^1\r?\n00:00:/);

    assert.equal(await codeOf(h.jobs.exportJob(exportRequest(userId, job.jobId, 'docx'))), 'validation_error');
    const narrow = await errorOf(h.jobs.exportJob(exportRequest(userId, job.jobId, 'srt', { maxCharsPerEntry: 5 })));
    assert.equal(narrow.code, 'validation_error');
    assert.equal(narrow.details.option, 'max_chars_per_entry');
    assert.equal(await codeOf(h.jobs.exportJob(exportRequest(userId, job.jobId, 'srt', { highlightColor: 'not-a-colour' }))), 'validation_error');
    assert.equal(await codeOf(h.jobs.exportJob(exportRequest(await newUser(h, '0'), job.jobId, 'json'))), 'not_found');
  });
});

describe('ListJobs', () => {
  it('lists top-level jobs newest first, filtered, in pages', async () => {
    const { userId, media } = await userWithMedia('10', 3);
    const jobs = [];
    for (const m of media) jobs.push(await createOne(userId, m.mediaId));
    await h.jobs.cancelJob({ userId, jobId: jobs[1]!.jobId });
    const list = (o: object = {}) => h.jobs.listJobs({ userId, limit: 0, status: '', type: '', workspaceId: '', cursor: '', ...o });
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
    assert.equal(await codeOf(list({ status: 'done' })), 'validation_error');
    assert.equal(await codeOf(list({ limit: 500 })), 'bad_request');
  });
});
