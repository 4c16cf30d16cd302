import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { abortDirectUpload } from './abort-direct-upload.ts';
import { newDirectUpload, newSession } from './testing/fake-store.ts';
import { mediaWorld, OTHER_USER, USER } from './testing/fixtures.ts';

function withDirectUpload(completedAt: Date | null = null, idempotencyKey: string | null = null) {
  const world = mediaWorld();
  const media = world.fake.seed({
    id: 'med_1',
    userId: USER,
    source: 'direct_upload',
    directUpload: newDirectUpload({ mediaId: 'med_1', s3UploadId: 'mpu_1', completedAt, idempotencyKey }),
  });
  return { ...world, media };
}

describe('abortDirectUpload', () => {
  it('aborts the multipart upload, deletes the object and the media, and fails it as upload_incomplete', async () => {
    const { deps, fake, storage, clock, media } = withDirectUpload();
    await abortDirectUpload(deps, { userId: USER, mediaId: media.id });
    assert.deepEqual(storage.changes, [`abort ${media.storageKey} mpu_1`, `delete ${media.storageKey}`]);
    const row = fake.get(media.id)!;
    assert.deepEqual(
      [row.status, row.failureCode, row.deletedAt, row.liveKey, row.directUpload?.abortedAt],
      ['failed', 'upload_incomplete', clock.now(), null, clock.now()],
    );
  });

  it('gives its Idempotency-Key back, even when the abort stops half-way, so a retry uploads again', async () => {
    const { deps, fake, storage, media } = withDirectUpload(null, 'key-1');
    storage.fail('abortMultipart');
    await assert.rejects(abortDirectUpload(deps, { userId: USER, mediaId: media.id }));
    assert.equal(fake.get(media.id)?.directUpload?.idempotencyKey, null);
  });

  it('keeps the key of a finished upload: its answer is replayed', async () => {
    const { deps, fake, media } = withDirectUpload(new Date(), 'key-1');
    await assert.rejects(abortDirectUpload(deps, { userId: USER, mediaId: media.id }), { code: 'conflict' });
    assert.equal(fake.get(media.id)?.directUpload?.idempotencyKey, 'key-1');
  });

  it("is not_found for another user's media, and for a media that is no direct upload", async () => {
    const { deps, fake, storage, media } = withDirectUpload();
    await assert.rejects(abortDirectUpload(deps, { userId: OTHER_USER, mediaId: media.id }), { code: 'not_found' });
    fake.seed({
      id: 'med_2',
      userId: USER,
      uploadSession: newSession({ id: 'upl_2', mediaId: 'med_2', userId: USER }),
    });
    await assert.rejects(abortDirectUpload(deps, { userId: USER, mediaId: 'med_2' }), { code: 'not_found' });
    assert.deepEqual(storage.changes, []);
  });

  it('refuses a finished upload with conflict, leaving it alone', async () => {
    const { deps, fake, storage, media } = withDirectUpload(new Date());
    await assert.rejects(abortDirectUpload(deps, { userId: USER, mediaId: media.id }), {
      code: 'conflict',
      message: /delete the media instead/,
    });
    assert.deepEqual([fake.get(media.id)?.deletedAt, storage.changes], [null, []]);
  });
});
