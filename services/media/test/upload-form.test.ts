import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CreateUploadFormResponse } from '@tp/proto';
import type pg from 'pg';
import { mediaRow, mediaSuite, newUser } from './suite.ts';
import {
  type InProcessService,
  type Infra,
  keyOf,
  type MediaClient,
  type MediaFiles,
  objectExists,
  putObject,
} from './support.ts';

const FORM_MAX_BYTES = 300_000;
let infra: Infra;
let files: MediaFiles;
let media: MediaClient;
let main: InProcessService;
let db: pg.Client;
mediaSuite({ env: async () => ({ MEDIA_FORM_MAX_BYTES: String(FORM_MAX_BYTES) }) }, (s) => {
  ({ infra, files, media, main, db } = s);
});

const formRequest = (userId: string, contentType = 'audio/wav', fileName = 'tone.wav') => ({
  userId,
  fileName,
  contentType,
  userAgent: 'media-test/1.0',
});

/** Posts the form as a browser does: its fields in order, then the file. */
async function postForm(form: CreateUploadFormResponse, body: Uint8Array, fields: Record<string, string> = {}) {
  const data = new FormData();
  for (const [name, value] of Object.entries({ ...form.fields, ...fields })) data.append(name, value);
  data.append('file', new Blob([body]), 'upload.bin');
  const res = await fetch(form.url, { method: 'POST', body: data });
  return { status: res.status, text: await res.text() };
}

const resolve = (userId: string, url: string) => media.resolveFileUrl({ userId, url, waitMs: 20_000 });

describe('upload forms', () => {
  it('answers a form for the exact key and a file URL; the posted file resolves to a ready media', async () => {
    const userId = newUser();
    const before = Date.now();
    const form = await media.createUploadForm(formRequest(userId));
    assert.equal(form.maxSizeBytes, FORM_MAX_BYTES);
    assert.ok(Math.abs(form.expiresAt!.getTime() - (before + 3600_000)) < 5000, 'valid 60 minutes');
    assert.ok(Math.abs(form.fileUrlExpiresAt!.getTime() - (before + 86_400_000)) < 5000, 'file URL valid 24 hours');
    assert.equal(form.fields.key, keyOf(form.fileUrl));
    assert.equal(form.fields['Content-Type'], 'audio/wav');
    const row = await mediaRow(db, form.mediaId);
    assert.deepEqual([row.status, row.source], ['awaiting_upload', 'upload_form']);

    assert.equal((await postForm(form, files.tone)).status, 204);
    const resolved = await resolve(userId, form.fileUrl);
    assert.equal(resolved.isFileUrl, true);
    const ready = resolved.outcome!.media!;
    assert.deepEqual([ready.mediaId, ready.status, ready.source], [form.mediaId, 'ready', 'upload_form']);
    assert.equal(ready.sizeBytes, files.tone.length);
    // Again, and through a fresh file URL (signature or none): the same media.
    assert.equal((await resolve(userId, form.fileUrl.split('?')[0]!)).outcome!.media!.status, 'ready');
    const fresh = await media.getFileUrl({ userId, mediaId: form.mediaId, ttlSeconds: 120 });
    assert.equal((await resolve(userId, fresh.url)).outcome!.mediaId, form.mediaId);
    const got = await fetch(fresh.url);
    assert.equal(got.status, 200);
    assert.ok(Buffer.from(await got.arrayBuffer()).equals(files.tone));
  });

  it('storage refuses a file beyond the form limit, another type or an altered key; nothing is stored', async () => {
    const userId = newUser();
    const form = await media.createUploadForm(formRequest(userId));
    const large = await postForm(form, files.long);
    assert.equal(large.status, 400);
    assert.match(large.text, /EntityTooLarge/);
    assert.equal((await postForm(form, files.tone, { 'Content-Type': 'audio/mpeg' })).status, 403);
    const otherKey = form.fields.key!.replace(form.mediaId, `${form.mediaId}x`);
    assert.equal((await postForm(form, files.tone, { key: otherKey })).status, 403);
    assert.equal(await objectExists(infra, form.fields.key!), false);
    assert.equal(await objectExists(infra, otherKey), false);
    await assert.rejects(resolve(userId, form.fileUrl), { code: 'upload_incomplete', message: /POST the file/ });
  });

  it('refuses a bad file name or type, and a media type that is not audio or video', async () => {
    const userId = newUser();
    await assert.rejects(media.createUploadForm(formRequest(userId, 'text/html')), { code: 'bad_request' });
    await assert.rejects(media.createUploadForm(formRequest(userId, 'audio/wav', '')), { code: 'bad_request' });
    await assert.rejects(media.createUploadForm(formRequest('bad/user')), { code: 'bad_request' });
  });
});

