import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openAsBlob } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createClient } from '@tp/grpc';
import { ArtifactsServiceService } from '@tp/proto';
import { startFleet, type Fleet } from '@tp/testing';
import { call, eventually } from './support/http.ts';
import { mediaFolder } from './support/media-files.ts';

let fleet: Fleet;
let files: Awaited<ReturnType<typeof mediaFolder>>;
let s3: S3Client;
const users: Record<'ada' | 'bob', { id: string; token: string }> = {} as never;

async function user(name: 'ada' | 'bob') {
  const created = await fleet.tsctl('users', 'create', '--email', `${name}@example.com`);
  assert.equal(created.code, 0, created.stderr);
  const token = (await fleet.tsctl('tokens', 'create', '--email', `${name}@example.com`, '--preset', 'full')).stdout.trim();
  users[name] = { id: JSON.parse(created.stdout).user_id, token };
}

/** The storage key a presigned upload URL points at (path-style: /<bucket>/<key>). */
function keyOf(uploadUrl: string): string {
  const path = decodeURIComponent(new URL(uploadUrl).pathname);
  return path.slice(path.indexOf('/', 1) + 1);
}

async function objectExists(key: string): Promise<boolean> {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: fleet.objectStore.bucket, Key: key }));
    return true;
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw err;
  }
}

async function session(token: string, body: object, headers: Record<string, string> = {}) {
  const res = await call(fleet.gatewayUrl, 'POST', '/api/v1/media/upload-session', { token, body, headers });
  assert.equal(res.status, 201, res.text);
  return res.body.data as { upload_url: string; media_id: string; finalize_token: string; upload_headers: Record<string, string> };
}

async function put(url: string, bytes: Uint8Array, contentType: string) {
  return fetch(url, { method: 'PUT', body: bytes, headers: { 'content-type': contentType } });
}

const complete = (token: string, media_id: string, finalize_token: string, headers: Record<string, string> = {}) =>
  call(fleet.gatewayUrl, 'POST', '/api/v1/media/complete', { token, body: { media_id, finalize_token }, headers });

before(async () => {
  fleet = await startFleet({ without: ['jobs', 'worker', 'shares'] });
  files = await mediaFolder();
  s3 = new S3Client({
    endpoint: fleet.objectStore.endpoint,
    region: fleet.objectStore.region,
    forcePathStyle: true,
    credentials: { accessKeyId: fleet.objectStore.accessKeyId, secretAccessKey: fleet.objectStore.secretAccessKey },
  });
  await user('ada');
  await user('bob');
});

after(async () => {
  s3?.destroy();
  await files?.remove();
  await fleet?.stop();
});

