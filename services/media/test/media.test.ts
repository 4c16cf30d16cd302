import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { connectBus, type Bus, type BusEvent } from '@tp/bus';
import { isId } from '@tp/ids';
import type { CreateUploadSessionRequest } from '@tp/proto';
import { finalizeToken } from '../src/domain/finalize-tokens.ts';
import { MEDIA_EVENTS, type MediaDeletedPayload, type MediaVerifiedPayload } from '@tp/events';
import {
  eventually,
  keyOf,
  log,
  makeMediaFiles,
  objectExists,
  put,
  putObject,
  startInfra,
  startInProcess,
  type Infra,
  type InProcessService,
  type MediaClient,
  type MediaFiles,
} from './support.ts';

let infra: Infra;
let files: MediaFiles;
let main: InProcessService;
/** A second replica on the same database and bus with small limits (quota and size tests). */
let tight: InProcessService;
let media: MediaClient;
let db: pg.Client;
let bus: Bus;
const events: BusEvent<MediaVerifiedPayload | MediaDeletedPayload>[] = [];
let stopEvents: () => Promise<void>;

const TIGHT_MAX_BYTES = 250_000;
const TIGHT_QUOTA_BYTES = 400_000;

before(async () => {
  [infra, files] = await Promise.all([startInfra(), makeMediaFiles()]);
  main = await startInProcess(infra);
  tight = await startInProcess(infra, { MEDIA_MAX_BYTES: String(TIGHT_MAX_BYTES), STORAGE_QUOTA_BYTES: String(TIGHT_QUOTA_BYTES) });
  media = main.client;
  db = new pg.Client({ connectionString: infra.database.databaseUrl.replace(/\?.*$/, '') });
  await db.connect();
  bus = await connectBus({ url: infra.namespace.natsUrl, name: 'media-test', prefix: infra.namespace.prefix, log });
  const subscription = await bus.subscribeEvents<MediaVerifiedPayload | MediaDeletedPayload>({ filterSubject: 'events.media.>', handler: (e) => void events.push(e) });
  stopEvents = () => subscription.stop();
});

after(async () => {
  await stopEvents?.();
  await bus?.close();
  await db?.end();
  await tight?.stop();
  await main?.stop();
  await files?.remove();
  await infra?.dispose();
});

let users = 0;
/** A fresh user id per test, so usage and quotas never leak between tests. */
const newUser = () => `usr_test${String((users += 1)).padStart(4, '0')}${Math.random().toString(36).slice(2, 8)}`;

const sessionRequest = (userId: string, overrides: Partial<CreateUploadSessionRequest> = {}): CreateUploadSessionRequest => ({
  userId,
  fileName: 'tone.wav',
  contentType: 'audio/wav',
  workspaceId: '',
  idempotencyKey: '',
  userAgent: 'media-test/1.0',
  sizeBytes: 0,
  ...overrides,
});

async function uploaded(client: MediaClient, userId: string, body: Uint8Array, overrides: Partial<CreateUploadSessionRequest> = {}) {
  const session = await client.createUploadSession(sessionRequest(userId, overrides));
  const res = await put(session.uploadUrl, body, session.uploadHeaders['Content-Type']!);
  assert.equal(res.status, 200, await res.text());
  return session;
}

const row = async (mediaId: string) => (await db.query('SELECT * FROM media.media_assets WHERE id = $1', [mediaId])).rows[0];

