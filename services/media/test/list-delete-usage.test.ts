import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MEDIA_EVENTS } from '@tp/events';
import type pg from 'pg';
import { mediaSuite, newUser, sessionRequest, TIGHT_QUOTA_BYTES, uploaded } from './suite.ts';
import {
  eventually,
  type InProcessService,
  type Infra,
  keyOf,
  type MediaClient,
  type MediaFiles,
  objectExists,
  put,
  finalize,
  startInProcess,
} from './support.ts';

let infra: Infra;
let files: MediaFiles;
let tight: InProcessService;
let media: MediaClient;
let db: pg.Client;
const suite = mediaSuite({ tight: true, events: true }, (s) => {
  ({ infra, files, tight, media, db } = s);
});

describe('list and read URLs', () => {
  it('lists newest first, filters by workspace and bounds the limit', async () => {
    const userId = newUser();
    const ids = [];
    for (const workspaceId of ['wsp_a', 'wsp_b', '', 'wsp_a'])
      ids.push((await media.createUploadSession(sessionRequest(userId, { workspaceId }))).mediaId);
    assert.deepEqual(
      (await media.listMedia({ userId, workspaceId: '', limit: 0 })).media.map((m) => m.mediaId),
      [...ids].reverse(),
    );
    assert.deepEqual(
      (await media.listMedia({ userId, workspaceId: 'wsp_a', limit: 0 })).media.map((m) => m.mediaId),
      [ids[3], ids[0]],
    );
    assert.deepEqual(
      (await media.listMedia({ userId, workspaceId: '', limit: 2 })).media.map((m) => m.mediaId),
      [ids[3], ids[2]],
    );
    assert.equal((await media.listMedia({ userId, workspaceId: '', limit: 200 })).media.length, 4);
    for (const limit of [-1, 201])
      await assert.rejects(media.listMedia({ userId, workspaceId: '', limit }), {
        code: 'bad_request',
        message: /between 1 and 200/,
      });
  });

  // The worker's read URL (internal address) and the gateway's download URL for clients (ADR 0032).
  for (const method of ['getReadUrl', 'getMediaDownloadUrl'] as const)
    it(`${method} signs a URL only for the owner and only once the media is ready`, async () => {
      const sign = (userId: string, mediaId: string, ttlSeconds: number) =>
        media[method]({ userId, mediaId, ttlSeconds });
      const userId = newUser();
      const session = await media.createUploadSession(sessionRequest(userId, { sizeBytes: files.tone.length }));
      await assert.rejects(sign(userId, session.mediaId, 0), { code: 'media_not_ready' });
      await put(session.uploadUrl, files.tone, 'audio/wav');
      await finalize(media, userId, session);
      const read = await sign(userId, session.mediaId, 120);
      // The worker also gets the media it reads.
      if (method === 'getReadUrl')
        assert.equal((read as { media?: { mediaId: string } }).media?.mediaId, session.mediaId);
      assert.equal(new URL(read.url).searchParams.get('X-Amz-Expires'), '120');
      const ttl = read.expiresAt!.getTime() - Date.now();
      assert.ok(ttl > 110_000 && ttl <= 120_000, `expires in ${ttl} ms`);
      const body = Buffer.from(await (await fetch(read.url)).arrayBuffer());
      assert.ok(body.equals(files.tone), 'the URL reads the stored bytes');
      const fallback = new URL((await sign(userId, session.mediaId, 0)).url);
      assert.equal(fallback.searchParams.get('X-Amz-Expires'), '3600');
      for (const ttlSeconds of [59, 86_401])
        await assert.rejects(sign(userId, session.mediaId, ttlSeconds), { code: 'bad_request' });
      await assert.rejects(sign(newUser(), session.mediaId, 0), { code: 'not_found' });
      await media.deleteMedia({ userId, mediaId: session.mediaId });
      await assert.rejects(sign(userId, session.mediaId, 0), { code: 'not_found' });
    });

  it('signs the download URL for the public storage address, the read URL for the internal one', async () => {
    const internal = infra.objectStore.endpoint;
    const external = internal.replace('127.0.0.1', 'localhost');
    const replica = await startInProcess(infra, { S3_PUBLIC_ENDPOINT: external });
    try {
      const userId = newUser();
      const session = await uploaded(media, userId, files.tone);
      await finalize(media, userId, session);
      const request = { userId, mediaId: session.mediaId, ttlSeconds: 0 };
      assert.equal(new URL((await replica.client.getMediaDownloadUrl(request)).url).origin, new URL(external).origin);
      assert.equal(new URL((await replica.client.getReadUrl(request)).url).origin, new URL(internal).origin);
    } finally {
      await replica.stop();
    }
  });
});

