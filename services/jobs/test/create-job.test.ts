import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findProfile, priceForSeconds } from '@tp/catalog';
import { JOB_EVENTS, type JobEventPayload, type WorkTicket } from '@tp/events';
import { isId } from '@tp/ids';
import { jobOptionsFromView, jobOptionsView } from '@tp/job-options';
import {
  balanceOf,
  codeOf,
  createOne,
  createRequest,
  errorOf,
  eventually,
  ledgerOf,
  MICRO,
  newMedia,
  newUser,
  newUserWithTsctl,
  oracle,
  readStream,
  unfinishedMedia,
  useHarness,
  userWithMedia,
} from './support.ts';

const h = useHarness({ emptyQueueAfterEach: true });

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

describe('CreateJob refusals', () => {
  it('refuses without enough credits: nothing queued, no hold left (a batch releases the items already held)', async () => {
    const poor = await userWithMedia(h, '0.001');
    const refused = await errorOf(h.jobs.createJob(createRequest(poor.userId, [poor.media[0]!.mediaId])));
    assert.equal(refused.code, 'insufficient_credits');

    // 0.002 credits hold one 5 s item (0.001389) but not two.
    const almost = await userWithMedia(h, '0.002', 2);
    const ids = almost.media.map((m) => m.mediaId);
    assert.equal(
      await codeOf(h.jobs.createJob(createRequest(almost.userId, ids, { batch: true }))),
      'insufficient_credits',
    );

    for (const userId of [poor.userId, almost.userId]) {
      const balance = await balanceOf(h, userId);
      assert.equal(balance.reservedMicro, 0, 'no hold is left');
      assert.equal(
        (await h.jobs.listJobs({ userId, limit: 0, status: '', type: '', workspaceId: '', cursor: '' })).jobs.length,
        0,
      );
      assert.equal(
        (await h.db.query('SELECT 1 FROM jobs WHERE user_id = $1', [userId])).rowCount,
        0,
        'the rows are gone',
      );
    }
    assert.equal((await balanceOf(h, almost.userId)).availableMicro, 2000, 'the first item’s hold was released');
    const entries = (await h.billing.listLedger({ principalId: almost.userId, limit: 50 })).entries
      .map((e) => e.kind)
      .reverse();
    assert.deepEqual(entries, ['grant', 'reservation', 'release']);
  });

  it('refuses unknown, foreign and unverified media', async () => {
    const { userId, media } = await userWithMedia(h, '10');
    const other = await userWithMedia(h, '10');
    const missing = await errorOf(h.jobs.createJob(createRequest(userId, ['med_doesnotexist'])));
    assert.equal(missing.code, 'not_found');
    assert.match(missing.message, /med_doesnotexist/);
    const foreign = await errorOf(h.jobs.createJob(createRequest(userId, [other.media[0]!.mediaId])));
    assert.equal(foreign.code, 'not_found');
    assert.match(foreign.message, new RegExp(other.media[0]!.mediaId));
    assert.equal(
      await codeOf(
        h.jobs.createJob(createRequest(userId, [media[0]!.mediaId, other.media[0]!.mediaId], { batch: true })),
      ),
      'not_found',
    );
    const pending = await unfinishedMedia(h, userId);
    const notReady = await errorOf(h.jobs.createJob(createRequest(userId, [pending])));
    assert.equal(notReady.code, 'media_not_ready');
    assert.equal(notReady.details.media_id, pending);
    assert.equal((await balanceOf(h, userId)).reservedMicro, 0);
  });
});