describe('upload session → PUT → complete', () => {
  it('verifies the upload and answers the media with duration and streams', async () => {
    const userId = newUser();
    const session = await media.createUploadSession(sessionRequest(userId, { fileName: '../My Recording (1).wav', workspaceId: 'wsp_1', sizeBytes: files.tone.length }));
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

    const res = await put(session.uploadUrl, files.tone, 'audio/wav');
    assert.equal(res.status, 200);
    const outcome = await media.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 0 });
    assert.equal(outcome.pending, undefined);
    assert.equal(outcome.mediaId, session.mediaId);
    const m = outcome.media!;
    assert.equal(m.status, 'ready');
    assert.equal(m.fileName, 'My Recording (1).wav');
    assert.equal(m.contentType, 'audio/wav');
    assert.equal(m.workspaceId, 'wsp_1');
    assert.equal(m.source, 'upload_session');
    assert.equal(m.sizeBytes, files.tone.length);
    assert.ok(Math.abs(m.durationSeconds - 2) < 0.01, `duration ${m.durationSeconds}`);
    assert.equal(m.containerFormat, 'wav');
    assert.deepEqual(m.streams, [{ index: 0, type: 'audio', codec: 'pcm_s16le', channels: 1, sampleRate: 44100, width: 0, height: 0, durationSeconds: 2 }]);
    assert.ok(m.verifiedAt && m.createdAt && m.verifiedAt >= m.createdAt);
    assert.equal(m.failureCode, '');

    assert.deepEqual((await media.getMedia({ userId, mediaId: m.mediaId, workspaceId: '' })).media, m);
    assert.deepEqual((await media.getMedia({ userId, mediaId: m.mediaId, workspaceId: 'wsp_1' })).media, m);
    await assert.rejects(media.getMedia({ userId, mediaId: m.mediaId, workspaceId: 'wsp_2' }), { code: 'not_found' });

    const stored = await row(m.mediaId);
    assert.equal(stored.user_agent, 'media-test/1.0');
    const upload = (await db.query('SELECT * FROM media.upload_sessions WHERE media_id = $1', [m.mediaId])).rows[0];
    assert.equal(upload.user_agent, 'media-test/1.0');
    assert.ok(upload.completed_at);
    assert.ok(!JSON.stringify(upload).includes(session.finalizeToken.slice(3)), 'the finalize token is not stored');
    assert.equal(session.finalizeToken, finalizeToken(infra.tokenSecret, upload.id));

    // Finalizing again answers the same media and starts nothing new.
    const again = await media.completeUpload({ userId, mediaId: m.mediaId, finalizeToken: session.finalizeToken, waitMs: 0 });
    assert.deepEqual(again.media, m);
    const verifications = await db.query('SELECT status, attempts FROM media.verifications WHERE media_id = $1', [m.mediaId]);
    assert.deepEqual(verifications.rows, [{ status: 'succeeded', attempts: 1 }]);

    const event = await eventually('media verified event', () => events.find((e) => e.subject === MEDIA_EVENTS.verified && e.data.media_id === m.mediaId));
    assert.deepEqual({ ...event.data, occurred_at: undefined }, {
      media_id: m.mediaId,
      user_id: userId,
      workspace_id: 'wsp_1',
      content_type: 'audio/wav',
      size_bytes: files.tone.length,
      duration_seconds: m.durationSeconds,
      container_format: 'wav',
      occurred_at: undefined,
    });
    const outbox = await db.query(`SELECT subject FROM media.outbox WHERE payload->>'media_id' = $1 ORDER BY id`, [m.mediaId]);
    assert.deepEqual(outbox.rows.map((r) => r.subject), ['work.media_verify.default', 'events.media.verified']);
  });

  it('signs a read URL for workers, only for the owner and only once the media is ready', async () => {
    const userId = newUser();
    const session = await media.createUploadSession(sessionRequest(userId, { sizeBytes: files.tone.length }));
    await assert.rejects(media.getReadUrl({ userId, mediaId: session.mediaId, ttlSeconds: 0 }), { code: 'media_not_ready' });
    await put(session.uploadUrl, files.tone, 'audio/wav');
    await media.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 0 });
    const read = await media.getReadUrl({ userId, mediaId: session.mediaId, ttlSeconds: 120 });
    assert.equal(read.media!.mediaId, session.mediaId);
    assert.equal(new URL(read.url).searchParams.get('X-Amz-Expires'), '120');
    const ttl = read.expiresAt!.getTime() - Date.now();
    assert.ok(ttl > 110_000 && ttl <= 120_000, `expires in ${ttl} ms`);
    const body = Buffer.from(await (await fetch(read.url)).arrayBuffer());
    assert.ok(body.equals(files.tone), 'the URL reads the stored bytes');
    assert.equal(new URL((await media.getReadUrl({ userId, mediaId: session.mediaId, ttlSeconds: 0 })).url).searchParams.get('X-Amz-Expires'), '3600');
    await assert.rejects(media.getReadUrl({ userId, mediaId: session.mediaId, ttlSeconds: 59 }), { code: 'bad_request' });
    await assert.rejects(media.getReadUrl({ userId: newUser(), mediaId: session.mediaId, ttlSeconds: 0 }), { code: 'not_found' });
    await media.deleteMedia({ userId, mediaId: session.mediaId });
    await assert.rejects(media.getReadUrl({ userId, mediaId: session.mediaId, ttlSeconds: 0 }), { code: 'not_found' });
  });

  it('answers 202-style pending while a larger file is verified, then the media', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.long, { fileName: 'long.wav' });
    const first = await media.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 1 });
    assert.equal(first.media, undefined);
    assert.equal(first.mediaId, session.mediaId);
    assert.ok(isId('vrf', first.pending!.verificationId));
    assert.ok(first.pending!.retryAfterSeconds >= 1);
    assert.equal((await row(session.mediaId)).status, 'verifying');
    assert.equal((await media.getMedia({ userId, mediaId: session.mediaId, workspaceId: '' })).media!.status, 'verifying');

    const second = await media.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 10_000 });
    assert.equal(second.media!.status, 'ready');
    assert.ok(Math.abs(second.media!.durationSeconds - 30) < 0.01);
    assert.deepEqual(second.media!.streams.map((s) => [s.type, s.channels]), [['audio', 2]]);
    const verifications = await db.query('SELECT id, attempts FROM media.verifications WHERE media_id = $1', [session.mediaId]);
    assert.deepEqual(verifications.rows, [{ id: first.pending!.verificationId, attempts: 1 }], 'one verification, run once');
  });

  it('accepts video with an audio track', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.video, { fileName: 'clip.mp4', contentType: 'video/mp4' });
    const { media: m } = await media.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 0 });
    assert.equal(m!.status, 'ready');
    assert.equal(m!.containerFormat, 'mov,mp4,m4a,3gp,3g2,mj2');
    const video = m!.streams.find((s) => s.type === 'video')!;
    assert.deepEqual([video.codec, video.width, video.height], ['h264', 160, 120]);
    assert.deepEqual(m!.streams.filter((s) => s.type === 'audio').map((s) => s.codec), ['aac']);
  });
});

