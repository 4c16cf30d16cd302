// A user's media once stored, against the real database, bus and local S3 store: who may call,
// listings, read and download URLs, deletion and its event, the quota under concurrent
// finalizations, registered objects (one live media per key), the expiry sweep and a URL import.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { MEDIA_EVENTS } from '@tp/events';
import {
  DeleteMediaRequest,
  GetMediaDownloadUrlRequest,
  GetReadUrlRequest,
  ListMediaRequest,
  MediaServiceService,
} from '@tp/proto';
import { assertCallerChecks, testServiceKeys } from '@tp/testing';
import type pg from 'pg';
import { mediaRow, mediaSuite, newUser, sessionRequest, TIGHT_QUOTA_BYTES, uploaded } from './suite.ts';
import {
  directUploadRequest,
  eventually,
  finalize,
  type InProcessService,
  type Infra,
  keyOf,
  type MediaClient,
  type MediaFiles,
  objectExists,
  putObject,
} from './support.ts';

let infra: Infra;
let files: MediaFiles;
let main: InProcessService;
let tight: InProcessService;
let media: MediaClient;
let db: pg.Client;
const suite = mediaSuite(
  { tight: true, events: true, env: async () => ({ EGRESS_ALLOW_PRIVATE_TARGETS: 'true' }) },
  (s) => {
    ({ infra, files, main, tight, media, db } = s);
  },
);

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

describe('the worker under job grants (ADR 0040)', () => {
  it('gets a read URL only under the grant of a job of that user that reads that media, while it lives', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.tone);
    await finalize(media, userId, session);
    const request = { userId, mediaId: session.mediaId, ttlSeconds: 120 };
    const ofJob = (user: string, mediaId: string, grants = testServiceKeys().grants()) =>
      grants.issue({ user, job: 'job_1', media: mediaId, artifact: '', version: '' });
    assert.ok((await media.getReadUrl(request, { grant: await ofJob(userId, session.mediaId) })).url);
    const other = await uploaded(media, userId, files.tone);
    const refusals: [string, string][] = [
      [await ofJob(userId, other.mediaId), 'caller_grant_mismatch'],
      [await ofJob(newUser(), session.mediaId), 'caller_grant_mismatch'],
      [
        await ofJob(
          userId,
          session.mediaId,
          testServiceKeys().grants(60, () => Date.now() - 10 * 60_000),
        ),
        'caller_grant_invalid',
      ],
      ['', 'caller_grant_invalid'],
    ];
    for (const [grant, code] of refusals) await assert.rejects(media.getReadUrl(request, { grant }), { code }, code);
  });
});

describe('listings and URLs', () => {
  it('lists newest first, filtered by workspace and bounded by the limit', async () => {
    const userId = newUser();
    const ids = [];
    for (const workspaceId of ['wsp_a', 'wsp_b', '', 'wsp_a'])
      ids.push((await media.createUploadSession(sessionRequest(userId, { workspaceId }))).mediaId);
    const listed = async (workspaceId: string, limit: number) =>
      (await media.listMedia({ userId, workspaceId, limit })).media.map((m) => m.mediaId);
    assert.deepEqual(await listed('', 0), [...ids].reverse());
    assert.deepEqual(await listed('wsp_a', 0), [ids[3], ids[0]]);
    assert.deepEqual(await listed('', 2), [ids[3], ids[2]]);
    assert.deepEqual((await media.listMedia({ userId: newUser(), workspaceId: '', limit: 0 })).media, []);
  });

  it('signs read URLs for the services and download URLs for clients, each reading the stored bytes', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.tone);
    await finalize(media, userId, session);
    const request = { userId, mediaId: session.mediaId, ttlSeconds: 120 };
    const read = await media.getReadUrl(request);
    assert.equal(read.media?.mediaId, session.mediaId, 'the worker also gets the media it reads');
    assert.equal(new URL(read.url).searchParams.get('X-Amz-Expires'), '120');
    const download = await media.getMediaDownloadUrl(request);
    for (const { url } of [read, download])
      assert.ok(
        Buffer.from(await (await fetch(url)).arrayBuffer()).equals(files.tone),
        'the URL reads the stored bytes',
      );
    // A replica whose clients reach storage elsewhere signs only the download URL for that address.
    assert.equal(new URL((await tight.client.getMediaDownloadUrl(request)).url).hostname, 'localhost');
    assert.equal(new URL((await tight.client.getReadUrl(request)).url).hostname, '127.0.0.1');
  });
});

