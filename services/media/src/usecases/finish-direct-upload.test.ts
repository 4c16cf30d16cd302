import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { finishDirectUpload } from './finish-direct-upload.ts';
import { startDirectUpload } from './start-direct-upload.ts';
import { MAX_BYTES, mediaWorld, USER } from './testing/fixtures.ts';

const PARTS = [
  { partNumber: 1, etag: '"a"' },
  { partNumber: 2, etag: '"b"' },
];

/** A direct upload whose parts hold `sizeBytes`. */
async function uploaded(sizeBytes: number) {
  const world = mediaWorld();
  const { mediaId } = await startDirectUpload(world.deps, {
    userId: USER,
    fileName: 'talk.wav',
    contentType: 'audio/wav',
    workspaceId: '',
    userAgent: '',
  });
  const media = world.fake.get(mediaId)!;
  world.storage.uploadParts(media.directUpload!.s3UploadId, sizeBytes);
  const finish = (parts = PARTS) =>
    finishDirectUpload(world.deps, { userId: USER, mediaId, parts, waitMs: 0, deadline: undefined });
  return { ...world, media, finish };
}

describe('finishDirectUpload', () => {
  it('assembles the object, admits it and answers pending while it is verified; a retry answers the same', async () => {
    const { fake, media, storage, finish } = await uploaded(2000);
    assert.equal((await finish()).kind, 'pending');
    assert.deepEqual(storage.stored.get(media.storageKey)?.sizeBytes, 2000);
    assert.equal(fake.get(media.id)?.status, 'verifying');
    assert.equal((await finish()).kind, 'pending');
    assert.equal(fake.outbox.length, 1);
  });

  it('refuses a bad part list before storage is asked', async () => {
    const { finish, storage } = await uploaded(2000);
    for (const parts of [[], [PARTS[1]!, PARTS[0]!], [{ partNumber: 1, etag: ' ' }]])
      await assert.rejects(finish(parts), { code: 'bad_request' });
    assert.equal(storage.multipart.size, 1);
  });

  it('passes on what storage refuses in the parts, naming the media', async () => {
    const { finish, storage, media } = await uploaded(2000);
    storage.completeWith({ ok: false, code: 'bad_request', message: 'Storage refused the parts: InvalidPart.' });
    await assert.rejects(finish(), { code: 'bad_request', message: /InvalidPart/, details: { media_id: media.id } });
  });

  it('goes on when the upload is gone but its object is there (a completion whose answer was lost)', async () => {
    const { finish, storage, media, fake } = await uploaded(2000);
    storage.put(media.storageKey, 2000);
    storage.completeWith({ ok: false, code: 'upload_incomplete', message: 'gone' });
    assert.equal((await finish()).kind, 'pending');
    assert.equal(fake.get(media.id)?.status, 'verifying');
  });

  it('answers upload_incomplete when the upload is gone and nothing was assembled', async () => {
    const { finish, storage } = await uploaded(2000);
    storage.completeWith({ ok: false, code: 'upload_incomplete', message: 'gone' });
    await assert.rejects(finish(), { code: 'upload_incomplete' });
  });

  it('refuses an assembled object over the largest file and removes it', async () => {
    const { finish, storage, media, fake } = await uploaded(MAX_BYTES + 1);
    await assert.rejects(finish(), { code: 'media_too_large' });
    assert.deepEqual([storage.stored.has(media.storageKey), fake.get(media.id)?.status], [false, 'failed']);
  });
});
