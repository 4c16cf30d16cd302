import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { finalizeToken } from '../domain/finalize-tokens.ts';
import { completeUpload } from './complete-upload.ts';
import { newDirectUpload } from './testing/fake-store.ts';
import { mediaWorld, OTHER_USER, seedUploadSession, TOKEN_SECRET, USER } from './testing/fixtures.ts';

const tokenOf = (sessionId: string) => finalizeToken(TOKEN_SECRET, sessionId);
const input = (mediaId: string, token: string) => ({
  userId: USER,
  mediaId,
  finalizeToken: token,
  waitMs: 0,
  deadline: undefined,
});

describe('completeUpload', () => {
  it('admits the uploaded object and answers pending while it is verified', async () => {
    const world = mediaWorld();
    const media = seedUploadSession(world);
    world.storage.put(media.storageKey, 1000);
    const outcome = await completeUpload(world.deps, input(media.id, tokenOf('upl_med_1')));
    assert.equal(outcome.kind, 'pending');
    assert.equal(world.fake.get(media.id)?.status, 'verifying');
  });

  it('answers a retry from the media as it is, without admitting it again', async () => {
    const world = mediaWorld();
    const media = seedUploadSession(world, { status: 'ready' });
    const outcome = await completeUpload(world.deps, input(media.id, tokenOf('upl_med_1')));
    assert.equal(outcome.kind, 'ready');
    assert.deepEqual(world.fake.outbox, []);
  });

  it('refuses the token of another session, and a media without a session, with invalid_finalize_token', async () => {
    const world = mediaWorld();
    const media = seedUploadSession(world);
    seedUploadSession(world, { id: 'med_2' });
    world.fake.seed({ id: 'med_3', userId: USER, directUpload: newDirectUpload({ mediaId: 'med_3' }) });
    for (const [mediaId, token] of [
      [media.id, tokenOf('upl_med_2')],
      [media.id, ''],
      ['med_3', tokenOf('upl_med_3')],
    ] as const)
      await assert.rejects(completeUpload(world.deps, input(mediaId, token)), { code: 'invalid_finalize_token' });
    assert.equal(world.fake.get(media.id)?.status, 'awaiting_upload');
  });

  it('refuses a session past its expiry with upload_session_expired, even with its object uploaded', async () => {
    const world = mediaWorld();
    const media = seedUploadSession(world);
    world.storage.put(media.storageKey, 1000);
    world.clock.advance(3_600_000);
    await assert.rejects(completeUpload(world.deps, input(media.id, tokenOf('upl_med_1'))), {
      code: 'upload_session_expired',
      details: { media_id: media.id },
    });
    assert.equal(world.fake.get(media.id)?.status, 'awaiting_upload');
  });

  it("is not_found for another user's media, whatever the token", async () => {
    const world = mediaWorld();
    const media = seedUploadSession(world);
    await assert.rejects(completeUpload(world.deps, { ...input(media.id, tokenOf('upl_med_1')), userId: OTHER_USER }), {
      code: 'not_found',
    });
  });
});
