import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CLIENT_LOCAL_FEATURE } from '@tp/catalog';
import { AppError } from '@tp/errors';
import { jobOptionsFromView } from '@tp/job-options';
import { type CreateJobInput, createJob } from './create-job.ts';
import { HELD_MICRO } from './testing/billing.ts';
import { creationRequest, creationWorld } from './testing/creation.ts';
import { aJob } from './testing/world.ts';

const fingerprint = 'f'.repeat(64);

describe('createJob', () => {
  it('stores the job, holds its credits, admits it with the plan’s limit and answers it queued', async () => {
    const t = creationWorld();
    t.billing.profile.maxConcurrentJobs = 3;
    const { job, replayed } = await createJob(t.deps, creationRequest());
    assert.equal(replayed, false);
    assert.deepEqual(t.steps, ['createPending 1', 'admit 1 limit 3']);
    assert.deepEqual(t.billing.calls, ['getProfile usr_1', `reserve ${job.job.id} transcription`]);
    assert.deepEqual(
      [job.job.status, job.job.holdState, job.job.billingState, job.job.reservedMicro, job.job.mediaId, job.job.title],
      ['queued', 'held', 'held', BigInt(HELD_MICRO), 'med_1', 'take-1.wav'],
    );
    assert.equal(t.world.counts.nudges, 1, 'its ticket and queued event go out');
  });

  it('holds credits for each item of a batch, none for its parent', async () => {
    const t = creationWorld({}, {});
    const { job } = await createJob(t.deps, creationRequest({ mediaIds: ['med_1', 'med_2'] }));
    const items = [...t.world.rows.values()].filter((j) => j.parentJobId === job.job.id);
    assert.equal(job.job.itemCount, 2);
    assert.deepEqual(
      t.billing.calls.filter((c) => c.startsWith('reserve')),
      items.map((item) => `reserve ${item.id} transcription`),
    );
    assert.deepEqual(t.steps, ['createPending 3', 'admit 3 limit 2']);
  });

  it('holds nothing for a client-local job', async () => {
    const t = creationWorld();
    const request = creationRequest({
      profile: 'base',
      executionMode: 'client_local',
      features: [CLIENT_LOCAL_FEATURE],
    });
    const { job } = await createJob(t.deps, request);
    assert.deepEqual(t.billing.calls, ['getProfile usr_1']);
    assert.deepEqual(
      [job.job.executionMode, job.job.billingState, job.queueReason],
      ['client_local', 'none', 'waiting_for_device'],
    );
  });

  it('pins a caption burn’s transcript and holds the caption-burn rate', async () => {
    const t = creationWorld();
    const transcript = t.artifacts.add('usr_1');
    const { job } = await createJob(t.deps, creationRequest({ type: 'caption_burn', options: jobOptionsFromView({}) }));
    assert.deepEqual(JSON.parse(job.job.optionsJson).caption_burn.transcript_artifact_id, transcript.artifactId);
    assert.ok(t.billing.calls.includes(`reserve ${job.job.id} caption_burn`));
  });

  it('goes on with the limit recorded before when billing does not tell the plan’s', async () => {
    const t = creationWorld();
    t.billing.refuse('getProfile', new AppError('service_unavailable'));
    await createJob(t.deps, creationRequest());
    assert.deepEqual(t.steps, ['createPending 1', 'admit 1 limit null']);
    assert.equal(t.world.logged('plan limit unknown; the one recorded before applies').length, 1);
  });

  it('refuses a request that fails its checks before anything is read or written', async () => {
    const t = creationWorld();
    const refusals: [Partial<CreateJobInput>, string, RegExp][] = [
      [{ profile: 'nope' }, 'validation_error', /^Unknown profile "nope"\.$/],
      [{ webhookId: 'whk_01jdq2v3w4x5y6z7a8b9c0d1e2' }, 'validation_error', /webhook_id/],
      [
        { options: jobOptionsFromView({ language: 'auto', output_format: 'vtt' }) },
        'validation_error',
        /output_format/,
      ],
      [{ profile: 'base', executionMode: 'client_local' }, 'feature_required', /./],
      [{ type: 'caption_burn', mediaIds: ['med_1', 'med_2'] }, 'validation_error', /not a batch/],
    ];
    for (const [fields, code, message] of refusals)
      await assert.rejects(createJob(t.deps, creationRequest(fields)), { code, message }, JSON.stringify(fields));
    assert.deepEqual([t.steps, t.billing.calls], [[], []]);
  });
});

