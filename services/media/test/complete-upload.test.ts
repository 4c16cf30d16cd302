import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { MEDIA_EVENTS } from '@tp/events';
import { isId } from '@tp/ids';
import type { CreateUploadSessionResponse, Media } from '@tp/proto';
import type pg from 'pg';
import { finalizeToken } from '../src/domain/finalize-tokens.ts';
import { mediaRow, mediaSuite, newUser, sessionRequest, uploaded } from './suite.ts';
import {
  eventually,
  type HoldableProbe,
  holdableProbe,
  type Infra,
  keyOf,
  type MediaClient,
  type MediaFiles,
  put,
  finalize,
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

function assertSessionAnswer(session: CreateUploadSessionResponse, userId: string) {
  assert.ok(isId('med', session.mediaId));
  assert.match(session.finalizeToken, /^ft_[A-Za-z0-9_-]{43}$/);
  assert.deepEqual(session.uploadHeaders, { 'Content-Type': 'audio/wav' });
  assert.equal(session.replayed, false);
  assert.equal(keyOf(session.uploadUrl), `users/${userId}/media/${session.mediaId}/My_Recording_1_.wav`);
  assert.match(session.uploadUrl, /X-Amz-SignedHeaders=content-type%3Bhost/);
  const urlTtl = session.uploadUrlExpiresAt!.getTime() - Date.now();
  assert.ok(urlTtl > 890_000 && urlTtl <= 900_000, `the URL lives 900 s (${urlTtl})`);
  const sessionTtl = session.expiresAt!.getTime() - Date.now();
  assert.ok(sessionTtl > 3_590_000 && sessionTtl <= 3_600_000);
}

function assertReadyTone(m: Media) {
  assert.equal(m.status, 'ready');
  assert.equal(m.fileName, 'My Recording (1).wav');
  assert.equal(m.contentType, 'audio/wav');
  assert.equal(m.workspaceId, 'wsp_1');
  assert.equal(m.source, 'upload_session');
  assert.equal(m.sizeBytes, files.tone.length);
  assert.ok(Math.abs(m.durationSeconds - 2) < 0.01, `duration ${m.durationSeconds}`);
  assert.equal(m.containerFormat, 'wav');
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
  assert.equal(m.failureCode, '');
}

async function assertStoredWithoutToken(m: Media, session: CreateUploadSessionResponse) {
  const stored = await mediaRow(db, m.mediaId);
  assert.equal(stored.user_agent, 'media-test/1.0');
  const upload = (await db.query('SELECT * FROM media.upload_sessions WHERE media_id = $1', [m.mediaId])).rows[0];
  assert.equal(upload.user_agent, 'media-test/1.0');
  assert.ok(upload.completed_at);
  assert.ok(!JSON.stringify(upload).includes(session.finalizeToken.slice(3)), 'the finalize token is not stored');
  assert.equal(session.finalizeToken, finalizeToken(infra.tokenSecret, upload.id));
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
  it('verifies the upload and answers the media with duration and streams', async () => {
    const userId = newUser();
    const session = await media.createUploadSession(
      sessionRequest(userId, {
        fileName: '../My Recording (1).wav',
        workspaceId: 'wsp_1',
        sizeBytes: files.tone.length,
      }),
    );
    assertSessionAnswer(session, userId);

    const res = await put(session.uploadUrl, files.tone, 'audio/wav');
    assert.equal(res.status, 200);
    const outcome = await finalize(media, userId, session);
    assert.equal(outcome.pending, undefined);
    assert.equal(outcome.mediaId, session.mediaId);
    const m = outcome.media!;
    assertReadyTone(m);

    assert.deepEqual((await media.getMedia({ userId, mediaId: m.mediaId, workspaceId: '' })).media, m);
    assert.deepEqual((await media.getMedia({ userId, mediaId: m.mediaId, workspaceId: 'wsp_1' })).media, m);
    await assert.rejects(media.getMedia({ userId, mediaId: m.mediaId, workspaceId: 'wsp_2' }), { code: 'not_found' });
    await assertStoredWithoutToken(m, session);

    // Finalizing again answers the same media and starts nothing new.
    const again = await media.completeUpload({
      userId,
      mediaId: m.mediaId,
      finalizeToken: session.finalizeToken,
      waitMs: 0,
    });
    assert.deepEqual(again.media, m);
    const verifications = await db.query('SELECT status, attempts FROM media.verifications WHERE media_id = $1', [
      m.mediaId,
    ]);
    assert.deepEqual(verifications.rows, [{ status: 'succeeded', attempts: 1 }]);
    await assertVerifiedAnnounced(m, userId);
  });

  it('accepts video with an audio track', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.video, { fileName: 'clip.mp4', contentType: 'video/mp4' });
    const { media: m } = await finalize(media, userId, session);
    assert.equal(m!.status, 'ready');
    assert.equal(m!.containerFormat, 'mov,mp4,m4a,3gp,3g2,mj2');
    const video = m!.streams.find((s) => s.type === 'video')!;
    assert.deepEqual([video.codec, video.width, video.height], ['h264', 160, 120]);
    assert.deepEqual(
      m!.streams.filter((s) => s.type === 'audio').map((s) => s.codec),
      ['aac'],
    );
  });
});

describe('upload session → PUT → complete, while verification runs', () => {
  it('answers 202-style pending while a larger file is verified, then the media', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.long, { fileName: 'long.wav' });
    // Verification waits until the test lets it go: "pending" does not depend on ffprobe's speed.
    await probe.hold(session.mediaId);
    try {
      const first = await finalize(media, userId, session, 1);
      assert.equal(first.media, undefined);
      assert.equal(first.mediaId, session.mediaId);
      assert.ok(isId('vrf', first.pending!.verificationId));
      assert.ok(first.pending!.retryAfterSeconds >= 1);
      assert.equal((await mediaRow(db, session.mediaId)).status, 'verifying');
      assert.equal(
        (await media.getMedia({ userId, mediaId: session.mediaId, workspaceId: '' })).media!.status,
        'verifying',
      );
      await probe.release(session.mediaId);

      const second = await finalize(media, userId, session, 25_000);
      assert.equal(second.media!.status, 'ready');
      assert.ok(Math.abs(second.media!.durationSeconds - 30) < 0.01);
      assert.deepEqual(
        second.media!.streams.map((s) => [s.type, s.channels]),
        [['audio', 2]],
      );
      const verifications = await db.query('SELECT id, attempts FROM media.verifications WHERE media_id = $1', [
        session.mediaId,
      ]);
      assert.deepEqual(
        verifications.rows,
        [{ id: first.pending!.verificationId, attempts: 1 }],
        'one verification, run once',
      );
    } finally {
      await probe.release(session.mediaId);
    }
  });
});
