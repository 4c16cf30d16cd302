import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findUserMedia, openDirectUpload } from './media-access.ts';
import { newDirectUpload, newRecord } from './testing/fake-store.ts';
import { mediaWorld, OTHER_USER, USER } from './testing/fixtures.ts';

describe('findUserMedia', () => {
  it("answers the user's media, and not_found for another user's, a deleted or an unknown one", async () => {
    const { fake } = mediaWorld();
    fake.seed({ id: 'med_1', userId: USER });
    fake.seed({ id: 'med_gone', userId: USER, deletedAt: new Date() });
    assert.equal((await findUserMedia(fake.store, USER, 'med_1')).id, 'med_1');
    for (const [userId, mediaId] of [
      [OTHER_USER, 'med_1'],
      [USER, 'med_gone'],
      [USER, 'med_none'],
    ] as const) {
      await assert.rejects(findUserMedia(fake.store, userId, mediaId), { code: 'not_found' });
    }
  });

  it('refuses a malformed user id before reading', async () => {
    const { fake } = mediaWorld();
    await assert.rejects(findUserMedia(fake.store, '../usr', 'med_1'), { code: 'bad_request' });
  });
});

describe('openDirectUpload', () => {
  const at = new Date('2030-01-01T12:00:00Z');
  const ttlMs = 3_600_000;
  const direct = (createdAgoMs: number) =>
    newDirectUpload({ mediaId: 'med_1', createdAt: new Date(at.getTime() - createdAgoMs) });

  it('answers the direct upload while it is open', () => {
    const media = newRecord({ id: 'med_1', userId: USER, directUpload: direct(ttlMs - 1) });
    assert.equal(openDirectUpload(media, at, ttlMs).mediaId, 'med_1');
  });

  it('is not_found for a media without a direct upload', () => {
    assert.throws(() => openDirectUpload(newRecord({ id: 'med_1', userId: USER }), at, ttlMs), { code: 'not_found' });
  });

  it('is upload_session_expired once expired, or awaiting its parts past the session TTL', () => {
    const expired = newRecord({ id: 'med_1', userId: USER, status: 'expired', directUpload: direct(0) });
    const late = newRecord({ id: 'med_1', userId: USER, directUpload: direct(ttlMs) });
    for (const media of [expired, late])
      assert.throws(() => openDirectUpload(media, at, ttlMs), {
        code: 'upload_session_expired',
        details: { media_id: 'med_1' },
      });
  });

  it('lets a finished upload past the TTL through (its finalize is answered, not refused)', () => {
    const verifying = newRecord({ id: 'med_1', userId: USER, status: 'verifying', directUpload: direct(2 * ttlMs) });
    assert.equal(openDirectUpload(verifying, at, ttlMs).mediaId, 'med_1');
  });
});