describe('upload session → PUT → complete', () => {
  it('registers verified media with 201: duration, streams, size', async () => {
    const wav = await readFile(await files.tone('tone.wav', 3));
    const s = await session(users.ada.token, { file_name: 'tone.wav', content_type: 'audio/wav' }, { 'user-agent': 'e2e-uploader/2.0' });
    assert.match(s.media_id, /^med_/);
    assert.deepEqual(s.upload_headers, { 'Content-Type': 'audio/wav' });
    assert.equal((await put(s.upload_url, wav, 'audio/wav')).status, 200);
    const done = await complete(users.ada.token, s.media_id, s.finalize_token, { prefer: 'wait=10' });
    assert.equal(done.status, 201, done.text);
    const media = done.body.data;
    assert.equal(media.media_id, s.media_id);
    assert.equal(media.status, 'ready');
    assert.equal(media.size_bytes, wav.length);
    assert.ok(Math.abs(media.duration_seconds - 3) < 0.05, String(media.duration_seconds));
    assert.equal(media.streams[0].type, 'audio');
    assert.equal(media.streams[0].codec, 'pcm_s16le');
    assert.equal(media.streams[0].sample_rate, 16_000);
    // Completing again answers the same media.
    const again = await complete(users.ada.token, s.media_id, s.finalize_token);
    assert.equal(again.status, 201);
    assert.equal(again.body.data.media_id, s.media_id);
  });

  it('answers 202 verification_pending while verifying, then 201 on a repeat', async () => {
    const wav = await readFile(await files.tone('long.wav', 30, 48_000));
    const s = await session(users.ada.token, { file_name: 'long.wav', content_type: 'audio/wav' });
    assert.equal((await put(s.upload_url, wav, 'audio/wav')).status, 200);
    const first = await complete(users.ada.token, s.media_id, s.finalize_token, { prefer: 'wait=0' });
    assert.equal(first.status, 202, first.text);
    assert.equal(first.body.data.status, 'verification_pending');
    assert.match(first.body.data.verification_id, /^vrf_/);
    assert.ok(first.body.data.retry_after_seconds >= 1);
    await eventually(async () => (await complete(users.ada.token, s.media_id, s.finalize_token, { prefer: 'wait=0' })).status === 201, 15_000, 200);
  });

  it('refuses a tampered upload URL at storage: another key, signature or content type', async () => {
    const s = await session(users.ada.token, { file_name: 'x.wav', content_type: 'audio/wav' });
    const bytes = new Uint8Array([1, 2, 3]);
    const url = new URL(s.upload_url);
    const otherKey = new URL(url);
    otherKey.pathname = otherKey.pathname.replace(/[^/]+$/, 'other.wav');
    const badSignature = new URL(url);
    const signature = badSignature.searchParams.get('X-Amz-Signature')!;
    badSignature.searchParams.set('X-Amz-Signature', (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1));
    assert.equal((await put(otherKey.toString(), bytes, 'audio/wav')).status, 403);
    assert.equal((await put(badSignature.toString(), bytes, 'audio/wav')).status, 403);
    assert.equal((await put(s.upload_url, bytes, 'text/plain')).status, 403);
    assert.equal(await objectExists(keyOf(s.upload_url)), false);
  });

  it('rejects a file that is not media, and removes its object', async () => {
    const s = await session(users.ada.token, { file_name: 'notes.wav', content_type: 'audio/wav' });
    assert.equal((await put(s.upload_url, Buffer.from('this is not audio, just text '.repeat(100)), 'audio/wav')).status, 200);
    assert.equal(await objectExists(keyOf(s.upload_url)), true);
    const res = await complete(users.ada.token, s.media_id, s.finalize_token, { prefer: 'wait=10' });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.detail.code, 'media_unplayable');
    assert.equal(await objectExists(keyOf(s.upload_url)), false);
  });

  it('rejects empty files and video without audio, with their own codes', async () => {
    const empty = await session(users.ada.token, { file_name: 'empty.wav', content_type: 'audio/wav' });
    assert.equal((await put(empty.upload_url, new Uint8Array(), 'audio/wav')).status, 200);
    const emptyRes = await complete(users.ada.token, empty.media_id, empty.finalize_token);
    assert.equal(emptyRes.status, 400);
    assert.equal(emptyRes.body.detail.code, 'media_empty');

    const video = await readFile(await files.silentVideo('silent.mp4'));
    const v = await session(users.ada.token, { file_name: 'silent.mp4', content_type: 'video/mp4' });
    assert.equal((await put(v.upload_url, video, 'video/mp4')).status, 200);
    const videoRes = await complete(users.ada.token, v.media_id, v.finalize_token, { prefer: 'wait=10' });
    assert.equal(videoRes.status, 400, videoRes.text);
    assert.equal(videoRes.body.detail.code, 'media_no_audio');
    assert.equal(await objectExists(keyOf(v.upload_url)), false);
  });

  it('says what is wrong before the upload and with a wrong token', async () => {
    const s = await session(users.ada.token, { file_name: 'later.wav', content_type: 'audio/wav' });
    const early = await complete(users.ada.token, s.media_id, s.finalize_token);
    assert.equal(early.status, 409);
    assert.equal(early.body.detail.code, 'upload_incomplete');
    const wrong = await complete(users.ada.token, s.media_id, 'ft_wrong');
    assert.equal(wrong.status, 403);
    assert.equal(wrong.body.detail.code, 'invalid_finalize_token');
    const badType = await call(fleet.gatewayUrl, 'POST', '/api/v1/media/upload-session', { token: users.ada.token, body: { file_name: 'a.txt', content_type: 'text/plain' } });
    assert.equal(badType.status, 400);
    const missing = await call(fleet.gatewayUrl, 'POST', '/api/v1/media/upload-session', { token: users.ada.token, body: { file_name: 'a.wav' } });
    assert.equal(missing.status, 422);
    assert.deepEqual(missing.body.detail[0].loc, ['body', 'content_type']);
  });

  it('honours Idempotency-Key: same body → same session, different body → 409', async () => {
    const headers = { 'idempotency-key': 'upload-42' };
    const a = await session(users.ada.token, { file_name: 'idem.wav', content_type: 'audio/wav' }, headers);
    const b = await session(users.ada.token, { file_name: 'idem.wav', content_type: 'audio/wav' }, headers);
    assert.equal(b.media_id, a.media_id);
    assert.equal(b.finalize_token, a.finalize_token);
    const conflict = await call(fleet.gatewayUrl, 'POST', '/api/v1/media/upload-session', { token: users.ada.token, body: { file_name: 'other.wav', content_type: 'audio/wav' }, headers });
    assert.equal(conflict.status, 409);
    assert.equal(conflict.body.detail.code, 'idempotency_conflict');
    // Keys belong to their user.
    const bobs = await session(users.bob.token, { file_name: 'idem.wav', content_type: 'audio/wav' }, headers);
    assert.notEqual(bobs.media_id, a.media_id);
  });
});