const startDirect = (userId: string) => media.startDirectUpload(directUploadRequest(userId, 'd.wav'));

describe('deletion', () => {
  it('removes the object, hides the media, frees its storage and announces it; an upload in progress is aborted', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.tone);
    await finalize(media, userId, session);
    const quota = 50 * 1024 ** 3;
    assert.deepEqual(await media.getStorageUsage({ userId }), {
      usedBytes: files.tone.length,
      objectCount: 1,
      quotaBytes: quota,
    });
    assert.deepEqual(await media.deleteMedia({ userId, mediaId: session.mediaId }), {});
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), false);
    await assert.rejects(media.getMedia({ userId, mediaId: session.mediaId, workspaceId: '' }), { code: 'not_found' });
    assert.deepEqual(await media.getStorageUsage({ userId }), { usedBytes: 0, objectCount: 0, quotaBytes: quota });
    const event = await eventually('media deleted event', () =>
      suite.events.find((e) => e.subject === MEDIA_EVENTS.deleted && e.data.media_id === session.mediaId),
    );
    assert.equal(event.data.user_id, userId);

    const direct = await startDirect(userId);
    await media.deleteMedia({ userId, mediaId: direct.mediaId });
    const aborted = await db.query('SELECT aborted_at FROM media.direct_uploads WHERE media_id = $1', [direct.mediaId]);
    assert.ok(aborted.rows[0]?.aborted_at);
  });
});

describe('the quota', () => {
  it('holds under concurrent finalizations: two of three fit, the third is refused and removed', async () => {
    const userId = newUser();
    const sessions = await Promise.all([1, 2, 3].map(() => uploaded(media, userId, files.tone)));
    const results = await Promise.allSettled(sessions.map((s) => finalize(tight.client, userId, s)));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 2);
    const refused = results.flatMap((r, i) =>
      r.status === 'rejected' ? [[(r.reason as { code: string }).code, i]] : [],
    );
    assert.deepEqual(
      refused.map(([code]) => code),
      ['storage_quota_exceeded'],
    );
    assert.equal(await objectExists(infra, keyOf(sessions[refused[0]![1] as number]!.uploadUrl)), false);
    const usage = await tight.client.getStorageUsage({ userId });
    assert.deepEqual(usage, { usedBytes: 2 * files.tone.length, objectCount: 2, quotaBytes: TIGHT_QUOTA_BYTES });
  });
});

const registration = (userId: string, storageKey: string) => ({
  userId,
  storageKey,
  fileName: '',
  contentType: '',
  workspaceId: '',
  userAgent: '',
  waitMs: 20_000,
});

