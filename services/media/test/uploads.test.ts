// An upload session end to end against the real database, bus, local S3 store and ffprobe: the
// presigned PUT, finalizing, verification (and what ffprobe refuses), the events it announces and
// the Idempotency-Key kept in PostgreSQL. Each branch of the use cases is tested beside them.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { MEDIA_EVENTS } from '@tp/events';
import { isId } from '@tp/ids';
import type { CreateUploadSessionRequest, Media } from '@tp/proto';
import type pg from 'pg';
import { finalizeToken } from '../src/domain/finalize-tokens.ts';
import { mediaRow, mediaSuite, newUser, sessionRequest, uploaded } from './suite.ts';
import {
  eventually,
  finalize,
  type HoldableProbe,
  holdableProbe,
  type Infra,
  keyOf,
  type MediaClient,
  type MediaFiles,
  objectExists,
  put,
} from './support.ts';

let probe: HoldableProbe;
let infra: Infra;
let files: MediaFiles;
let media: MediaClient;
let db: pg.Client;
const suite = mediaSuite(
  {
    events: true,
    env: async () => {
      probe = await holdableProbe();
      return { FFPROBE_PATH: probe.path };
    },
  },
  (s) => {
    ({ infra, files, media, db } = s);
  },
);
// After hooks run in order: the probe goes once the replicas have stopped.
after(() => probe?.remove());

function assertReadyTone(m: Media) {
  assert.deepEqual(
    [m.status, m.fileName, m.contentType, m.workspaceId, m.source, m.sizeBytes, m.containerFormat, m.failureCode],
    ['ready', 'My Recording (1).wav', 'audio/wav', 'wsp_1', 'upload_session', files.tone.length, 'wav', ''],
  );
  assert.ok(Math.abs(m.durationSeconds - 2) < 0.01, `duration ${m.durationSeconds}`);
  assert.deepEqual(m.streams, [
    {
      index: 0,
      type: 'audio',
      codec: 'pcm_s16le',
      channels: 1,
      sampleRate: 44100,
      width: 0,
      height: 0,
      durationSeconds: 2,
    },
  ]);
  assert.ok(m.verifiedAt && m.createdAt && m.verifiedAt >= m.createdAt);
}

async function assertVerifiedAnnounced(m: Media, userId: string) {
  const event = await eventually('media verified event', () =>
    suite.events.find((e) => e.subject === MEDIA_EVENTS.verified && e.data.media_id === m.mediaId),
  );
  assert.deepEqual(
    { ...event.data, occurred_at: undefined },
    {
      media_id: m.mediaId,
      user_id: userId,
      workspace_id: 'wsp_1',
      content_type: 'audio/wav',
      size_bytes: files.tone.length,
      duration_seconds: m.durationSeconds,
      container_format: 'wav',
      occurred_at: undefined,
    },
  );
  const outbox = await db.query(`SELECT subject FROM media.outbox WHERE payload->>'media_id' = $1 ORDER BY id`, [
    m.mediaId,
  ]);
  assert.deepEqual(
    outbox.rows.map((r) => r.subject),
    ['work.media_verify.default', 'events.media.verified'],
  );
}

