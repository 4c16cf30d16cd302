// What the local S3 lets through: requests signed (SigV4) with its key pair, presigned URLs used
// as signed; an unsigned GET / as the health check and nothing else unsigned.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GetObjectCommand, HeadBucketCommand } from '@aws-sdk/client-s3';
import { BUCKET, clientFor, client, presignPut, put, SECRET, store, useTestStore } from './test-store.ts';

useTestStore();
const audio = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 250, 251]);

test('creates the bucket at start and answers the unsigned health check', async () => {
  await client.send(new HeadBucketCommand({ Bucket: BUCKET }));
  const res = await fetch(`${store.url}/`);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { status: 'ok', bucket: BUCKET });
});

test('a presigned PUT stores the bytes and GetObject returns them', async () => {
  const url = await presignPut(client, 'uploads/med_1/audio.wav', 'audio/wav');
  assert.match(url, /X-Amz-SignedHeaders=content-type%3Bhost|X-Amz-SignedHeaders=content-type;host/);
  const res = await put(url, audio, 'audio/wav');
  assert.equal(res.status, 200, res.text);

  const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'uploads/med_1/audio.wav' }));
  assert.equal(got.ContentType, 'audio/wav');
  assert.deepEqual(await got.Body!.transformToByteArray(), audio);
});

test('the same URL pointed at another key is refused', async () => {
  const url = await presignPut(client, 'uploads/med_2/audio.wav', 'audio/wav');
  const res = await put(url.replace('med_2', 'med_3'), audio, 'audio/wav');
  assert.equal(res.status, 403);
  assert.match(res.text, /SignatureDoesNotMatch/);
});

test('a changed signature is refused', async () => {
  const url = new URL(await presignPut(client, 'uploads/med_4/audio.wav', 'audio/wav'));
  const signature = url.searchParams.get('X-Amz-Signature')!;
  url.searchParams.set('X-Amz-Signature', (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1));
  const res = await put(url.toString(), audio, 'audio/wav');
  assert.equal(res.status, 403);
  assert.match(res.text, /SignatureDoesNotMatch/);
});

test('a different Content-Type than the one signed is refused', async () => {
  const url = await presignPut(client, 'uploads/med_5/audio.wav', 'audio/wav');
  const res = await put(url, audio, 'text/html');
  assert.equal(res.status, 403);
  assert.match(res.text, /SignatureDoesNotMatch/);
});

test('an expired URL is refused', async () => {
  const url = await presignPut(client, 'uploads/med_6/audio.wav', 'audio/wav', new Date(Date.now() - 3_600_000));
  const res = await put(url, audio, 'audio/wav');
  assert.equal(res.status, 403);
  assert.match(res.text, /expired/);
});

test('a URL signed with the wrong secret or an unknown key is refused', async () => {
  const wrongSecret = clientFor(store.url, 'not-the-secret-0123456789abcdef');
  const unknownKey = clientFor(store.url, SECRET, 'someone-else');
  try {
    const bad = await put(await presignPut(wrongSecret, 'uploads/med_7/a.wav', 'audio/wav'), audio, 'audio/wav');
    assert.equal(bad.status, 403);
    assert.match(bad.text, /SignatureDoesNotMatch/);
    const unknown = await put(await presignPut(unknownKey, 'uploads/med_7/a.wav', 'audio/wav'), audio, 'audio/wav');
    assert.equal(unknown.status, 403);
    assert.match(unknown.text, /InvalidAccessKeyId/);
  } finally {
    wrongSecret.destroy();
    unknownKey.destroy();
  }
});

test('the built-in S3RVER key pair no longer works', async () => {
  const builtIn = clientFor(store.url, 'S3RVER', 'S3RVER');
  try {
    await assert.rejects(
      builtIn.send(new HeadBucketCommand({ Bucket: BUCKET })),
      (err: { $metadata?: { httpStatusCode?: number } }) => {
        assert.equal(err.$metadata?.httpStatusCode, 403);
        return true;
      },
    );
  } finally {
    builtIn.destroy();
  }
});

test('unsigned requests other than the health check are refused', async () => {
  const putRes = await fetch(`${store.url}/${BUCKET}/uploads/anon.wav`, { method: 'PUT', body: audio });
  assert.equal(putRes.status, 403);
  assert.match(await putRes.text(), /AccessDenied/);
  const getRes = await fetch(`${store.url}/${BUCKET}/uploads/med_1/audio.wav`);
  assert.equal(getRes.status, 403);
});