describe('session requests', () => {
  it('refuses what is not audio or video, and bad file names, naming the problem', async () => {
    const userId = newUser();
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { contentType: 'text/html' })), { code: 'bad_request', message: /audio\/\* or video\/\*.*text\/html/ });
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { contentType: 'audio/wav\r\nx-evil: 1' })), { code: 'bad_request' });
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { fileName: '' })), { code: 'bad_request', message: /file_name/ });
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { fileName: 'dir/../' })), { code: 'bad_request', message: /file_name/ });
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { fileName: `${'a'.repeat(252)}.wav` })), { code: 'bad_request', message: /255/ });
    const ok = await media.createUploadSession(sessionRequest(userId, { fileName: `${'a'.repeat(251)}.wav`, contentType: 'audio/ogg; codecs=opus' }));
    assert.deepEqual(ok.uploadHeaders, { 'Content-Type': 'audio/ogg; codecs=opus' });
    await assert.rejects(media.createUploadSession(sessionRequest('')), { code: 'bad_request' });
    await assert.rejects(media.createUploadSession(sessionRequest('usr_x/../usr_y')), { code: 'bad_request' });
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { workspaceId: 'wsp/1' })), { code: 'bad_request' });
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { sizeBytes: -1 })), { code: 'bad_request' });
  });

  it('refuses a declared size over the largest file accepted', async () => {
    await assert.rejects(media.createUploadSession(sessionRequest(newUser(), { sizeBytes: 5 * 1024 ** 3 + 1 })), { code: 'media_too_large' });
    await assert.rejects(tight.client.createUploadSession(sessionRequest(newUser(), { sizeBytes: TIGHT_MAX_BYTES + 1 })), { code: 'media_too_large', message: /250000/ });
  });
});

describe('Idempotency-Key', () => {
  it('replays the same session for the same request, with a freshly signed URL', async () => {
    const userId = newUser();
    const request = sessionRequest(userId, { idempotencyKey: 'key-1', sizeBytes: files.tone.length });
    const first = await media.createUploadSession(request);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // another signing second
    const second = await media.createUploadSession({ ...request, userAgent: 'another client' });
    assert.equal(second.mediaId, first.mediaId);
    assert.equal(second.finalizeToken, first.finalizeToken);
    assert.equal(second.replayed, true);
    assert.notEqual(second.uploadUrl, first.uploadUrl, 'signed again');
    assert.equal(keyOf(second.uploadUrl), keyOf(first.uploadUrl));
    assert.equal((await db.query('SELECT count(*)::int AS n FROM media.media_assets WHERE user_id = $1', [userId])).rows[0].n, 1);

    // Either URL uploads; either token finalizes.
    assert.equal((await put(second.uploadUrl, files.tone, 'audio/wav')).status, 200);
    const { media: m } = await media.completeUpload({ userId, mediaId: first.mediaId, finalizeToken: second.finalizeToken, waitMs: 0 });
    assert.equal(m!.status, 'ready');

    // Another user's identical key is another session.
    const other = await media.createUploadSession({ ...request, userId: newUser() });
    assert.notEqual(other.mediaId, first.mediaId);
    assert.equal(other.replayed, false);
  });

  it('refuses the same key with a different request', async () => {
    const userId = newUser();
    await media.createUploadSession(sessionRequest(userId, { idempotencyKey: 'key-2' }));
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { idempotencyKey: 'key-2', fileName: 'other.wav' })), { code: 'idempotency_conflict' });
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { idempotencyKey: 'key-2', contentType: 'audio/mpeg' })), { code: 'idempotency_conflict' });
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { idempotencyKey: 'key-2', workspaceId: 'wsp_9' })), { code: 'idempotency_conflict' });
    await assert.rejects(media.createUploadSession(sessionRequest(userId, { idempotencyKey: 'a key with spaces' })), { code: 'bad_request' });
  });

  it('creates one session for concurrent requests with the same key', async () => {
    const userId = newUser();
    const request = sessionRequest(userId, { idempotencyKey: 'key-race' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => media.createUploadSession(request)));
    assert.equal(new Set(answers.map((a) => a.mediaId)).size, 1);
    assert.equal(answers.filter((a) => !a.replayed).length, 1);
  });

  it('answers upload_session_expired for an expired session, and forgets keys after 24 h', async () => {
    const userId = newUser();
    const request = sessionRequest(userId, { idempotencyKey: 'key-3' });
    const first = await media.createUploadSession(request);
    await db.query(`UPDATE media.upload_sessions SET expires_at = now() - interval '1 second' WHERE media_id = $1`, [first.mediaId]);
    await assert.rejects(media.createUploadSession(request), { code: 'upload_session_expired' });
    await db.query(`UPDATE media.upload_sessions SET created_at = now() - interval '24 hours 1 second' WHERE media_id = $1`, [first.mediaId]);
    const fresh = await media.createUploadSession(request);
    assert.notEqual(fresh.mediaId, first.mediaId);
    assert.equal(fresh.replayed, false);
  });
});

describe('storage refuses a tampered upload URL', () => {
  it('a changed key, signature or Content-Type is refused; nothing is stored', async () => {
    const userId = newUser();
    const session = await media.createUploadSession(sessionRequest(userId));
    const url = new URL(session.uploadUrl);

    const otherKey = new URL(url);
    otherKey.pathname = url.pathname.replace(session.mediaId, `${session.mediaId.slice(0, -1)}${session.mediaId.endsWith('x') ? 'y' : 'x'}`);
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
    await assert.rejects(media.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 0 }), { code: 'upload_incomplete' });
    assert.equal((await put(session.uploadUrl, files.tone, 'audio/wav')).status, 200, 'the untouched URL still works');
  });
});

