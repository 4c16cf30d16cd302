import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { awaitVerification } from './await-verification.ts';
import { newVerification } from './testing/fake-store.ts';
import { mediaWorld, OTHER_USER, USER } from './testing/fixtures.ts';

const NO_WAIT = { waitMs: 0, deadline: undefined };

describe('awaitVerification: a settled media', () => {
  it('answers a ready media', async () => {
    const { deps, fake } = mediaWorld();
    fake.seed({ id: 'med_1', userId: USER, status: 'ready' });
    const outcome = await awaitVerification(deps, USER, 'med_1', NO_WAIT);
    assert.equal(outcome.kind === 'ready' && outcome.media.id, 'med_1');
  });

  it('answers a failed media with its stored code and message; an unknown code is media_unplayable', async () => {
    const { deps, fake } = mediaWorld();
    fake.seed({
      id: 'med_1',
      userId: USER,
      status: 'failed',
      failureCode: 'media_no_audio',
      failureMessage: 'No audio.',
    });
    fake.seed({ id: 'med_2', userId: USER, status: 'failed', failureCode: 'no_such_code', failureMessage: null });
    await assert.rejects(awaitVerification(deps, USER, 'med_1', NO_WAIT), {
      code: 'media_no_audio',
      message: 'No audio.',
      details: { media_id: 'med_1' },
    });
    await assert.rejects(awaitVerification(deps, USER, 'med_2', NO_WAIT), { code: 'media_unplayable' });
  });

  it('answers upload_session_expired for an expired media and upload_incomplete for one never uploaded', async () => {
    const { deps, fake } = mediaWorld();
    fake.seed({ id: 'med_1', userId: USER, status: 'expired' });
    fake.seed({ id: 'med_2', userId: USER, status: 'awaiting_upload' });
    await assert.rejects(awaitVerification(deps, USER, 'med_1', NO_WAIT), { code: 'upload_session_expired' });
    await assert.rejects(awaitVerification(deps, USER, 'med_2', NO_WAIT), { code: 'upload_incomplete' });
  });

  it("is not_found for another user's media", async () => {
    const { deps, fake } = mediaWorld();
    fake.seed({ id: 'med_1', userId: USER, status: 'ready' });
    await assert.rejects(awaitVerification(deps, OTHER_USER, 'med_1', NO_WAIT), { code: 'not_found' });
  });
});

describe('awaitVerification: a media still verifying', () => {
  const verifying = (sizeBytes: bigint) => {
    const world = mediaWorld();
    world.fake.seed({
      id: 'med_1',
      userId: USER,
      status: 'verifying',
      sizeBytes,
      verification: newVerification({ id: 'vrf_1', mediaId: 'med_1' }),
    });
    return world;
  };

  it('answers pending with its verification and a retry hint by size once the wait is spent', async () => {
    const { deps } = verifying(350n * 1024n * 1024n);
    assert.deepEqual(await awaitVerification(deps, USER, 'med_1', NO_WAIT), {
      kind: 'pending',
      mediaId: 'med_1',
      verificationId: 'vrf_1',
      retryAfterSeconds: 4,
    });
  });

  it('answers pending at once when the caller’s deadline leaves no time, whatever the wait asked', async () => {
    const { deps } = verifying(10n);
    const outcome = await awaitVerification(deps, USER, 'med_1', { waitMs: 20_000, deadline: new Date() });
    assert.equal(outcome.kind, 'pending');
  });

  it('answers the media once its verification settles while the call waits', async () => {
    const { deps, fake } = verifying(10n);
    const wait = deps.settled.wait;
    const waited: string[] = [];
    deps.settled.wait = (mediaId, ms) => {
      waited.push(mediaId);
      fake.seed({ ...fake.get(mediaId)!, status: 'ready' });
      return wait(mediaId, ms);
    };
    const outcome = await awaitVerification(deps, USER, 'med_1', { waitMs: 20_000, deadline: undefined });
    assert.deepEqual([outcome.kind, waited], ['ready', ['med_1']]);
  });
});
