import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type pg from 'pg';
import { mediaSuite, newUser, sessionRequest, TIGHT_MAX_BYTES } from './suite.ts';
import {
  eventually,
  type InProcessService,
  keyOf,
  type MediaClient,
  type MediaFiles,
  put,
  signedAtOf,
} from './support.ts';

let files: MediaFiles;
let tight: InProcessService;
let media: MediaClient;
let db: pg.Client;
mediaSuite({ tight: true }, (s) => {
  ({ files, tight, media, db } = s);
});

describe('session requests', () => {
  it('refuses what is not audio or video, and bad file names, naming the problem', async () => {
    const userId = newUser();
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { contentType: 'text/html' })), {
      code: 'bad_request',
      message: /audio\/\* or video\/\*.*text\/html/,
    });
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { contentType: 'audio/wav\r\nx-evil: 1' })), {
      code: 'bad_request',
    });
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { fileName: '' })), {
      code: 'bad_request',
      message: /file_name/,
    });
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { fileName: 'dir/../' })), {
      code: 'bad_request',
      message: /file_name/,
    });
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { fileName: `${'a'.repeat(252)}.wav` })), {
      code: 'bad_request',
      message: /255/,
    });
    const ok = await media.createUploadSession(
      sessionRequest(userId, { fileName: `${'a'.repeat(251)}.wav`, contentType: 'audio/ogg; codecs=opus' }),
    );
    assert.deepEqual(ok.uploadHeaders, { 'Content-Type': 'audio/ogg; codecs=opus' });
    // A request for no user does not even reach the handler: the gateway acts for someone (ADR 0011).
    await assert.rejects(media.createUploadSession(sessionRequest('')), { code: 'caller_user_mismatch' });
    await assert.rejects(media.createUploadSession(sessionRequest('usr_x/../usr_y')), { code: 'bad_request' });
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { workspaceId: 'wsp/1' })), {
      code: 'bad_request',
    });
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { sizeBytes: -1 })), { code: 'bad_request' });
  });

  it('refuses a declared size over the largest file accepted', async () => {
    await assert.rejects(media.createUploadSession(sessionRequest(newUser(), { sizeBytes: 5 * 1024 ** 3 + 1 })), {
      code: 'media_too_large',
    });
    await assert.rejects(
      tight.client.createUploadSession(sessionRequest(newUser(), { sizeBytes: TIGHT_MAX_BYTES + 1 })),
      { code: 'media_too_large', message: /250000/ },
    );
  });
});

describe('Idempotency-Key: replays', () => {
  it('replays the same session for the same request, with a freshly signed URL', async () => {
    const userId = newUser();
    const request = sessionRequest(userId, { idempotencyKey: 'key-1', sizeBytes: files.tone.length });
    const first = await media.createUploadSession(request);
    // Signatures carry whole seconds: once the clock is past the first one's, a new signature differs.
    const firstSignedAt = signedAtOf(first.uploadUrl);
    await eventually('another signing second', () => Date.now() >= firstSignedAt + 1000);
    const second = await media.createUploadSession({ ...request, userAgent: 'another client' });
    assert.equal(second.mediaId, first.mediaId);
    assert.equal(second.finalizeToken, first.finalizeToken);
    assert.equal(second.replayed, true);
    assert.notEqual(second.uploadUrl, first.uploadUrl, 'signed again');
    assert.equal(keyOf(second.uploadUrl), keyOf(first.uploadUrl));
    assert.equal(
      (await db.query('SELECT count(*)::int AS n FROM media.media_assets WHERE user_id = $1', [userId])).rows[0].n,
      1,
    );

    // Either URL uploads; either token finalizes.
    assert.equal((await put(second.uploadUrl, files.tone, 'audio/wav')).status, 200);
    const { media: m } = await media.completeUpload({
      userId,
      mediaId: first.mediaId,
      finalizeToken: second.finalizeToken,
      waitMs: 0,
    });
    assert.equal(m!.status, 'ready');

    // Another user's identical key is another session.
    const other = await media.createUploadSession({ ...request, userId: newUser() });
    assert.notEqual(other.mediaId, first.mediaId);
    assert.equal(other.replayed, false);
  });

  it('creates one session for concurrent requests with the same key', async () => {
    const userId = newUser();
    const request = sessionRequest(userId, { idempotencyKey: 'key-race' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => media.createUploadSession(request)));
    assert.equal(new Set(answers.map((a) => a.mediaId)).size, 1);
    assert.equal(answers.filter((a) => !a.replayed).length, 1);
  });
});

describe('Idempotency-Key: refusals and expiry', () => {
  it('refuses the same key with a different request', async () => {
    const userId = newUser();
    await media.createUploadSession(sessionRequest(userId, { idempotencyKey: 'key-2' }));
    await assert.rejects(
      media.createUploadSession(sessionRequest(userId, { idempotencyKey: 'key-2', fileName: 'other.wav' })),
      { code: 'idempotency_conflict' },
    );
    await assert.rejects(
      media.createUploadSession(sessionRequest(userId, { idempotencyKey: 'key-2', contentType: 'audio/mpeg' })),
      { code: 'idempotency_conflict' },
    );
    await assert.rejects(
      media.createUploadSession(sessionRequest(userId, { idempotencyKey: 'key-2', workspaceId: 'wsp_9' })),
      { code: 'idempotency_conflict' },
    );
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { idempotencyKey: 'a key with spaces' })), {
      code: 'bad_request',
    });
  });

  it('answers upload_session_expired for an expired session, and forgets keys after 24 h', async () => {
    const userId = newUser();
    const request = sessionRequest(userId, { idempotencyKey: 'key-3' });
    const first = await media.createUploadSession(request);
    await db.query(`UPDATE media.upload_sessions SET expires_at = now() - interval '1 second' WHERE media_id = $1`, [
      first.mediaId,
    ]);
    await assert.rejects(media.createUploadSession(request), { code: 'upload_session_expired' });
    await db.query(
      `UPDATE media.upload_sessions SET created_at = now() - interval '24 hours 1 second' WHERE media_id = $1`,
      [first.mediaId],
    );
    const fresh = await media.createUploadSession(request);
    assert.notEqual(fresh.mediaId, first.mediaId);
    assert.equal(fresh.replayed, false);
  });
});