describe('CreateJob with an Idempotency-Key', () => {
  it('replays the first job for the same Idempotency-Key and body, refuses another body, and creates one job for concurrent duplicates', async () => {
    const { userId, media } = await userWithMedia(h, '10', 2);
    const request = createRequest(userId, [media[0]!.mediaId], { idempotencyKey: 'key-1' });
    const first = await h.jobs.createJob(request);
    // The same body with its options in another key order is the same request.
    const reordered = {
      ...request,
      options: jobOptionsFromView({
        caption_burn: null,
        channel_speaker_separation: false,
        diarization: null,
        target_language: null,
        language: 'auto',
      }),
    };
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
    const { rows } = await h.db.query('SELECT id FROM jobs WHERE user_id = $1 AND media_id = $2', [
      userId,
      media[1]!.mediaId,
    ]);
    assert.equal(rows.length, 1, 'exactly one job');

    // A key older than its lifetime is forgotten: the same key then creates a new job.
    const swept = await h.service.reconcile(new Date(Date.now() + 25 * 60 * 60 * 1000));
    assert.ok(swept.keysForgotten >= 2);
    const fresh = await h.jobs.createJob(request);
    assert.equal(fresh.replayed, false);
    assert.notEqual(fresh.job!.jobId, first.job!.jobId);
  });
});

describe('CreateJob profiles and options', () => {
  it('refuses profiles this deployment cannot serve and options that are not available', async () => {
    const { userId, media } = await userWithMedia(h, '10');
    const mediaId = media[0]!.mediaId;
    const unavailable = await errorOf(h.jobs.createJob(createRequest(userId, [mediaId], { profile: 'oracle-pro' })));
    assert.equal(unavailable.code, 'profile_unavailable');
    assert.match(unavailable.message, /oracle-pro/);
    assert.match(unavailable.message, /whisper/);
    assert.deepEqual(unavailable.details.available_profiles, ['oracle', 'oracle-mini', 'base']);

    assert.equal(
      (await errorOf(h.jobs.createJob(createRequest(userId, [mediaId], { profile: 'nope' })))).message,
      'Unknown profile "nope".',
    );
    assert.equal(
      await codeOf(h.jobs.createJob(createRequest(userId, [mediaId], { profile: 'oracle-max' }))),
      'validation_error',
      'internal without the feature',
    );
    assert.equal(
      await codeOf(
        h.jobs.createJob(createRequest(userId, [mediaId], { profile: 'oracle-max', features: ['profile.oracle-max'] })),
      ),
      'profile_unavailable',
      'with the feature it exists, but runs on whisper',
    );

    const options = (o: object) =>
      createRequest(userId, [mediaId], { options: jobOptionsFromView({ language: 'auto', ...o }) });
    for (const [o, option, message] of [
      [{ target_language: 'fr' }, 'target_language', /translates en into ca, eo, es, gl only/],
      [{ channel_speaker_separation: true }, 'channel_speaker_separation', /has one audio channel/],
      [{ language: 'de' }, 'language', /en only/],
    ] as const) {
      const err = await errorOf(h.jobs.createJob(options(o)));
      assert.equal(err.code, 'unsupported_option', JSON.stringify(o));
      assert.equal(err.details.option, option);
      assert.match(err.message, message);
    }
    // A caption burn is offered (caption-burn.test.ts), but this media has no transcript to burn.
    const captions = await errorOf(h.jobs.createJob(createRequest(userId, [mediaId], { type: 'caption_burn' })));
    assert.equal(captions.code, 'validation_error');
    assert.match(captions.message, /has no transcript yet/);
    assert.equal(
      await codeOf(h.jobs.createJob(createRequest(userId, [mediaId, mediaId], { batch: false }))),
      'validation_error',
    );
    assert.equal((await balanceOf(h, userId)).reservedMicro, 0, 'nothing was reserved for refused requests');

    // GetDeployment names what CreateJob serves; a deployment with GPU pools serves oracle-pro.
    assert.deepEqual((await h.jobs.getDeployment({})).engines, ['pocketsphinx']);
    const gpu = await h.startJobs({ ENGINES: 'whisper,pocketsphinx' });
    assert.deepEqual((await gpu.client.getDeployment({})).engines, ['pocketsphinx', 'whisper']);
    const created = await gpu.client.createJob(createRequest(userId, [mediaId], { profile: 'oracle-pro' }));
    assert.equal(created.job!.engine, 'whisper');
    assert.equal(created.job!.reservedMicro, priceForSeconds(findProfile('oracle-pro')!, media[0]!.durationSeconds));
    await gpu.client.cancelJob({ userId, jobId: created.job!.jobId });
  });
});
