// Uploading the documented way: an upload session, a PUT to the presigned URL, then complete,
// which verifies the file.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { eventually } from '@tp/testing';
import { call, SETTLED_WITHIN_MS } from './support/http.ts';
import { complete, files, fleet, keyOf, objectExists, put, session, useMediaFleet, users } from './support/media.ts';

useMediaFleet();

describe('upload session → PUT → complete', () => {
  it('registers verified media with 201: duration, streams, size', async () => {
    const wav = await readFile(await files.tone('tone.wav', 3));
    const s = await session(
      users.ada.token,
      { file_name: 'tone.wav', content_type: 'audio/wav' },
      { 'user-agent': 'e2e-uploader/2.0' },
    );
    assert.match(s.media_id, /^med_/);
    assert.deepEqual(s.upload_headers, { 'Content-Type': 'audio/wav' });
    assert.equal((await put(s.upload_url, wav, 'audio/wav')).status, 200);
    const done = await complete(users.ada.token, s.media_id, s.finalize_token, { prefer: 'wait=30' });
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
    await eventually(
      'the verified media answered with 201',
      async () => (await complete(users.ada.token, s.media_id, s.finalize_token, { prefer: 'wait=0' })).status === 201,
      SETTLED_WITHIN_MS,
      200,
    );
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

  it('honours Idempotency-Key: same body → same session, different body → 409', async () => {
    const headers = { 'idempotency-key': 'upload-42' };
    const a = await session(users.ada.token, { file_name: 'idem.wav', content_type: 'audio/wav' }, headers);
    const b = await session(users.ada.token, { file_name: 'idem.wav', content_type: 'audio/wav' }, headers);
    assert.equal(b.media_id, a.media_id);
    assert.equal(b.finalize_token, a.finalize_token);
    const conflict = await call(fleet.gatewayUrl, 'POST', '/api/v1/media/upload-session', {
      token: users.ada.token,
      body: { file_name: 'other.wav', content_type: 'audio/wav' },
      headers,
    });
    assert.equal(conflict.status, 409);
    assert.equal(conflict.body.detail.code, 'idempotency_conflict');
    // Keys belong to their user.
    const bobs = await session(users.bob.token, { file_name: 'idem.wav', content_type: 'audio/wav' }, headers);
    assert.notEqual(bobs.media_id, a.media_id);
  });
});

describe('upload session → PUT → complete, when something is wrong', () => {
  it('rejects a file that is not media, and removes its object', async () => {
    const s = await session(users.ada.token, { file_name: 'notes.wav', content_type: 'audio/wav' });
    assert.equal(
      (await put(s.upload_url, Buffer.from('this is not audio, just text '.repeat(100)), 'audio/wav')).status,
      200,
    );
    assert.equal(await objectExists(keyOf(s.upload_url)), true);
    const res = await complete(users.ada.token, s.media_id, s.finalize_token, { prefer: 'wait=30' });
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
    const videoRes = await complete(users.ada.token, v.media_id, v.finalize_token, { prefer: 'wait=30' });
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
    const badType = await call(fleet.gatewayUrl, 'POST', '/api/v1/media/upload-session', {
      token: users.ada.token,
      body: { file_name: 'a.txt', content_type: 'text/plain' },
    });
    assert.equal(badType.status, 400);
    const missing = await call(fleet.gatewayUrl, 'POST', '/api/v1/media/upload-session', {
      token: users.ada.token,
      body: { file_name: 'a.wav' },
    });
    assert.equal(missing.status, 422);
    assert.deepEqual(missing.body.detail[0].loc, ['body', 'content_type']);
  });
});