describe('registered objects', () => {
  it('an object of the caller becomes one media; once deleted, its key is free again', async () => {
    const userId = newUser();
    const key = `users/${userId}/imports/interview.wav`;
    await putObject(infra, key, files.tone, 'audio/wav');
    const m = (await media.registerMedia({ ...registration(userId, key), workspaceId: 'wsp_r' })).media!;
    assert.deepEqual(
      [m.status, m.source, m.fileName, m.contentType, m.workspaceId],
      ['ready', 'register', 'interview.wav', 'audio/wav', 'wsp_r'],
    );
    assert.equal((await mediaRow(db, m.mediaId)).storage_key, key);
    await assert.rejects(media.registerMedia(registration(userId, key)), { code: 'conflict' });
    await media.deleteMedia({ userId, mediaId: m.mediaId });
    await putObject(infra, key, files.tone, 'audio/wav');
    const again = await media.registerMedia({ ...registration(userId, key), fileName: 'Interview.wav' });
    assert.equal(again.media!.fileName, 'Interview.wav');
  });

  it('one beyond the quota is refused and left in place, no media kept', async () => {
    const userId = newUser();
    for (const name of ['a', 'b', 'c']) await putObject(infra, `users/${userId}/${name}.wav`, files.tone, 'audio/wav');
    await tight.client.registerMedia(registration(userId, `users/${userId}/a.wav`));
    await tight.client.registerMedia(registration(userId, `users/${userId}/b.wav`));
    await assert.rejects(tight.client.registerMedia(registration(userId, `users/${userId}/c.wav`)), {
      code: 'storage_quota_exceeded',
    });
    assert.equal(await objectExists(infra, `users/${userId}/c.wav`), true, 'not registered, so not ours to delete');
    assert.equal((await tight.client.listMedia({ userId, workspaceId: '', limit: 0 })).media.length, 2);
  });
});

describe('the expiry sweep', () => {
  it('expires sessions, forms and direct uploads never finished, removing what was uploaded; it keeps the rest', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.tone);
    const form = await media.createUploadForm({
      userId,
      fileName: 'f.wav',
      contentType: 'audio/wav',
      userAgent: '',
      idempotencyKey: '',
    });
    const direct = await startDirect(userId);
    const finished = await uploaded(media, userId, files.tone);
    await finalize(media, userId, finished);
    // As if the process died between failing a media and deleting its object.
    const orphan = await uploaded(media, userId, files.tone);
    await db.query(`UPDATE media.media_assets SET status = 'failed' WHERE id = $1`, [orphan.mediaId]);
    await db.query(
      `UPDATE media.upload_sessions SET idempotency_key = 'old-key', created_at = now() - interval '25 hours' WHERE media_id = $1`,
      [finished.mediaId],
    );

    const swept = await main.service.sweepExpired(new Date(Date.now() + 86_400_000 + 60_000));
    assert.ok(swept.expired >= 3 && swept.removed >= 2, JSON.stringify(swept));
    for (const id of [session.mediaId, form.mediaId, direct.mediaId])
      assert.equal((await mediaRow(db, id)).status, 'expired', id);
    await assert.rejects(finalize(media, userId, session), { code: 'upload_session_expired' });
    for (const key of [keyOf(session.uploadUrl), keyOf(orphan.uploadUrl)])
      assert.equal(await objectExists(infra, key), false, key);
    assert.equal((await mediaRow(db, orphan.mediaId)).live_key, null);
    assert.equal((await mediaRow(db, finished.mediaId)).status, 'ready', 'finished uploads are kept');
    assert.equal(await objectExists(infra, keyOf(finished.uploadUrl)), true);
    const key = await db.query('SELECT idempotency_key FROM media.upload_sessions WHERE media_id = $1', [
      finished.mediaId,
    ]);
    assert.equal(key.rows[0].idempotency_key, null, 'keys older than 24 h are forgotten');
  });
});

describe('importing a remote file', () => {
  let remote: Server;
  let base = '';
  before(async () => {
    remote = createServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="Interview (final).mp4"',
      });
      res.end(files.video);
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  });
  after(() => new Promise((resolve) => remote.close(resolve)));

  it('stores it as a media of the user, named as the remote host says, and verifies it', async () => {
    const userId = newUser();
    const video = (
      await media.importFromUrl({ userId, url: `${base}/download`, userAgent: 'importer', waitMs: 20_000 })
    ).media!;
    assert.deepEqual(
      [video.status, video.source, video.fileName, video.contentType, video.sizeBytes],
      ['ready', 'url_import', 'Interview (final).mp4', 'video/mp4', files.video.length],
    );
    const key = `users/${userId}/media/${video.mediaId}/Interview_final_.mp4`;
    assert.equal((await mediaRow(db, video.mediaId)).storage_key, key);
    assert.equal(await objectExists(infra, key), true);
  });
});