describe('refused uploads', () => {
  async function refused(body: Uint8Array, overrides: Partial<CreateUploadSessionRequest>, code: string) {
    const userId = newUser();
    const session = await uploaded(media, userId, body, overrides);
    const key = keyOf(session.uploadUrl);
    assert.equal(await objectExists(infra, key), true);
    await assert.rejects(media.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 0 }), { code });
    assert.equal(await objectExists(infra, key), false, 'the object is removed');
    const m = (await media.getMedia({ userId, mediaId: session.mediaId, workspaceId: '' })).media!;
    assert.equal(m.status, 'failed');
    assert.equal(m.failureCode, code);
    assert.notEqual(m.failureMessage, '');
    // Finalizing again answers the same error and verifies nothing again.
    await assert.rejects(media.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 0 }), { code });
    assert.equal((await db.query('SELECT live_key FROM media.media_assets WHERE id = $1', [session.mediaId])).rows[0].live_key, null);
    const usage = await media.getStorageUsage({ userId });
    assert.deepEqual([usage.usedBytes, usage.objectCount], [0, 0], 'a refused file uses no storage');
    return session;
  }

  it('an empty file: media_empty', async () => {
    const session = await refused(new Uint8Array(0), {}, 'media_empty');
    assert.equal((await db.query('SELECT count(*)::int AS n FROM media.verifications WHERE media_id = $1', [session.mediaId])).rows[0].n, 0, 'refused before verification');
  });

  it('bytes that are not media: media_unplayable', async () => {
    await refused(Buffer.from('This is a text file, not a recording. '.repeat(100)), { fileName: 'notes.wav' }, 'media_unplayable');
    await refused(Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 251)), { fileName: 'noise.mp3', contentType: 'audio/mpeg' }, 'media_unplayable');
  });

  it('a WAV header without samples: media_unplayable', async () => {
    await refused(files.tone.subarray(0, 44), {}, 'media_unplayable');
  });

  it('video without an audio stream: media_no_audio', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.silentVideo, { fileName: 'silent.mp4', contentType: 'video/mp4' });
    await assert.rejects(media.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 0 }), {
      code: 'media_no_audio',
      message: /no audio stream \(found: video\)/,
    });
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), false);
    assert.equal((await media.getMedia({ userId, mediaId: session.mediaId, workspaceId: '' })).media!.failureCode, 'media_no_audio');
  });

  it('a playlist is not followed: no request leaves the service, media_unplayable', async () => {
    let hits = 0;
    const server: Server = createServer((_req, res) => {
      hits += 1;
      res.end('#EXTM3U\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nhttp://127.0.0.1:${port}/internal/secret.ts\n#EXT-X-ENDLIST\n`;
      await refused(Buffer.from(playlist), { fileName: 'list.m3u8', contentType: 'audio/x-mpegurl' }, 'media_unplayable');
      assert.equal(hits, 0);
    } finally {
      server.close();
    }
  });

  it('complete before the PUT: upload_incomplete, and the session stays usable', async () => {
    const userId = newUser();
    const session = await media.createUploadSession(sessionRequest(userId));
    await assert.rejects(media.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 0 }), { code: 'upload_incomplete' });
    assert.equal((await row(session.mediaId)).status, 'awaiting_upload');
    assert.equal((await put(session.uploadUrl, files.tone, 'audio/wav')).status, 200);
    const { media: m } = await media.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 0 });
    assert.equal(m!.status, 'ready');
  });

  it('an object stored with another Content-Type than the session declared: bad_request, object removed', async () => {
    const userId = newUser();
    const session = await media.createUploadSession(sessionRequest(userId));
    // Written behind the presigned URL's back (e.g. by someone holding storage credentials).
    await putObject(infra, keyOf(session.uploadUrl), files.tone, 'audio/mpeg');
    await assert.rejects(media.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 0 }), { code: 'bad_request', message: /audio\/mpeg/ });
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), false);
  });

  it('an object over the largest file accepted: media_too_large, object removed', async () => {
    const userId = newUser();
    const session = await uploaded(tight.client, userId, files.long, { fileName: 'long.wav' });
    await assert.rejects(tight.client.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 0 }), { code: 'media_too_large' });
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), false);
    assert.equal((await row(session.mediaId)).failure_code, 'media_too_large');
  });
});

describe('finalize tokens', () => {
  it('only the token of this media finalizes it', async () => {
    const userId = newUser();
    const a = await uploaded(media, userId, files.tone);
    const b = await media.createUploadSession(sessionRequest(userId));
    for (const token of ['', 'ft_nope', b.finalizeToken, `${a.finalizeToken}x`, a.finalizeToken.slice(0, -1)]) {
      await assert.rejects(media.completeUpload({ userId, mediaId: a.mediaId, finalizeToken: token, waitMs: 0 }), { code: 'invalid_finalize_token' });
    }
    assert.equal((await row(a.mediaId)).status, 'awaiting_upload', 'nothing started');
  });

  it('an expired session cannot be finalized', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.tone);
    await db.query(`UPDATE media.upload_sessions SET expires_at = now() - interval '1 second' WHERE media_id = $1`, [session.mediaId]);
    await assert.rejects(media.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 0 }), { code: 'upload_session_expired' });
  });
});

