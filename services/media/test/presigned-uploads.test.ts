// What only the real object store proves about the ways in: the signatures of PUT URLs and POST
// forms (a changed key, type or size is refused by storage), multipart uploads assembled from
// parts, and an Idempotency-Key replayed from PostgreSQL with a URL signed afresh.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CreateUploadFormResponse } from '@tp/proto';
import type pg from 'pg';
import { mediaRow, mediaSuite, newUser, sessionRequest } from './suite.ts';
import {
  directUploadRequest,
  eventually,
  finalize,
  type Infra,
  keyOf,
  type MediaClient,
  type MediaFiles,
  objectExists,
  put,
  signedAtOf,
} from './support.ts';

const FORM_MAX_BYTES = 300_000;
let infra: Infra;
let files: MediaFiles;
let media: MediaClient;
let db: pg.Client;
mediaSuite({ env: async () => ({ MEDIA_FORM_MAX_BYTES: String(FORM_MAX_BYTES) }) }, (s) => {
  ({ infra, files, media, db } = s);
});

describe('storage refuses a tampered upload URL', () => {
  it('a changed key, signature, expiry or Content-Type is refused; nothing is stored', async () => {
    const userId = newUser();
    const session = await media.createUploadSession(sessionRequest(userId));
    const url = new URL(session.uploadUrl);
    const changed = (change: (u: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return copy.toString();
    };
    const signature = url.searchParams.get('X-Amz-Signature')!;
    for (const tampered of [
      changed((u) => void (u.pathname = url.pathname.replace(session.mediaId, `${session.mediaId}x`))),
      changed((u) => void (u.pathname = url.pathname.replace(`users/${userId}/`, 'users/usr_victim/'))),
      changed((u) => u.searchParams.set('X-Amz-Signature', (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1))),
      changed((u) => u.searchParams.set('X-Amz-Expires', '604800')),
    ]) {
      const res = await put(tampered, files.tone, 'audio/wav');
      assert.equal(res.status, 403, await res.text());
    }
    const byType = await put(session.uploadUrl, files.tone, 'text/html');
    assert.equal(byType.status, 403);
    assert.match(await byType.text(), /SignatureDoesNotMatch/);
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), false);
    await assert.rejects(finalize(media, userId, session), { code: 'upload_incomplete' });
    assert.equal((await put(session.uploadUrl, files.tone, 'audio/wav')).status, 200, 'the untouched URL still works');
  });
});

describe('Idempotency-Key', () => {
  it('replays the same session signed afresh, for any number of concurrent requests, until 24 h have passed', async () => {
    const userId = newUser();
    const request = sessionRequest(userId, { idempotencyKey: 'key-1' });
    const answers = await Promise.all(Array.from({ length: 4 }, () => media.createUploadSession(request)));
    assert.equal(new Set(answers.map((a) => a.mediaId)).size, 1);
    assert.equal(answers.filter((a) => !a.replayed).length, 1);
    const [first] = answers;
    // Signatures carry whole seconds: once the clock is past the first one's, a new signature differs.
    await eventually('another signing second', () => Date.now() >= signedAtOf(first!.uploadUrl) + 1000);
    const again = await media.createUploadSession({ ...request, userAgent: 'another client' });
    assert.deepEqual(
      [again.mediaId, again.finalizeToken, again.replayed],
      [first!.mediaId, first!.finalizeToken, true],
    );
    assert.notEqual(again.uploadUrl, first!.uploadUrl, 'signed again');
    assert.equal((await put(again.uploadUrl, files.tone, 'audio/wav')).status, 200);
    assert.equal((await finalize(media, userId, first!)).media!.status, 'ready');

    await db.query(
      `UPDATE media.upload_sessions SET created_at = now() - interval '24 hours 1 second' WHERE media_id = $1`,
      [first!.mediaId],
    );
    const fresh = await media.createUploadSession(request);
    assert.notEqual(fresh.mediaId, first!.mediaId);
    assert.equal(fresh.replayed, false);
  });
});

const startRequest = directUploadRequest;

async function putParts(mediaId: string, userId: string, bytes: Buffer, partSize: number) {
  const parts = [];
  for (let offset = 0, partNumber = 1; offset < bytes.length; offset += partSize, partNumber += 1) {
    const { url } = await media.signUploadPart({ userId, mediaId, partNumber });
    const res = await fetch(url, { method: 'PUT', body: bytes.subarray(offset, offset + partSize) });
    assert.equal(res.status, 200, await res.text());
    parts.push({ partNumber, etag: res.headers.get('etag')! });
  }
  return parts;
}