describe('multipart upload', () => {
  it('streams files over 50 MB to storage with the gateway memory not growing with the file size', async () => {
    const upload = async (path: string) => {
      let peak = fleet.rssBytes('gateway');
      const sampler = setInterval(() => {
        peak = Math.max(peak, fleet.rssBytes('gateway'));
      }, 20);
      const form = new FormData();
      form.append('workspace_id', 'ws_e2e');
      form.append('file', await openAsBlob(path, { type: 'audio/wav' }), 'big.wav');
      const res = await fetch(`${fleet.gatewayUrl}/api/v1/media/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${users.ada.token}`, prefer: 'wait=30' } });
      clearInterval(sampler);
      const body = (await res.json()) as { data: { size_bytes: number; duration_seconds: number; workspace_id: string } };
      assert.equal(res.status, 201, JSON.stringify(body));
      return { body: body.data, peak };
    };
    const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
    const baseline = fleet.rssBytes('gateway');
    const smallPath = await files.tone('big.wav', 600, 48_000); // 600 s × 48 kHz × 2 bytes ≈ 55 MB
    const small = await upload(smallPath);
    const smallSize = (await stat(smallPath)).size;
    assert.ok(smallSize > 50 * 1024 * 1024, String(smallSize));
    assert.equal(small.body.size_bytes, smallSize);
    assert.equal(small.body.workspace_id, 'ws_e2e');
    assert.ok(Math.abs(small.body.duration_seconds - 600) < 0.1);

    const largePath = await files.tone('bigger.wav', 1800, 48_000); // three times as large ≈ 165 MB
    const large = await upload(largePath);
    const largeSize = (await stat(largePath)).size;
    assert.equal(large.body.size_bytes, largeSize);
    console.log(
      `gateway RSS: baseline ${mb(baseline)} MB; peak ${mb(small.peak)} MB streaming ${mb(smallSize)} MB; peak ${mb(large.peak)} MB streaming ${mb(largeSize)} MB`,
    );
    // Buffering would add the extra data to the peak; streaming keeps it near the smaller upload's
    // (garbage collection decides the rest, so allow up to half the extra data).
    assert.ok(large.peak - small.peak < (largeSize - smallSize) / 2, `peak grew by ${mb(large.peak - small.peak)} MB for ${mb(largeSize - smallSize)} MB more data`);
    // Above the idle baseline sits V8's warm-up of the first upload (80 to 130 MB here); a gateway
    // that held the file would add all of it on top.
    assert.ok(large.peak - baseline < largeSize, `peak ${mb(large.peak - baseline)} MB above baseline for a ${mb(largeSize)} MB file`);
  });

  it('aborts the storage upload and forgets the media when the client disconnects halfway', async () => {
    const boundary = 'e2e-boundary';
    const url = new URL(`${fleet.gatewayUrl}/api/v1/media/upload`);
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: { authorization: `Bearer ${users.ada.token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(40 * 1024 * 1024) },
    });
    req.on('error', () => undefined);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.wav"\r\nContent-Type: audio/wav\r\n\r\n`);
    // 12 MiB of the promised 40: more than one part reaches storage before the connection drops.
    for (let i = 0; i < 12; i += 1) {
      if (!req.write(Buffer.alloc(1024 * 1024, 7))) await new Promise((r) => req.once('drain', r));
    }
    const cut = async () =>
      ((await call(fleet.gatewayUrl, 'GET', '/api/v1/media?limit=200', { token: users.ada.token })).body.data as { media_id: string; file_name: string; status: string }[]).find(
        (m) => m.file_name === 'cut.wav',
      );
    await eventually(async () => (await cut())?.status === 'awaiting_upload', 5000, 50);
    const { media_id } = (await cut())!;
    req.destroy();
    await eventually(async () => (await cut()) === undefined, 5000, 100);
    assert.equal((await call(fleet.gatewayUrl, 'GET', `/api/v1/media/${media_id}`, { token: users.ada.token })).status, 404);
    const objects = await s3.send(new ListObjectsV2Command({ Bucket: fleet.objectStore.bucket, Prefix: `users/${users.ada.id}/media/${media_id}/` }));
    assert.equal(objects.KeyCount ?? 0, 0);
  });

  it('refuses a form without a file, and a non-multipart body', async () => {
    const form = new FormData();
    form.append('workspace_id', 'x');
    const noFile = await fetch(`${fleet.gatewayUrl}/api/v1/media/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${users.ada.token}` } });
    assert.equal(noFile.status, 422);
    assert.deepEqual(((await noFile.json()) as { detail: { loc: string[] }[] }).detail[0]!.loc, ['body', 'file']);
    const json = await call(fleet.gatewayUrl, 'POST', '/api/v1/media/upload', { token: users.ada.token, body: { file: 'x' } });
    assert.equal(json.status, 415);
    assert.equal(json.body.detail.code, 'unsupported_media_type');
  });
});