describe('isolation between users', () => {
  it("another user's media is not_found everywhere, and never listed", async () => {
    const owner = newUser();
    const stranger = newUser();
    const session = await uploaded(media, owner, files.tone);
    const ready = await media.completeUpload({ userId: owner, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 0 });
    const direct = await media.startDirectUpload({ userId: owner, fileName: 'd.wav', contentType: 'audio/wav', workspaceId: '', userAgent: '' });
    const id = ready.mediaId;

    await assert.rejects(media.completeUpload({ userId: stranger, mediaId: id, finalizeToken: session.finalizeToken, waitMs: 0 }), { code: 'not_found' });
    await assert.rejects(media.getMedia({ userId: stranger, mediaId: id, workspaceId: '' }), { code: 'not_found' });
    await assert.rejects(media.deleteMedia({ userId: stranger, mediaId: id }), { code: 'not_found' });
    await assert.rejects(media.signUploadPart({ userId: stranger, mediaId: direct.mediaId, partNumber: 1 }), { code: 'not_found' });
    await assert.rejects(media.finishDirectUpload({ userId: stranger, mediaId: direct.mediaId, parts: [{ partNumber: 1, etag: '"x"' }], waitMs: 0 }), { code: 'not_found' });
    await assert.rejects(media.abortDirectUpload({ userId: stranger, mediaId: direct.mediaId }), { code: 'not_found' });
    await assert.rejects(media.registerMedia({ userId: stranger, storageKey: keyOf(session.uploadUrl), fileName: '', contentType: '', workspaceId: '', userAgent: '', waitMs: 0 }), {
      code: 'storage_key_not_allowed',
    });
    assert.deepEqual((await media.listMedia({ userId: stranger, workspaceId: '', limit: 0 })).media, []);
    assert.deepEqual(await media.getStorageUsage({ userId: stranger }), { usedBytes: 0, objectCount: 0, quotaBytes: 50 * 1024 ** 3 });
    // Still the owner's, untouched.
    assert.equal((await media.getMedia({ userId: owner, mediaId: id, workspaceId: '' })).media!.status, 'ready');
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), true);
    await assert.rejects(media.getMedia({ userId: owner, mediaId: 'med_doesnotexist', workspaceId: '' }), { code: 'not_found' });
  });
});

describe('register', () => {
  it('registers an object inside the caller prefix, once', async () => {
    const userId = newUser();
    const key = `users/${userId}/imports/interview.wav`;
    await putObject(infra, key, files.tone, 'audio/wav');
    const outcome = await media.registerMedia({ userId, storageKey: key, fileName: '', contentType: '', workspaceId: 'wsp_r', userAgent: 'importer', waitMs: 0 });
    const m = outcome.media!;
    assert.equal(m.status, 'ready');
    assert.equal(m.source, 'register');
    assert.equal(m.fileName, 'interview.wav');
    assert.equal(m.contentType, 'audio/wav', 'taken from the object');
    assert.equal(m.workspaceId, 'wsp_r');
    assert.equal((await row(m.mediaId)).storage_key, key);
    await assert.rejects(media.registerMedia({ userId, storageKey: key, fileName: 'again.wav', contentType: 'audio/wav', workspaceId: '', userAgent: '', waitMs: 0 }), { code: 'conflict' });

    // Once deleted, the key is free again (for a new object).
    await media.deleteMedia({ userId, mediaId: m.mediaId });
    assert.equal(await objectExists(infra, key), false);
    await putObject(infra, key, files.tone, 'audio/wav');
    const again = await media.registerMedia({ userId, storageKey: key, fileName: 'Interview.wav', contentType: 'audio/x-wav', workspaceId: '', userAgent: '', waitMs: 0 });
    assert.equal(again.media!.fileName, 'Interview.wav');
    assert.equal(again.media!.contentType, 'audio/x-wav');
  });

  it('refuses keys outside the caller prefix, however they are spelled', async () => {
    const userId = newUser();
    await putObject(infra, `users/usr_other/imports/x.wav`, files.tone, 'audio/wav');
    for (const key of [
      'users/usr_other/imports/x.wav',
      `users/${userId}/../usr_other/imports/x.wav`,
      `users/${userId}/./x.wav`,
      `users/${userId}//x.wav`,
      `/users/${userId}/x.wav`,
      `users/${userId}`,
      `users/${userId}/`,
      `users/${userId}x/x.wav`,
      `users\\${userId}\\x.wav`,
      'x.wav',
      '',
    ]) {
      await assert.rejects(media.registerMedia({ userId, storageKey: key, fileName: '', contentType: 'audio/wav', workspaceId: '', userAgent: '', waitMs: 0 }), { code: 'storage_key_not_allowed' }, key);
    }
    assert.equal(await objectExists(infra, 'users/usr_other/imports/x.wav'), true);
  });

  it('refuses a missing object, an empty one, and a non-media content type', async () => {
    const userId = newUser();
    const base = { userId, fileName: '', contentType: '', workspaceId: '', userAgent: '', waitMs: 0 };
    await assert.rejects(media.registerMedia({ ...base, storageKey: `users/${userId}/nothing.wav` }), { code: 'not_found' });
    await putObject(infra, `users/${userId}/empty.wav`, new Uint8Array(0), 'audio/wav');
    await assert.rejects(media.registerMedia({ ...base, storageKey: `users/${userId}/empty.wav` }), { code: 'media_empty' });
    await putObject(infra, `users/${userId}/page.html`, Buffer.from('<html></html>'), 'text/html');
    await assert.rejects(media.registerMedia({ ...base, storageKey: `users/${userId}/page.html` }), { code: 'bad_request', message: /text\/html/ });
    assert.deepEqual((await media.listMedia({ userId, workspaceId: '', limit: 0 })).media, [], 'nothing was registered');
  });

  it('refuses objects over the size limit or the quota, leaving them in place', async () => {
    const userId = newUser();
    const base = { userId, fileName: '', contentType: '', workspaceId: '', userAgent: '', waitMs: 0 };
    await putObject(infra, `users/${userId}/long.wav`, files.long, 'audio/wav');
    await assert.rejects(tight.client.registerMedia({ ...base, storageKey: `users/${userId}/long.wav` }), { code: 'media_too_large' });
    for (const name of ['a', 'b', 'c']) await putObject(infra, `users/${userId}/${name}.wav`, files.tone, 'audio/wav');
    await tight.client.registerMedia({ ...base, storageKey: `users/${userId}/a.wav` });
    await tight.client.registerMedia({ ...base, storageKey: `users/${userId}/b.wav` });
    await assert.rejects(tight.client.registerMedia({ ...base, storageKey: `users/${userId}/c.wav` }), { code: 'storage_quota_exceeded' });
    assert.equal(await objectExists(infra, `users/${userId}/c.wav`), true, 'not registered, so not ours to delete');
    assert.equal(await objectExists(infra, `users/${userId}/long.wav`), true);
    assert.equal((await tight.client.listMedia({ userId, workspaceId: '', limit: 0 })).media.length, 2);
  });

  it('an unplayable registered object fails and is removed', async () => {
    const userId = newUser();
    const key = `users/${userId}/imports/broken.wav`;
    await putObject(infra, key, Buffer.from('not audio at all'.repeat(50)), 'audio/wav');
    await assert.rejects(media.registerMedia({ userId, storageKey: key, fileName: '', contentType: '', workspaceId: '', userAgent: '', waitMs: 0 }), { code: 'media_unplayable' });
    assert.equal(await objectExists(infra, key), false);
  });
});

