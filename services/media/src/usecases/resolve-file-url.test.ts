import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUploadForm } from './create-upload-form.ts';
import { getFileUrl } from './get-file-url.ts';
import { resolveFileUrl } from './resolve-file-url.ts';
import { CLIENT_URL_PREFIX } from './testing/fake-objects.ts';
import { mediaWorld, OTHER_USER, seedUploadSession, USER } from './testing/fixtures.ts';

/** A form upload of USER (nothing posted yet) and its file URL. */
async function formUpload() {
  const world = mediaWorld();
  const form = await createUploadForm(world.deps, {
    userId: USER,
    fileName: 'memo.m4a',
    contentType: 'audio/mp4',
    userAgent: '',
  });
  const media = world.fake.get(form.mediaId)!;
  const resolve = (url = form.fileUrl, userId = USER) =>
    resolveFileUrl(world.deps, { userId, url, waitMs: 0, deadline: undefined });
  return { ...world, form, media, resolve };
}

describe('resolveFileUrl: a form upload', () => {
  it('admits the posted file on first use and answers it as a file URL', async () => {
    const { form, media, storage, fake, resolve, deps } = await formUpload();
    assert.equal(form.fields.key, media.storageKey);
    assert.equal(form.maxSizeBytes, deps.formMaxBytes);
    storage.put(media.storageKey, 1000, 'audio/mp4');
    const resolved = await resolve();
    assert.equal(resolved.isFileUrl && resolved.outcome.kind, 'pending');
    assert.deepEqual([fake.get(media.id)?.status, fake.get(media.id)?.source], ['verifying', 'upload_form']);
  });

  it('answers upload_incomplete, pointing at the form, while nothing is posted', async () => {
    const { resolve, media } = await formUpload();
    await assert.rejects(resolve(), {
      code: 'upload_incomplete',
      message: /POST the file to the upload form first/,
      details: { media_id: media.id },
    });
  });

  it('refuses a file over the form limit (and removes it), and a form never used in time', async () => {
    const oversized = await formUpload();
    oversized.storage.put(oversized.media.storageKey, oversized.deps.formMaxBytes + 1, 'audio/mp4');
    await assert.rejects(oversized.resolve(), { code: 'media_too_large' });
    assert.equal(oversized.storage.stored.has(oversized.media.storageKey), false);
    const late = await formUpload();
    late.storage.put(late.media.storageKey, 1000, 'audio/mp4');
    late.clock.advance(86_400_000);
    await assert.rejects(late.resolve(), { code: 'upload_session_expired' });
  });
});

describe('resolveFileUrl: which URLs are file URLs', () => {
  it('tells a URL outside the bucket apart: the caller imports it instead', async () => {
    const { resolve } = await formUpload();
    assert.deepEqual(await resolve('https://example.com/talk.wav'), { isFileUrl: false });
  });

  it("is not_found for another user's media, an unknown one and any other object of the bucket", async () => {
    const { resolve, media } = await formUpload();
    for (const url of [
      `${CLIENT_URL_PREFIX}users/${USER}/media/med_none/a.wav`,
      `${CLIENT_URL_PREFIX}users/${USER}/media/${media.id}/other-name.m4a`,
      `${CLIENT_URL_PREFIX}users/${USER}/uploads/a.wav`,
    ])
      await assert.rejects(resolve(url), { code: 'not_found' });
    await assert.rejects(resolve(undefined, OTHER_USER), { code: 'not_found' });
  });

  it('answers any media by its file URL as verification has it; only a form upload is admitted', async () => {
    const world = mediaWorld();
    const ready = world.fake.seed({ id: 'med_1', userId: USER, status: 'ready' });
    const session = seedUploadSession(world, { id: 'med_2' });
    world.storage.put(session.storageKey, 1000);
    const urlOf = async (mediaId: string) =>
      (await getFileUrl(world.deps, { userId: USER, mediaId, ttlSeconds: 0 })).url;
    const resolve = async (mediaId: string) =>
      resolveFileUrl(world.deps, { userId: USER, url: await urlOf(mediaId), waitMs: 0, deadline: undefined });
    const resolved = await resolve(ready.id);
    assert.equal(resolved.isFileUrl && resolved.outcome.kind, 'ready');
    await assert.rejects(resolve(session.id), { code: 'upload_incomplete' });
    assert.equal(world.fake.get(session.id)?.status, 'awaiting_upload');
  });
});
