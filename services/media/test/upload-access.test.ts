import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type pg from 'pg';
import {
  DeleteMediaRequest,
  GetMediaDownloadUrlRequest,
  GetReadUrlRequest,
  ListMediaRequest,
  MediaServiceService,
} from '@tp/proto';
import { assertCallerChecks } from '@tp/testing';
import { mediaRow, mediaSuite, newUser, sessionRequest, uploaded } from './suite.ts';
import {
  type Infra,
  type InProcessService,
  keyOf,
  type MediaClient,
  type MediaFiles,
  objectExists,
  put,
  finalize,
} from './support.ts';

let infra: Infra;
let files: MediaFiles;
let media: MediaClient;
let db: pg.Client;
let main: InProcessService;
mediaSuite({}, (s) => {
  ({ infra, files, media, db, main } = s);
});

describe('service identity (ADR 0011)', () => {
  it('refuses calls without a valid token, from a service a method does not list, and for another user', async () => {
    await assertCallerChecks({
      definition: MediaServiceService,
      address: `127.0.0.1:${main.service.grpcPort}`,
      audience: 'media',
      forUser: { method: 'listMedia', request: (userId) => ListMediaRequest.fromPartial({ userId }) },
      notAllowed: [
        // Only the worker reads the bytes; only the gateway deletes, for a user.
        { method: 'getReadUrl', request: GetReadUrlRequest.fromPartial({ userId: 'usr_checked' }), caller: 'gateway' },
        { method: 'deleteMedia', request: DeleteMediaRequest.fromPartial({ userId: 'usr_checked' }), caller: 'jobs' },
        // The client's (public) download URL is the gateway's alone (ADR 0032).
        {
          method: 'getMediaDownloadUrl',
          request: GetMediaDownloadUrlRequest.fromPartial({ userId: 'usr_checked' }),
          caller: 'worker',
        },
      ],
    });
  });
});

describe('storage refuses a tampered upload URL', () => {
  it('a changed key, signature or Content-Type is refused; nothing is stored', async () => {
    const userId = newUser();
    const session = await media.createUploadSession(sessionRequest(userId));
    const url = new URL(session.uploadUrl);

    const otherKey = new URL(url);
    otherKey.pathname = url.pathname.replace(
      session.mediaId,
      `${session.mediaId.slice(0, -1)}${session.mediaId.endsWith('x') ? 'y' : 'x'}`,
    );
    const byKey = await put(otherKey.toString(), files.tone, 'audio/wav');
    assert.equal(byKey.status, 403);
    assert.match(await byKey.text(), /SignatureDoesNotMatch/);

    const otherUser = new URL(url);
    otherUser.pathname = url.pathname.replace(`users/${userId}/`, 'users/usr_victim/');
    assert.equal((await put(otherUser.toString(), files.tone, 'audio/wav')).status, 403);

    const badSignature = new URL(url);
    const signature = url.searchParams.get('X-Amz-Signature')!;
    badSignature.searchParams.set('X-Amz-Signature', (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1));
    const bySignature = await put(badSignature.toString(), files.tone, 'audio/wav');
    assert.equal(bySignature.status, 403);
    assert.match(await bySignature.text(), /SignatureDoesNotMatch/);

    const byType = await put(session.uploadUrl, files.tone, 'text/html');
    assert.equal(byType.status, 403);
    assert.match(await byType.text(), /SignatureDoesNotMatch/);

    const longer = new URL(url);
    longer.searchParams.set('X-Amz-Expires', '604800');
    assert.equal((await put(longer.toString(), files.tone, 'audio/wav')).status, 403);

    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), false);
    await assert.rejects(finalize(media, userId, session), { code: 'upload_incomplete' });
    assert.equal((await put(session.uploadUrl, files.tone, 'audio/wav')).status, 200, 'the untouched URL still works');
  });
});

describe('finalize tokens', () => {
  it('only the token of this media finalizes it', async () => {
    const userId = newUser();
    const a = await uploaded(media, userId, files.tone);
    const b = await media.createUploadSession(sessionRequest(userId));
    for (const token of ['', 'ft_nope', b.finalizeToken, `${a.finalizeToken}x`, a.finalizeToken.slice(0, -1)]) {
      await assert.rejects(media.completeUpload({ userId, mediaId: a.mediaId, finalizeToken: token, waitMs: 0 }), {
        code: 'invalid_finalize_token',
      });
    }
    assert.equal((await mediaRow(db, a.mediaId)).status, 'awaiting_upload', 'nothing started');
  });

  it('an expired session cannot be finalized', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.tone);
    await db.query(`UPDATE media.upload_sessions SET expires_at = now() - interval '1 second' WHERE media_id = $1`, [
      session.mediaId,
    ]);
    await assert.rejects(finalize(media, userId, session), { code: 'upload_session_expired' });
  });
});

/** Every call of `stranger` on the owner's media answers not_found (register: storage_key_not_allowed). */
async function assertHiddenFrom(
  stranger: string,
  id: string,
  directId: string,
  session: { uploadUrl: string; finalizeToken: string },
) {
  await assert.rejects(
    media.completeUpload({ userId: stranger, mediaId: id, finalizeToken: session.finalizeToken, waitMs: 0 }),
    { code: 'not_found' },
  );
  await assert.rejects(media.getMedia({ userId: stranger, mediaId: id, workspaceId: '' }), { code: 'not_found' });
  await assert.rejects(media.deleteMedia({ userId: stranger, mediaId: id }), { code: 'not_found' });
  await assert.rejects(media.signUploadPart({ userId: stranger, mediaId: directId, partNumber: 1 }), {
    code: 'not_found',
  });
  await assert.rejects(
    media.finishDirectUpload({
      userId: stranger,
      mediaId: directId,
      parts: [{ partNumber: 1, etag: '"x"' }],
      waitMs: 0,
    }),
    { code: 'not_found' },
  );
  await assert.rejects(media.abortDirectUpload({ userId: stranger, mediaId: directId }), { code: 'not_found' });
  await assert.rejects(
    media.registerMedia({
      userId: stranger,
      storageKey: keyOf(session.uploadUrl),
      fileName: '',
      contentType: '',
      workspaceId: '',
      userAgent: '',
      waitMs: 0,
    }),
    {
      code: 'storage_key_not_allowed',
    },
  );
}

describe('isolation between users', () => {
  it("another user's media is not_found everywhere, and never listed", async () => {
    const owner = newUser();
    const stranger = newUser();
    const session = await uploaded(media, owner, files.tone);
    const ready = await finalize(media, owner, session);
    const direct = await media.startDirectUpload({
      userId: owner,
      fileName: 'd.wav',
      contentType: 'audio/wav',
      workspaceId: '',
      userAgent: '',
    });
    const id = ready.mediaId;

    await assertHiddenFrom(stranger, id, direct.mediaId, session);
    assert.deepEqual((await media.listMedia({ userId: stranger, workspaceId: '', limit: 0 })).media, []);
    assert.deepEqual(await media.getStorageUsage({ userId: stranger }), {
      usedBytes: 0,
      objectCount: 0,
      quotaBytes: 50 * 1024 ** 3,
    });
    // Still the owner's, untouched.
    assert.equal((await media.getMedia({ userId: owner, mediaId: id, workspaceId: '' })).media!.status, 'ready');
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), true);
    await assert.rejects(media.getMedia({ userId: owner, mediaId: 'med_doesnotexist', workspaceId: '' }), {
      code: 'not_found',
    });
  });
});