describe('direct (multipart) upload', () => {
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

  it('uploads a file of four parts and verifies it', async () => {
    const userId = newUser();
    const started = await media.startDirectUpload({ userId, fileName: 'large.wav', contentType: 'audio/wav', workspaceId: '', userAgent: 'gateway' });
    assert.ok(isId('med', started.mediaId));
    assert.deepEqual([started.partSizeBytes, started.maxParts, started.maxSizeBytes], [5 * 1024 * 1024, 10_000, 5 * 1024 ** 3]);
    assert.equal((await media.getMedia({ userId, mediaId: started.mediaId, workspaceId: '' })).media!.status, 'awaiting_upload');

    const parts = await putParts(started.mediaId, userId, files.large, started.partSizeBytes);
    assert.equal(parts.length, 4);
    const outcome = await media.finishDirectUpload({ userId, mediaId: started.mediaId, parts, waitMs: 20_000 });
    const m = outcome.media!;
    assert.equal(m.status, 'ready');
    assert.equal(m.source, 'direct_upload');
    assert.equal(m.sizeBytes, files.large.length);
    assert.ok(Math.abs(m.durationSeconds - 90) < 0.01);
    assert.deepEqual(m.streams.map((s) => [s.type, s.sampleRate, s.channels]), [['audio', 48000, 2]]);
    const key = `users/${userId}/media/${m.mediaId}/large.wav`;
    assert.equal(await objectExists(infra, key), true);

    // Finishing again answers the same media; signing more parts is refused.
    assert.deepEqual((await media.finishDirectUpload({ userId, mediaId: m.mediaId, parts, waitMs: 0 })).media, m);
    await assert.rejects(media.signUploadPart({ userId, mediaId: m.mediaId, partNumber: 5 }), { code: 'conflict' });
    await assert.rejects(media.abortDirectUpload({ userId, mediaId: m.mediaId }), { code: 'conflict' });
  });

  it('refuses part numbers outside 1..10000, parts past the size limit, and bad part lists', async () => {
    const userId = newUser();
    const { mediaId } = await media.startDirectUpload({ userId, fileName: 'x.wav', contentType: 'audio/wav', workspaceId: '', userAgent: '' });
    for (const partNumber of [0, -1, 10_001]) {
      await assert.rejects(media.signUploadPart({ userId, mediaId, partNumber }), { code: 'bad_request' });
    }
    // 5 MiB parts reach 5 GiB at part 1024; part 1025 would start beyond it.
    assert.match((await media.signUploadPart({ userId, mediaId, partNumber: 1024 })).url, /partNumber=1024/);
    await assert.rejects(media.signUploadPart({ userId, mediaId, partNumber: 1025 }), { code: 'media_too_large' });
    await assert.rejects(media.finishDirectUpload({ userId, mediaId, parts: [], waitMs: 0 }), { code: 'bad_request' });
    await assert.rejects(media.finishDirectUpload({ userId, mediaId, parts: [{ partNumber: 2, etag: '"a"' }, { partNumber: 1, etag: '"b"' }], waitMs: 0 }), { code: 'bad_request' });
    await assert.rejects(media.finishDirectUpload({ userId, mediaId, parts: [{ partNumber: 1, etag: ' ' }], waitMs: 0 }), { code: 'bad_request' });
    // (Parts never uploaded are refused by S3 with InvalidPart; the local store cannot be asked: it crashes.)

    const small = await tight.client.startDirectUpload({ userId, fileName: 'y.wav', contentType: 'audio/wav', workspaceId: '', userAgent: '' });
    assert.equal(small.maxSizeBytes, TIGHT_MAX_BYTES);
    await assert.rejects(tight.client.signUploadPart({ userId, mediaId: small.mediaId, partNumber: 2 }), { code: 'media_too_large' });
    await assert.rejects(media.startDirectUpload({ userId, fileName: 'y.txt', contentType: 'text/plain', workspaceId: '', userAgent: '' }), { code: 'bad_request' });
  });

  it('a finished upload over the size limit is refused and removed', async () => {
    const userId = newUser();
    const { mediaId } = await tight.client.startDirectUpload({ userId, fileName: 'long.wav', contentType: 'audio/wav', workspaceId: '', userAgent: '' });
    const { url } = await tight.client.signUploadPart({ userId, mediaId, partNumber: 1 });
    const res = await fetch(url, { method: 'PUT', body: files.long });
    await assert.rejects(tight.client.finishDirectUpload({ userId, mediaId, parts: [{ partNumber: 1, etag: res.headers.get('etag')! }], waitMs: 0 }), { code: 'media_too_large' });
    assert.equal(await objectExists(infra, `users/${userId}/media/${mediaId}/long.wav`), false);
  });

  it('abort removes the upload and the media', async () => {
    const userId = newUser();
    const { mediaId } = await media.startDirectUpload({ userId, fileName: 'gone.wav', contentType: 'audio/wav', workspaceId: '', userAgent: '' });
    const [part] = await putParts(mediaId, userId, files.tone, 5 * 1024 * 1024);
    await media.abortDirectUpload({ userId, mediaId });
    await assert.rejects(media.getMedia({ userId, mediaId, workspaceId: '' }), { code: 'not_found' });
    await assert.rejects(media.signUploadPart({ userId, mediaId, partNumber: 2 }), { code: 'not_found' });
    await assert.rejects(media.finishDirectUpload({ userId, mediaId, parts: [part!], waitMs: 0 }), { code: 'not_found' });
    await assert.rejects(media.abortDirectUpload({ userId, mediaId }), { code: 'not_found' });
    assert.equal(await objectExists(infra, `users/${userId}/media/${mediaId}/gone.wav`), false);
    const stored = await row(mediaId);
    assert.deepEqual([stored.status, stored.failure_code, stored.deleted_at !== null], ['failed', 'upload_incomplete', true]);
  });
});