describe('createJob with an Idempotency-Key', () => {
  it('replays the admitted job of the first request with the key, creating nothing', async () => {
    const t = creationWorld();
    const request = creationRequest({ idempotencyKey: 'k-1' });
    const first = await createJob(t.deps, request);
    const again = await createJob(t.deps, request);
    assert.deepEqual([again.replayed, again.job.job.id], [true, first.job.job.id]);
    assert.deepEqual(t.steps, ['createPending 1', 'admit 1 limit 2']);
    await assert.rejects(createJob(t.deps, { ...request, profile: 'base' }), { code: 'idempotency_conflict' });
  });

  it('answers the job of a concurrent request that stored the key first', async () => {
    const t = creationWorld();
    const winner = t.world.put(aJob());
    const createPending = t.creation.createPending;
    t.creation.createPending = async () => {
      t.idempotency.take('usr_1', 'k-1', fingerprint, winner.id);
      t.creation.createPending = createPending;
      throw Object.assign(new Error('duplicate key'), { code: 'P2002' });
    };
    const answer = await createJob(t.deps, creationRequest({ idempotencyKey: 'k-1', requestFingerprint: fingerprint }));
    assert.deepEqual([answer.replayed, answer.job.job.id], [true, winner.id]);
    assert.deepEqual(
      t.billing.calls.filter((c) => c.startsWith('reserve')),
      [],
    );
  });

  it('gives up after three duplicate keys, and at once without a key', async () => {
    const keyed = creationWorld();
    keyed.behaviour.duplicateKeys = 3;
    await assert.rejects(createJob(keyed.deps, creationRequest({ idempotencyKey: 'k-1' })), { code: 'P2002' });
    assert.equal(keyed.steps.length, 3);
    const plain = creationWorld();
    plain.behaviour.duplicateKeys = 1;
    await assert.rejects(createJob(plain.deps, creationRequest()), { code: 'P2002' });
    assert.deepEqual(plain.steps, ['createPending 1']);
  });
});

describe('createJob of media that cannot be transcribed', () => {
  it('answers not_found naming an unknown or another user’s media', async () => {
    const t = creationWorld();
    for (const request of [creationRequest({ mediaIds: ['med_nope'] }), creationRequest({ userId: 'usr_2' })])
      await assert.rejects(createJob(t.deps, request), (err: AppError) => {
        assert.equal(err.code, 'not_found');
        assert.match(err.message, new RegExp(`The media ${request.mediaIds[0]} was not found.`));
        assert.deepEqual(err.details, { media_id: request.mediaIds[0] });
        return true;
      });
    assert.deepEqual(t.steps, []);
  });

  it('refuses a media not verified yet (media_not_ready), and one that failed verification for what was wrong', async () => {
    const t = creationWorld(
      { status: 'awaiting_upload' },
      { status: 'failed', failureCode: 'media_unplayable', failureMessage: 'No audio.' },
    );
    await assert.rejects(createJob(t.deps, creationRequest()), {
      code: 'media_not_ready',
      message: 'The media med_1 is awaiting upload, not ready; wait until it is verified.',
      details: { media_id: 'med_1', media_status: 'awaiting_upload' },
    });
    await assert.rejects(createJob(t.deps, creationRequest({ mediaIds: ['med_2'] })), {
      code: 'media_unplayable',
      message: 'No audio.',
      details: { media_id: 'med_2' },
    });
    assert.deepEqual(t.steps, []);
  });

  it('passes media’s other failures on', async () => {
    const t = creationWorld();
    t.media.client.getMedia = async () => {
      throw new AppError('service_unavailable');
    };
    await assert.rejects(createJob(t.deps, creationRequest()), { code: 'service_unavailable' });
  });
});