describe('direct (multipart) upload', () => {
  it('uploads a file of four parts, assembled by storage, and verifies it', async () => {
    const userId = newUser();
    const started = await media.startDirectUpload(startRequest(userId, 'large.wav'));
    assert.deepEqual([started.partSizeBytes, started.maxParts], [5 * 1024 * 1024, 10_000]);
    const parts = await putParts(started.mediaId, userId, files.large, started.partSizeBytes);
    assert.equal(parts.length, 4);
    const m = (await media.finishDirectUpload({ userId, mediaId: started.mediaId, parts, waitMs: 20_000 })).media!;
    assert.deepEqual([m.status, m.source, m.sizeBytes], ['ready', 'direct_upload', files.large.length]);
    assert.ok(Math.abs(m.durationSeconds - 90) < 0.01);
    assert.equal(await objectExists(infra, `users/${userId}/media/${m.mediaId}/large.wav`), true);
    // Finishing again (its answer lost) answers the same media.
    assert.deepEqual((await media.finishDirectUpload({ userId, mediaId: m.mediaId, parts, waitMs: 0 })).media, m);
  });

  it('abort removes the parts and the media', async () => {
    const userId = newUser();
    const { mediaId } = await media.startDirectUpload(startRequest(userId, 'gone.wav'));
    await putParts(mediaId, userId, files.tone, 5 * 1024 * 1024);
    await media.abortDirectUpload({ userId, mediaId });
    await assert.rejects(media.getMedia({ userId, mediaId, workspaceId: '' }), { code: 'not_found' });
    assert.equal(await objectExists(infra, `users/${userId}/media/${mediaId}/gone.wav`), false);
    const stored = await mediaRow(db, mediaId);
    assert.deepEqual(
      [stored.status, stored.failure_code, stored.deleted_at !== null],
      ['failed', 'upload_incomplete', true],
    );
    const direct = (await db.query('SELECT aborted_at FROM media.direct_uploads WHERE media_id = $1', [mediaId])).rows;
    assert.ok(direct[0]?.aborted_at);
  });

  it('with an Idempotency-Key, concurrent retries start one media; once it is verified, a retry answers it', async () => {
    const userId = newUser();
    const request = startRequest(userId, 'once.wav', 'key-1', 'a'.repeat(64));
    const answers = await Promise.all(Array.from({ length: 4 }, () => media.startDirectUpload(request)));
    assert.equal(new Set(answers.map((a) => a.mediaId)).size, 1);
    const first = answers.find((a) => !a.replay)!;
    // The others were told the first is still uploading.
    assert.deepEqual(
      answers.filter((a) => a.replay).map((a) => a.replay?.pending?.retryAfterSeconds),
      [1, 1, 1],
    );
    const parts = await putParts(first.mediaId, userId, files.tone, first.partSizeBytes);
    await media.finishDirectUpload({ userId, mediaId: first.mediaId, parts, waitMs: 20_000 });
    const replay = (await media.startDirectUpload(request)).replay!;
    assert.deepEqual([replay.mediaId, replay.media?.status], [first.mediaId, 'ready']);
    await assert.rejects(media.startDirectUpload({ ...request, requestHash: 'b'.repeat(64) }), {
      code: 'idempotency_conflict',
    });
    const listed = await media.listMedia({ userId, workspaceId: '', limit: 0 });
    assert.deepEqual(
      listed.media.map((m) => m.mediaId),
      [first.mediaId],
    );
  });

  it('an aborted upload gives its Idempotency-Key back: the retry uploads again', async () => {
    const userId = newUser();
    const request = startRequest(userId, 'retry.wav', 'key-1', 'a'.repeat(64));
    const first = await media.startDirectUpload(request);
    await media.abortDirectUpload({ userId, mediaId: first.mediaId });
    const retry = await media.startDirectUpload(request);
    assert.deepEqual([retry.replay, retry.mediaId !== first.mediaId], [undefined, true]);
  });
});

/** Posts the form as a browser does: its fields in order, then the file. */
async function postForm(form: CreateUploadFormResponse, body: Uint8Array, fields: Record<string, string> = {}) {
  const data = new FormData();
  for (const [name, value] of Object.entries({ ...form.fields, ...fields })) data.append(name, value);
  data.append('file', new Blob([body]), 'upload.bin');
  const res = await fetch(form.url, { method: 'POST', body: data });
  return { status: res.status, text: await res.text() };
}

const formRequest = (userId: string) => ({
  userId,
  fileName: 'tone.wav',
  contentType: 'audio/wav',
  userAgent: '',
  idempotencyKey: '',
});
const resolve = (userId: string, url: string) => media.resolveFileUrl({ userId, url, waitMs: 20_000 });

describe('upload forms', () => {
  it('answer a form for the exact key; the posted file resolves, by any of its file URLs, to a ready media', async () => {
    const userId = newUser();
    const form = await media.createUploadForm(formRequest(userId));
    assert.deepEqual(
      [form.maxSizeBytes, form.fields.key, form.fields['Content-Type']],
      [FORM_MAX_BYTES, keyOf(form.fileUrl), 'audio/wav'],
    );
    assert.equal((await fetch(form.fileUrl)).status, 404, 'nothing posted yet');
    assert.equal((await postForm(form, files.tone)).status, 204);
    const ready = (await resolve(userId, form.fileUrl)).outcome!.media!;
    assert.deepEqual(
      [ready.mediaId, ready.status, ready.source, ready.sizeBytes],
      [form.mediaId, 'ready', 'upload_form', files.tone.length],
    );
    // Again, without a signature and through a fresh file URL: the same media, its bytes readable.
    assert.equal((await resolve(userId, form.fileUrl.split('?')[0]!)).outcome!.media!.status, 'ready');
    const fresh = await media.getFileUrl({ userId, mediaId: form.mediaId, ttlSeconds: 120 });
    assert.equal(new URL(fresh.url).searchParams.get('X-Amz-Expires'), '120');
    assert.equal((await resolve(userId, fresh.url)).outcome!.mediaId, form.mediaId);
    assert.ok(Buffer.from(await (await fetch(fresh.url)).arrayBuffer()).equals(files.tone));
    assert.deepEqual(await resolve(userId, 'https://example.com/talk.wav'), { isFileUrl: false, outcome: undefined });
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
});