describe('list, delete and storage usage', () => {
  it('lists newest first, filters by workspace and bounds the limit', async () => {
    const userId = newUser();
    const ids = [];
    for (const workspaceId of ['wsp_a', 'wsp_b', '', 'wsp_a']) ids.push((await media.createUploadSession(sessionRequest(userId, { workspaceId }))).mediaId);
    assert.deepEqual((await media.listMedia({ userId, workspaceId: '', limit: 0 })).media.map((m) => m.mediaId), [...ids].reverse());
    assert.deepEqual((await media.listMedia({ userId, workspaceId: 'wsp_a', limit: 0 })).media.map((m) => m.mediaId), [ids[3], ids[0]]);
    assert.deepEqual((await media.listMedia({ userId, workspaceId: '', limit: 2 })).media.map((m) => m.mediaId), [ids[3], ids[2]]);
    assert.equal((await media.listMedia({ userId, workspaceId: '', limit: 200 })).media.length, 4);
    for (const limit of [-1, 201]) await assert.rejects(media.listMedia({ userId, workspaceId: '', limit }), { code: 'bad_request', message: /between 1 and 200/ });
  });

  it('delete removes the object, hides the media and announces it; a second delete is not_found', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.tone);
    await media.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 0 });
    assert.deepEqual(await media.getStorageUsage({ userId }), { usedBytes: files.tone.length, objectCount: 1, quotaBytes: 50 * 1024 ** 3 });

    assert.deepEqual(await media.deleteMedia({ userId, mediaId: session.mediaId }), {});
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), false);
    await assert.rejects(media.getMedia({ userId, mediaId: session.mediaId, workspaceId: '' }), { code: 'not_found' });
    await assert.rejects(media.deleteMedia({ userId, mediaId: session.mediaId }), { code: 'not_found' });
    await assert.rejects(media.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 0 }), { code: 'not_found' });
    assert.deepEqual((await media.listMedia({ userId, workspaceId: '', limit: 0 })).media, []);
    assert.deepEqual(await media.getStorageUsage({ userId }), { usedBytes: 0, objectCount: 0, quotaBytes: 50 * 1024 ** 3 });
    const event = await eventually('media deleted event', () => events.find((e) => e.subject === MEDIA_EVENTS.deleted && e.data.media_id === session.mediaId));
    assert.equal(event.data.user_id, userId);
  });

  it('deleting a media that is still uploading also works', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.tone);
    const direct = await media.startDirectUpload({ userId, fileName: 'd.wav', contentType: 'audio/wav', workspaceId: '', userAgent: '' });
    await media.deleteMedia({ userId, mediaId: session.mediaId });
    await media.deleteMedia({ userId, mediaId: direct.mediaId });
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), false);
    await assert.rejects(media.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 0 }), { code: 'not_found' });
  });

  it('counts stored objects against the quota and refuses uploads beyond it', async () => {
    const userId = newUser();
    const client = tight.client;
    const first = await uploaded(client, userId, files.tone);
    await client.completeUpload({ userId, mediaId: first.mediaId, finalizeToken: first.finalizeToken, waitMs: 0 });
    const usage = await client.getStorageUsage({ userId });
    assert.deepEqual(usage, { usedBytes: files.tone.length, objectCount: 1, quotaBytes: TIGHT_QUOTA_BYTES });

    // Declared sizes are checked early.
    await assert.rejects(client.createUploadSession(sessionRequest(userId, { sizeBytes: TIGHT_QUOTA_BYTES - files.tone.length + 1 })), { code: 'storage_quota_exceeded' });
    // Undeclared sizes are checked at finalization: 2 × 176 kB fit, the third does not.
    const second = await uploaded(client, userId, files.tone);
    await client.completeUpload({ userId, mediaId: second.mediaId, finalizeToken: second.finalizeToken, waitMs: 0 });
    const third = await uploaded(client, userId, files.tone);
    await assert.rejects(client.completeUpload({ userId, mediaId: third.mediaId, finalizeToken: third.finalizeToken, waitMs: 0 }), { code: 'storage_quota_exceeded' });
    assert.equal(await objectExists(infra, keyOf(third.uploadUrl)), false);
    assert.deepEqual(await client.getStorageUsage({ userId }), { usedBytes: 2 * files.tone.length, objectCount: 2, quotaBytes: TIGHT_QUOTA_BYTES });

    // Deleting frees the space.
    await client.deleteMedia({ userId, mediaId: first.mediaId });
    const fourth = await uploaded(client, userId, files.tone);
    assert.equal((await client.completeUpload({ userId, mediaId: fourth.mediaId, finalizeToken: fourth.finalizeToken, waitMs: 0 })).media!.status, 'ready');
    // A full quota refuses even sessions of unknown size.
    const over = (await client.getStorageUsage({ userId })).usedBytes;
    await db.query('UPDATE media.media_assets SET size_bytes = $2 WHERE id = $1', [fourth.mediaId, TIGHT_QUOTA_BYTES - over + files.tone.length]);
    await assert.rejects(client.createUploadSession(sessionRequest(userId)), { code: 'storage_quota_exceeded' });
    await assert.rejects(client.startDirectUpload({ userId, fileName: 'd.wav', contentType: 'audio/wav', workspaceId: '', userAgent: '' }), { code: 'storage_quota_exceeded' });
  });

  it('concurrent finalizations cannot overrun the quota together', async () => {
    const userId = newUser();
    const sessions = await Promise.all([1, 2, 3].map(() => uploaded(tight.client, userId, files.tone)));
    const results = await Promise.allSettled(sessions.map((s) => tight.client.completeUpload({ userId, mediaId: s.mediaId, finalizeToken: s.finalizeToken, waitMs: 0 })));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 2);
    assert.equal(results.filter((r) => r.status === 'rejected' && (r.reason as { code: string }).code === 'storage_quota_exceeded').length, 1);
  });
});

