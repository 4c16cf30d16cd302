import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { BUCKET, client, clientFor, store, useTestStore } from './test-store.ts';

useTestStore();

const MAX = 1024;

/** A form as the media service signs one: the exact key, the type fixed, 1..MAX bytes. */
function form(key: string, options: { signer?: typeof client; contentType?: string } = {}) {
  const contentType = options.contentType ?? 'audio/wav';
  return createPresignedPost(options.signer ?? client, {
    Bucket: BUCKET,
    Key: key,
    Fields: { 'Content-Type': contentType },
    Conditions: [['content-length-range', 1, MAX]],
    Expires: 3600,
  });
}

async function post(
  url: string,
  fields: Record<string, string>,
  body: Uint8Array,
): Promise<{ status: number; code: string | undefined; text: string }> {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  data.append('file', new Blob([body], { type: 'application/octet-stream' }), 'a.wav');
  const res = await fetch(url, { method: 'POST', body: data });
  // s3rver escapes the message's quotes twice.
  const text = (await res.text()).replace(/&(amp;)?quot;/g, '"');
  return { status: res.status, code: /<Code>([^<]+)<\/Code>/.exec(text)?.[1], text };
}

async function exists(key: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  }
}

describe('POST Object (presigned POST policies)', () => {
  it('stores a form upload under the signed key with the signed content type', async () => {
    const signed = await form('users/u1/media/m1/a.wav');
    assert.equal(signed.url, `${store.url}/${BUCKET}`);
    const res = await post(signed.url, signed.fields, Buffer.from('RIFF-bytes'));
    assert.equal(res.status, 204, res.text);
    const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'users/u1/media/m1/a.wav' }));
    assert.equal(got.ContentType, 'audio/wav');
    assert.equal(await got.Body?.transformToString(), 'RIFF-bytes');
  });

  it('answers 201 with the PostResponse when success_action_status asks', async () => {
    const signed = await createPresignedPost(client, {
      Bucket: BUCKET,
      Key: 'users/u1/media/m2/b.wav',
      Fields: { success_action_status: '201' },
    });
    const res = await post(signed.url, signed.fields, Buffer.from('x'));
    assert.equal(res.status, 201, res.text);
    assert.match(res.text, /<Key>users\/u1\/media\/m2\/b.wav<\/Key>/);
  });

  it('refuses a file beyond content-length-range (EntityTooLarge) or empty (EntityTooSmall), storing nothing', async () => {
    const signed = await form('users/u1/media/m3/big.wav');
    const large = await post(signed.url, signed.fields, Buffer.alloc(MAX + 1));
    assert.deepEqual([large.status, large.code], [400, 'EntityTooLarge']);
    assert.match(large.text, /<MaxSizeAllowed>1024<\/MaxSizeAllowed>/);
    const empty = await post(signed.url, signed.fields, Buffer.alloc(0));
    assert.deepEqual([empty.status, empty.code], [400, 'EntityTooSmall']);
    assert.equal(await exists('users/u1/media/m3/big.wav'), false);
    assert.equal((await post(signed.url, signed.fields, Buffer.alloc(MAX))).status, 204);
  });
});

describe('POST Object refusals', () => {
  it('refuses a bad signature, an unknown key pair and an unsigned form', async () => {
    const signed = await form('users/u1/media/m4/a.wav');
    const tampered = { ...signed.fields, 'X-Amz-Signature': '0'.repeat(64) };
    assert.deepEqual(
      [
        (await post(signed.url, tampered, Buffer.from('x'))).status,
        (await post(signed.url, tampered, Buffer.from('x'))).code,
      ],
      [403, 'SignatureDoesNotMatch'],
    );
    const wrongSecret = await form('users/u1/media/m4/a.wav', {
      signer: clientFor(store.url, 'not-the-secret-at-all'),
    });
    assert.equal((await post(signed.url, wrongSecret.fields, Buffer.from('x'))).code, 'SignatureDoesNotMatch');
    const stranger = await form('users/u1/media/m4/a.wav', { signer: clientFor(store.url, 'x', 'someone-else') });
    assert.deepEqual(
      [
        (await post(signed.url, stranger.fields, Buffer.from('x'))).status,
        (await post(signed.url, stranger.fields, Buffer.from('x'))).code,
      ],
      [403, 'InvalidAccessKeyId'],
    );
    const noFile = new FormData();
    for (const [name, value] of Object.entries(signed.fields)) noFile.append(name, value);
    const fileless = await fetch(signed.url, { method: 'POST', body: noFile });
    assert.deepEqual(
      [fileless.status, /<Code>(\w+)/.exec(await fileless.text())?.[1]],
      [400, 'IncorrectNumberOfFilesInPostRequest'],
    );
    const malformed = await fetch(signed.url, {
      method: 'POST',
      body: '--x\r\nbroken',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    assert.equal(malformed.status, 400, await malformed.text());
    const unsigned = await post(signed.url, { key: 'users/u1/media/m4/a.wav' }, Buffer.from('x'));
    assert.deepEqual([unsigned.status, unsigned.code], [403, 'AccessDenied']);
    assert.equal(await exists('users/u1/media/m4/a.wav'), false);
  });

  it('refuses an expired policy with 403', async () => {
    const late = clientFor(store.url);
    late.config.systemClockOffset = -2 * 3600 * 1000;
    const signed = await form('users/u1/media/m5/a.wav', { signer: late });
    const res = await post(signed.url, signed.fields, Buffer.from('x'));
    assert.deepEqual([res.status, res.code], [403, 'AccessDenied']);
    assert.match(res.text, /Policy expired/);
    late.destroy();
  });

  it('refuses a content type, a key or a bucket other than signed, and fields no condition allows', async () => {
    const signed = await form('users/u1/media/m6/a.wav');
    const cases: [Record<string, string>, RegExp][] = [
      [
        { ...signed.fields, 'Content-Type': 'text/html' },
        /Policy Condition failed: \["eq","\$Content-Type","audio\/wav"\]/,
      ],
      [{ ...signed.fields, key: 'users/u2/media/m6/a.wav' }, /Policy Condition failed: \["eq","\$key"/],
      [{ ...signed.fields, bucket: 'other-bucket' }, /Policy Condition failed: \["eq","\$bucket"/],
      [{ ...signed.fields, 'x-amz-meta-owner': 'me' }, /Extra input fields: x-amz-meta-owner/],
    ];
    for (const [fields, message] of cases) {
      const res = await post(signed.url, fields, Buffer.from('x'));
      assert.deepEqual([res.status, res.code], [403, 'AccessDenied'], JSON.stringify(fields));
      assert.match(res.text, message);
    }
    const withoutType = { ...signed.fields };
    delete (withoutType as Record<string, string | undefined>)['Content-Type'];
    assert.equal((await post(signed.url, withoutType, Buffer.from('x'))).status, 403);
    assert.equal(await exists('users/u1/media/m6/a.wav'), false);
    assert.equal(await exists('users/u2/media/m6/a.wav'), false);
  });
});