describe('resolving file URLs', () => {
  it('tells a foreign URL apart, and answers not_found for any other object of the bucket', async () => {
    const userId = newUser();
    const form = await media.createUploadForm(formRequest(userId));
    assert.deepEqual(await resolve(userId, 'https://example.com/talk.wav'), { isFileUrl: false, outcome: undefined });
    assert.equal((await resolve(userId, 'not a url')).isFileUrl, false);
    const stranger = newUser();
    await assert.rejects(resolve(stranger, form.fileUrl), { code: 'not_found' });
    const unknown = form.fileUrl.replace(form.mediaId, 'med_unknown');
    await assert.rejects(resolve(userId, unknown), { code: 'not_found' });
    const renamed = form.fileUrl.replace('/tone.wav', '/other.wav');
    await assert.rejects(resolve(userId, renamed), { code: 'not_found' });
    const prefix = form.fileUrl.slice(0, form.fileUrl.indexOf('users/'));
    await assert.rejects(resolve(userId, `${prefix}users/${userId}/exports/a.srt`), { code: 'not_found' });
  });

  it('refuses what verification refuses, with the same code every time', async () => {
    const userId = newUser();
    const noise = await media.createUploadForm(formRequest(userId));
    assert.equal((await postForm(noise, Buffer.from('this is not audio at all'))).status, 204);
    await assert.rejects(resolve(userId, noise.fileUrl), { code: 'media_unplayable' });
    await assert.rejects(resolve(userId, noise.fileUrl), { code: 'media_unplayable' });
    assert.equal(await objectExists(infra, noise.fields.key!), false);

    const silent = await media.createUploadForm(formRequest(userId, 'video/mp4', 'silent.mp4'));
    assert.equal((await postForm(silent, files.silentVideo)).status, 204);
    await assert.rejects(resolve(userId, silent.fileUrl), { code: 'media_no_audio' });
  });

  it('refuses (and deletes) an object larger than the form limit, and a form never used in time', async () => {
    const userId = newUser();
    const form = await media.createUploadForm(formRequest(userId));
    // Storage enforces the limit; should an object be there anyway, it is refused.
    await putObject(infra, form.fields.key!, files.long, 'audio/wav');
    await assert.rejects(resolve(userId, form.fileUrl), { code: 'media_too_large' });
    assert.equal(await objectExists(infra, form.fields.key!), false);
    assert.equal((await mediaRow(db, form.mediaId)).failure_code, 'media_too_large');

    const late = await media.createUploadForm(formRequest(userId));
    assert.equal((await postForm(late, files.tone)).status, 204);
    const sweep = await main.service.sweepExpired(new Date(Date.now() + 86_400_000 + 60_000));
    assert.ok(sweep.expired >= 1);
    await assert.rejects(resolve(userId, late.fileUrl), { code: 'upload_session_expired' });
    assert.equal(await objectExists(infra, late.fields.key!), false);
  });
});

describe('file URLs', () => {
  it('are read URLs of the media object, whatever its status, valid as long as asked', async () => {
    const userId = newUser();
    const form = await media.createUploadForm(formRequest(userId));
    const before = Date.now();
    const file = await media.getFileUrl({ userId, mediaId: form.mediaId, ttlSeconds: 0 });
    assert.ok(Math.abs(file.expiresAt!.getTime() - (before + 86_400_000)) < 5000);
    assert.equal(new URL(file.url).searchParams.get('X-Amz-Expires'), '86400');
    assert.equal(keyOf(file.url), form.fields.key);
    assert.equal((await fetch(file.url)).status, 404, 'nothing uploaded yet');
    await assert.rejects(media.getFileUrl({ userId, mediaId: form.mediaId, ttlSeconds: 59 }), { code: 'bad_request' });
    await assert.rejects(media.getFileUrl({ userId, mediaId: form.mediaId, ttlSeconds: 86_401 }), {
      code: 'bad_request',
    });
    await assert.rejects(media.getFileUrl({ userId: newUser(), mediaId: form.mediaId, ttlSeconds: 0 }), {
      code: 'not_found',
    });
  });
});