describe('expiry', () => {
  it('the sweep expires unfinished sessions and direct uploads, removing what was uploaded', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.tone);
    const untouched = await media.createUploadSession(sessionRequest(userId));
    const direct = await media.startDirectUpload({ userId, fileName: 'd.wav', contentType: 'audio/wav', workspaceId: '', userAgent: '' });
    const { url } = await media.signUploadPart({ userId, mediaId: direct.mediaId, partNumber: 1 });
    assert.equal((await fetch(url, { method: 'PUT', body: files.tone })).status, 200);
    const finished = await uploaded(media, userId, files.tone);
    await media.completeUpload({ userId, mediaId: finished.mediaId, finalizeToken: finished.finalizeToken, waitMs: 0 });

    await main.service.sweepExpired(new Date(Date.now() + 3_590_000));
    const statuses = async () => (await media.listMedia({ userId, workspaceId: '', limit: 0 })).media.map((m) => m.status).sort();
    assert.deepEqual(await statuses(), ['awaiting_upload', 'awaiting_upload', 'awaiting_upload', 'ready'], 'nothing is due yet');
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), true);
    const due = await main.service.sweepExpired(new Date(Date.now() + 3_601_000));
    assert.ok(due.expired >= 3, `expired ${due.expired}`);

    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), false);
    for (const id of [session.mediaId, untouched.mediaId, direct.mediaId]) {
      assert.equal((await media.getMedia({ userId, mediaId: id, workspaceId: '' })).media!.status, 'expired', id);
    }
    await assert.rejects(media.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs: 0 }), { code: 'upload_session_expired' });
    await assert.rejects(media.signUploadPart({ userId, mediaId: direct.mediaId, partNumber: 2 }), { code: 'upload_session_expired' });
    await assert.rejects(media.finishDirectUpload({ userId, mediaId: direct.mediaId, parts: [{ partNumber: 1, etag: '"x"' }], waitMs: 0 }), { code: 'upload_session_expired' });
    assert.equal((await media.getMedia({ userId, mediaId: finished.mediaId, workspaceId: '' })).media!.status, 'ready', 'finished uploads are kept');
    assert.equal(await objectExists(infra, keyOf(finished.uploadUrl)), true);
    assert.equal((await db.query('SELECT count(*)::int AS n FROM media.media_assets WHERE user_id = $1 AND live_key IS NOT NULL', [userId])).rows[0].n, 1);
  });

  it('the sweep removes an object whose deletion did not happen', async () => {
    const userId = newUser();
    const session = await uploaded(media, userId, files.tone);
    // As if the process died between failing the media and deleting its object.
    await db.query(`UPDATE media.media_assets SET status = 'failed', failure_code = 'media_unplayable' WHERE id = $1`, [session.mediaId]);
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), true);
    const swept = await main.service.sweepExpired();
    assert.ok(swept.removed >= 1);
    assert.equal(await objectExists(infra, keyOf(session.uploadUrl)), false);
    assert.equal((await row(session.mediaId)).live_key, null);
  });
});