describe('upload session → PUT → complete', () => {
  it('verifies the upload, answers the media with its facts and announces it; finalizing again changes nothing', async () => {
    const userId = newUser();
    const request = { fileName: '../My Recording (1).wav', workspaceId: 'wsp_1', sizeBytes: files.tone.length };
    const session = await media.createUploadSession(sessionRequest(userId, request));
    assert.ok(isId('med', session.mediaId));
    assert.equal(keyOf(session.uploadUrl), `users/${userId}/media/${session.mediaId}/My_Recording_1_.wav`);
    assert.match(session.uploadUrl, /X-Amz-SignedHeaders=content-type%3Bhost/);
    assert.equal((await put(session.uploadUrl, files.tone, 'audio/wav')).status, 200);
    const m = (await finalize(media, userId, session)).media!;
    assertReadyTone(m);
    assert.deepEqual((await media.getMedia({ userId, mediaId: m.mediaId, workspaceId: 'wsp_1' })).media, m);

    const upload = (await db.query('SELECT * FROM media.upload_sessions WHERE media_id = $1', [m.mediaId])).rows[0];
    assert.deepEqual(
      [upload.user_agent, (await mediaRow(db, m.mediaId)).user_agent],
      ['media-test/1.0', 'media-test/1.0'],
    );
    assert.ok(!JSON.stringify(upload).includes(session.finalizeToken.slice(3)), 'the finalize token is not stored');
    assert.equal(session.finalizeToken, finalizeToken(infra.tokenSecret, upload.id));

    assert.deepEqual((await finalize(media, userId, session)).media, m);
    const verifications = await db.query('SELECT status, attempts FROM media.verifications WHERE media_id = $1', [
      m.mediaId,
    ]);
    assert.deepEqual(verifications.rows, [{ status: 'succeeded', attempts: 1 }]);
    await assertVerifiedAnnounced(m, userId);
  });

  it('answers pending while the file is verified, then the media once it is', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.long, { fileName: 'long.wav' });
    // Verification waits until the test lets it go: "pending" does not depend on ffprobe's speed.
    await probe.hold(session.mediaId);
    try {
      const first = await finalize(media, userId, session, 1);
      assert.deepEqual([first.media, first.mediaId], [undefined, session.mediaId]);
      assert.ok(isId('vrf', first.pending!.verificationId));
      assert.ok(first.pending!.retryAfterSeconds >= 1);
      assert.equal((await mediaRow(db, session.mediaId)).status, 'verifying');
      await probe.release(session.mediaId);
      const second = await finalize(media, userId, session, 25_000);
      assert.equal(second.media!.status, 'ready');
      assert.deepEqual(
        second.media!.streams.map((s) => [s.type, s.channels]),
        [['audio', 2]],
      );
      const verifications = await db.query('SELECT id, attempts FROM media.verifications WHERE media_id = $1', [
        session.mediaId,
      ]);
      assert.deepEqual(verifications.rows, [{ id: first.pending!.verificationId, attempts: 1 }]);
    } finally {
      await probe.release(session.mediaId);
    }
  });
});

/** Uploads `body` and finalizes it: refused with `code`, the object removed, no storage used. */
async function refused(body: Uint8Array, overrides: Partial<CreateUploadSessionRequest>, code: string) {
  const userId = newUser();
  const session = await uploaded(media, userId, body, overrides);
  await assert.rejects(finalize(media, userId, session), { code });
  assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), false, 'the object is removed');
  const m = (await media.getMedia({ userId, mediaId: session.mediaId, workspaceId: '' })).media!;
  assert.deepEqual([m.status, m.failureCode], ['failed', code]);
  assert.notEqual(m.failureMessage, '');
  // Finalizing again answers the same error.
  await assert.rejects(finalize(media, userId, session), { code });
  assert.equal((await mediaRow(db, session.mediaId)).live_key, null);
  const usage = await media.getStorageUsage({ userId });
  assert.deepEqual([usage.usedBytes, usage.objectCount], [0, 0], 'a refused file uses no storage');
}

describe('what ffprobe makes of an upload', () => {
  it('accepts video with an audio track', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.video, { fileName: 'clip.mp4', contentType: 'video/mp4' });
    const m = (await finalize(media, userId, session)).media!;
    assert.deepEqual([m.status, m.containerFormat], ['ready', 'mov,mp4,m4a,3gp,3g2,mj2']);
    const video = m.streams.find((s) => s.type === 'video')!;
    assert.deepEqual([video.codec, video.width, video.height], ['h264', 160, 120]);
  });

  it('refuses an empty file, bytes that are not media and video without audio, removing the object', async () => {
    await refused(new Uint8Array(0), {}, 'media_empty');
    await refused(Buffer.from('This is a text file, not a recording. '.repeat(100)), {}, 'media_unplayable');
    await refused(files.silentVideo, { fileName: 'silent.mp4', contentType: 'video/mp4' }, 'media_no_audio');
  });

  it('does not follow a playlist: no request leaves the service, media_unplayable', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits += 1;
      res.end('#EXTM3U\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nhttp://127.0.0.1:${port}/internal/secret.ts\n#EXT-X-ENDLIST\n`;
      await refused(
        Buffer.from(playlist),
        { fileName: 'list.m3u8', contentType: 'audio/x-mpegurl' },
        'media_unplayable',
      );
      assert.equal(hits, 0);
    } finally {
      server.close();
    }
  });
});
