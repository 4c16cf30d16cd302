import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type pg from 'pg';
import { mediaRow, mediaSuite, newUser, sessionRequest, uploaded } from './suite.ts';
import {
  type InProcessService,
  type Infra,
  keyOf,
  type MediaClient,
  type MediaFiles,
  objectExists,
  finalize,
} from './support.ts';

let infra: Infra;
let files: MediaFiles;
let main: InProcessService;
let media: MediaClient;
let db: pg.Client;
mediaSuite({}, (s) => {
  ({ infra, files, main, media, db } = s);
});

/** Every way to continue an expired upload answers upload_session_expired. */
async function assertExpired(
  userId: string,
  session: { mediaId: string; finalizeToken: string },
  untouchedId: string,
  directId: string,
) {
  for (const id of [session.mediaId, untouchedId, directId]) {
    assert.equal((await media.getMedia({ userId, mediaId: id, workspaceId: '' })).media!.status, 'expired', id);
  }
  await assert.rejects(finalize(media, userId, session), { code: 'upload_session_expired' });
  await assert.rejects(media.signUploadPart({ userId, mediaId: directId, partNumber: 2 }), {
    code: 'upload_session_expired',
  });
  await assert.rejects(
    media.finishDirectUpload({ userId, mediaId: directId, parts: [{ partNumber: 1, etag: '"x"' }], waitMs: 0 }),
    { code: 'upload_session_expired' },
  );
}

describe('expiry', () => {
  it('the sweep expires unfinished sessions and direct uploads, removing what was uploaded', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.tone);
    const untouched = await media.createUploadSession(sessionRequest(userId));
    const direct = await media.startDirectUpload({
      userId,
      fileName: 'd.wav',
      contentType: 'audio/wav',
      workspaceId: '',
      userAgent: '',
    });
    const { url } = await media.signUploadPart({ userId, mediaId: direct.mediaId, partNumber: 1 });
    assert.equal((await fetch(url, { method: 'PUT', body: files.tone })).status, 200);
    const finished = await uploaded(media, userId, files.tone);
    await finalize(media, userId, finished);

    // Sweeps name their time: 10 s before the first of these uploads is due, as stored (not as of
    // whenever the test got here).
    const directCreatedAt: Date = (
      await db.query('SELECT created_at FROM media.direct_uploads WHERE media_id = $1', [direct.mediaId])
    ).rows[0].created_at;
    const firstDue = Math.min(
      session.expiresAt!.getTime(),
      untouched.expiresAt!.getTime(),
      directCreatedAt.getTime() + 3_600_000,
    );
    await main.service.sweepExpired(new Date(firstDue - 10_000));
    const statuses = async () =>
      (await media.listMedia({ userId, workspaceId: '', limit: 0 })).media.map((m) => m.status).sort();
    assert.deepEqual(
      await statuses(),
      ['awaiting_upload', 'awaiting_upload', 'awaiting_upload', 'ready'],
      'nothing is due yet',
    );
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), true);
    const due = await main.service.sweepExpired(new Date(Date.now() + 3_601_000));
    assert.ok(due.expired >= 3, `expired ${due.expired}`);

    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), false);
    await assertExpired(userId, session, untouched.mediaId, direct.mediaId);
    assert.equal(
      (await media.getMedia({ userId, mediaId: finished.mediaId, workspaceId: '' })).media!.status,
      'ready',
      'finished uploads are kept',
    );
    assert.equal(await objectExists(infra, keyOf(finished.uploadUrl)), true);
    assert.equal(
      (
        await db.query(
          'SELECT count(*)::int AS n FROM media.media_assets WHERE user_id = $1 AND live_key IS NOT NULL',
          [userId],
        )
      ).rows[0].n,
      1,
    );
  });

  it('the sweep removes an object whose deletion did not happen', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.tone);
    // As if the process died between failing the media and deleting its object.
    await db.query(`UPDATE media.media_assets SET status = 'failed', failure_code = 'media_unplayable' WHERE id = $1`, [
      session.mediaId,
    ]);
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), true);
    const swept = await main.service.sweepExpired();
    assert.ok(swept.removed >= 1);
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), false);
    assert.equal((await mediaRow(db, session.mediaId)).live_key, null);
  });
});