describe('register, list, delete, usage', () => {
  it('registers an object inside the caller\'s prefix only', async () => {
    const wav = await readFile(await files.tone('imported.wav', 2));
    const key = `users/${users.ada.id}/imports/imported.wav`;
    await s3.send(new PutObjectCommand({ Bucket: fleet.objectStore.bucket, Key: key, Body: wav, ContentType: 'audio/wav' }));
    const res = await call(fleet.gatewayUrl, 'POST', '/api/v1/media/register', { token: users.ada.token, body: { storage_key: key }, headers: { prefer: 'wait=10' } });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.data.source, 'register');
    const again = await call(fleet.gatewayUrl, 'POST', '/api/v1/media/register', { token: users.ada.token, body: { storage_key: key } });
    assert.equal(again.status, 409);
    for (const storage_key of [`users/${users.bob.id}/imports/imported.wav`, 'elsewhere/file.wav', `users/${users.ada.id}/../${users.bob.id}/x.wav`]) {
      const refused = await call(fleet.gatewayUrl, 'POST', '/api/v1/media/register', { token: users.ada.token, body: { storage_key } });
      assert.equal(refused.status, 403, storage_key);
      assert.equal(refused.body.detail.code, 'storage_key_not_allowed');
    }
  });

  it('lists, reads, counts and deletes, removing the storage object', async () => {
    const wav = await readFile(await files.tone('del.wav', 1));
    const s = await session(users.ada.token, { file_name: 'del.wav', content_type: 'audio/wav' });
    await put(s.upload_url, wav, 'audio/wav');
    assert.equal((await complete(users.ada.token, s.media_id, s.finalize_token, { prefer: 'wait=10' })).status, 201);

    const list = await call(fleet.gatewayUrl, 'GET', '/api/v1/media?limit=200', { token: users.ada.token });
    assert.equal(list.status, 200);
    assert.equal(list.body.data[0].media_id, s.media_id, 'newest first');
    assert.equal((await call(fleet.gatewayUrl, 'GET', '/api/v1/media?limit=0', { token: users.ada.token })).status, 422);
    const usageBefore = (await call(fleet.gatewayUrl, 'GET', '/api/v1/cloud-storage/usage', { token: users.ada.token })).body.data;
    assert.ok(usageBefore.used_bytes >= wav.length);
    assert.equal(usageBefore.available_bytes, usageBefore.quota_bytes - usageBefore.used_bytes);

    const artifacts = await call(fleet.gatewayUrl, 'GET', `/api/v1/media/${s.media_id}/artifacts`, { token: users.ada.token });
    assert.equal(artifacts.status, 200);
    assert.deepEqual(artifacts.body.data, []);

    const deleted = await call(fleet.gatewayUrl, 'DELETE', `/api/v1/media/${s.media_id}`, { token: users.ada.token });
    assert.equal(deleted.status, 204);
    assert.equal(deleted.text, '');
    assert.equal(await objectExists(keyOf(s.upload_url)), false);
    assert.equal((await call(fleet.gatewayUrl, 'GET', `/api/v1/media/${s.media_id}`, { token: users.ada.token })).status, 404);
    assert.equal((await call(fleet.gatewayUrl, 'DELETE', `/api/v1/media/${s.media_id}`, { token: users.ada.token })).status, 404);
    const usageAfter = (await call(fleet.gatewayUrl, 'GET', '/api/v1/cloud-storage/usage', { token: users.ada.token })).body.data;
    assert.equal(usageAfter.used_bytes, usageBefore.used_bytes - wav.length);
    assert.equal(usageAfter.object_count, usageBefore.object_count - 1);
  });

  it('lists the artifacts made from a media', async () => {
    const wav = await readFile(await files.tone('art.wav', 1));
    const s = await session(users.ada.token, { file_name: 'art.wav', content_type: 'audio/wav' });
    await put(s.upload_url, wav, 'audio/wav');
    assert.equal((await complete(users.ada.token, s.media_id, s.finalize_token, { prefer: 'wait=10' })).status, 201);
    const artifacts = createClient(ArtifactsServiceService, fleet.artifactsGrpcAddr);
    try {
      const { artifact } = await artifacts.createArtifact({
        userId: users.ada.id,
        artifactType: 'transcript',
        mediaId: s.media_id,
        workspaceId: '',
        jobId: '',
        title: 'art.wav',
        payloadJson: JSON.stringify({ version: 1, language: 'en', duration: 1, speakers: [], segments: [], translation: null, source: { media_id: s.media_id, job_id: null, profile: null, engine: null } }),
        authorType: 'service',
        authorId: 'worker',
        outputKey: '',
        outputFormat: '',
        idempotencyKey: '',
      });
      const listed = await call(fleet.gatewayUrl, 'GET', `/api/v1/media/${s.media_id}/artifacts`, { token: users.ada.token });
      assert.equal(listed.status, 200);
      assert.deepEqual(listed.body.data.map((a: { artifact_id: string }) => a.artifact_id), [artifact!.artifactId]);
      assert.equal(listed.body.data[0].media_id, s.media_id);
    } finally {
      artifacts.close();
    }
  });

  it('keeps users apart: another user\'s media is a 404 on every route', async () => {
    const wav = await readFile(await files.tone('mine.wav', 1));
    const s = await session(users.ada.token, { file_name: 'mine.wav', content_type: 'audio/wav' });
    await put(s.upload_url, wav, 'audio/wav');
    assert.equal((await complete(users.ada.token, s.media_id, s.finalize_token, { prefer: 'wait=10' })).status, 201);
    const bob = users.bob.token;
    for (const [method, path, body] of [
      ['GET', `/api/v1/media/${s.media_id}`, undefined],
      ['GET', `/api/v1/media/${s.media_id}/artifacts`, undefined],
      ['DELETE', `/api/v1/media/${s.media_id}`, undefined],
      ['POST', '/api/v1/media/complete', { media_id: s.media_id, finalize_token: s.finalize_token }],
    ] as const) {
      const res = await call(fleet.gatewayUrl, method, path, { token: bob, body });
      assert.equal(res.status, 404, `${method} ${path}: ${res.text}`);
      assert.equal(res.body.detail.code, 'not_found');
    }
    const bobsList = await call(fleet.gatewayUrl, 'GET', '/api/v1/media', { token: bob });
    assert.ok(!bobsList.body.data.some((m: { media_id: string }) => m.media_id === s.media_id));
    assert.equal((await call(fleet.gatewayUrl, 'GET', `/api/v1/media/${s.media_id}`, { token: users.ada.token })).status, 200);
  });

  it('enforces scopes: a read-only token cannot upload', async () => {
    const readOnly = (await fleet.tsctl('tokens', 'create', '--email', 'ada@example.com', '--preset', 'read-only')).stdout.trim();
    const res = await call(fleet.gatewayUrl, 'POST', '/api/v1/media/upload-session', { token: readOnly, body: { file_name: 'a.wav', content_type: 'audio/wav' } });
    assert.equal(res.status, 403);
    assert.equal(res.body.detail.required_scope, 'files:write');
    assert.equal((await call(fleet.gatewayUrl, 'GET', '/api/v1/media', { token: readOnly })).status, 200);
  });
});