describe('delete', () => {
  it('delete removes the object, hides the media and announces it; a second delete is not_found', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.tone);
    await finalize(media, userId, session);
    assert.deepEqual(await media.getStorageUsage({ userId }), {
      usedBytes: files.tone.length,
      objectCount: 1,
      quotaBytes: 50 * 1024 ** 3,
    });

    assert.deepEqual(await media.deleteMedia({ userId, mediaId: session.mediaId }), {});
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), false);
    await assert.rejects(media.getMedia({ userId, mediaId: session.mediaId, workspaceId: '' }), { code: 'not_found' });
    await assert.rejects(media.deleteMedia({ userId, mediaId: session.mediaId }), { code: 'not_found' });
    await assert.rejects(finalize(media, userId, session), { code: 'not_found' });
    assert.deepEqual((await media.listMedia({ userId, workspaceId: '', limit: 0 })).media, []);
    assert.deepEqual(await media.getStorageUsage({ userId }), {
      usedBytes: 0,
      objectCount: 0,
      quotaBytes: 50 * 1024 ** 3,
    });
    const event = await eventually('media deleted event', () =>
      suite.events.find((e) => e.subject === MEDIA_EVENTS.deleted && e.data.media_id === session.mediaId),
    );
    assert.equal(event.data.user_id, userId);
  });

  it('deleting a media that is still uploading also works', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.tone);
    const direct = await media.startDirectUpload({
      userId,
      fileName: 'd.wav',
      contentType: 'audio/wav',
      workspaceId: '',
      userAgent: '',
    });
    await media.deleteMedia({ userId, mediaId: session.mediaId });
    await media.deleteMedia({ userId, mediaId: direct.mediaId });
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), false);
    await assert.rejects(finalize(media, userId, session), { code: 'not_found' });
  });
});

describe('storage usage and quota', () => {
  it('counts stored objects against the quota and refuses uploads beyond it', async () => {
    const userId = newUser();
    const client = tight.client;
    const first = await uploaded(client, userId, files.tone);
    await finalize(client, userId, first);
    const usage = await client.getStorageUsage({ userId });
    assert.deepEqual(usage, { usedBytes: files.tone.length, objectCount: 1, quotaBytes: TIGHT_QUOTA_BYTES });

    // Declared sizes are checked early.
    await assert.rejects(
      client.createUploadSession(sessionRequest(userId, { sizeBytes: TIGHT_QUOTA_BYTES - files.tone.length + 1 })),
      { code: 'storage_quota_exceeded' },
    );
    // Undeclared sizes are checked at finalization: 2 × 176 kB fit, the third does not.
    const second = await uploaded(client, userId, files.tone);
    await finalize(client, userId, second);
    const third = await uploaded(client, userId, files.tone);
    await assert.rejects(finalize(client, userId, third), { code: 'storage_quota_exceeded' });
    assert.equal(await objectExists(infra, keyOf(third.uploadUrl)), false);
    assert.deepEqual(await client.getStorageUsage({ userId }), {
      usedBytes: 2 * files.tone.length,
      objectCount: 2,
      quotaBytes: TIGHT_QUOTA_BYTES,
    });

    // Deleting frees the space.
    await client.deleteMedia({ userId, mediaId: first.mediaId });
    const fourth = await uploaded(client, userId, files.tone);
    assert.equal((await finalize(client, userId, fourth)).media!.status, 'ready');
    // A full quota refuses even sessions of unknown size.
    const over = (await client.getStorageUsage({ userId })).usedBytes;
    await db.query('UPDATE media.media_assets SET size_bytes = $2 WHERE id = $1', [
      fourth.mediaId,
      TIGHT_QUOTA_BYTES - over + files.tone.length,
    ]);
    await assert.rejects(client.createUploadSession(sessionRequest(userId)), { code: 'storage_quota_exceeded' });
    await assert.rejects(
      client.startDirectUpload({ userId, fileName: 'd.wav', contentType: 'audio/wav', workspaceId: '', userAgent: '' }),
      { code: 'storage_quota_exceeded' },
    );
  });

  it('concurrent finalizations cannot overrun the quota together', async () => {
    const userId = newUser();
    const sessions = await Promise.all([1, 2, 3].map(() => uploaded(tight.client, userId, files.tone)));
    const results = await Promise.allSettled(sessions.map((s) => finalize(tight.client, userId, s)));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 2);
    assert.equal(
      results.filter((r) => r.status === 'rejected' && (r.reason as { code: string }).code === 'storage_quota_exceeded')
        .length,
      1,
    );
  });
});
