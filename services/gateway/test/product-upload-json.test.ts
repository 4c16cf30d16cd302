// POST /upload with a JSON body: the signed form, and the inline base64 file stored through the
// direct upload into real (local) S3; its 4 MiB limit, and the JSON limit of the other routes; the
// Idempotency-Key of both.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { CreateUploadFormResponse, StartDirectUploadResponse } from '@tp/proto';
import { USER_ID } from './fake-backends.ts';
import { CREATED, LATER } from './samples.ts';
import { type StorageMedia, startStorageMedia } from './storage-media.ts';
import { assertError, assertValidation, log, startTestGateway, type TestGateway } from './support.ts';

const MiB = 1024 * 1024;
const INLINE_LIMIT = 4 * MiB;

let storage: StorageMedia;
let gateway: TestGateway;

before(async () => {
  storage = await startStorageMedia(log);
  gateway = await startTestGateway({ RATE_LIMITS_ENABLED: 'false' });
});
beforeEach(() =>
  gateway.backends.use({
    ...storage.handlers,
    media: {
      ...storage.handlers.media,
      createUploadForm: async ({ fileName }) =>
        CreateUploadFormResponse.fromPartial({
          mediaId: 'med_form',
          url: 'https://s3.example/bucket',
          fields: { key: `users/u/${fileName}`, policy: 'p', 'x-amz-signature': 's' },
          expiresAt: LATER,
          maxSizeBytes: 100 * MiB,
          fileUrl: 'https://s3.example/bucket/users/u/med_form?sig',
          fileUrlExpiresAt: CREATED,
        }),
    },
  }),
);
after(async () => {
  await gateway.stop();
  await storage.stop();
});

const upload = (body: unknown) =>
  gateway.call('POST', '/upload', { token: gateway.backends.pat(['files:write']), body });
const directUploads = () => gateway.backends.received('media', 'startDirectUpload').length;

describe('POST /upload: the signed form', () => {
  it('answers a form to post the bytes to, with the read URL of the file', async () => {
    const res = await upload({ file_name: 'call.mp3', content_type: 'audio/mpeg' });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(res.body.data, {
      mediaId: 'med_form',
      fileUrl: 'https://s3.example/bucket/users/u/med_form?sig',
      fileUrlExpiresAt: CREATED.toISOString(),
      status: 'awaiting_upload',
      upload: {
        url: 'https://s3.example/bucket',
        method: 'POST',
        fields: { key: 'users/u/call.mp3', policy: 'p', 'x-amz-signature': 's' },
        expires_at: LATER.toISOString(),
        max_size_bytes: 100 * MiB,
      },
    });
    assert.deepEqual(gateway.backends.received('media', 'createUploadForm').at(-1), {
      userId: USER_ID,
      fileName: 'call.mp3',
      contentType: 'audio/mpeg',
      userAgent: 'node',
      idempotencyKey: '',
    });
  });

  it('names every missing field', async () => {
    assertValidation(await upload({}), [
      { loc: ['body', 'file_name'], msg: 'Field required', type: 'missing' },
      { loc: ['body', 'content_type'], msg: 'Field required', type: 'missing' },
    ]);
  });
});

describe('POST /upload: inline base64', () => {
  it('stores the decoded file and answers its media id and read URL', async () => {
    const bytes = randomBytes(3000);
    const res = await upload({ file_name: 'hi.wav', content_type: 'audio/wav', data_base64: bytes.toString('base64') });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.data.status, 'ready');
    assert.deepEqual(await storage.stored(res.body.data.mediaId), bytes);
    const read = await fetch(res.body.data.fileUrl);
    assert.deepEqual(Buffer.from(await read.arrayBuffer()), bytes);
  });

  it('takes exactly 4 MiB decoded (its JSON body limit admits the base64)', async () => {
    const bytes = randomBytes(INLINE_LIMIT);
    const res = await upload({
      file_name: 'max.wav',
      content_type: 'audio/wav',
      data_base64: bytes.toString('base64'),
    });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(await storage.stored(res.body.data.mediaId), bytes);
  });

  it('refuses 4 MiB + 1 byte decoded with 413 media_too_large, before anything is stored', async () => {
    const before = directUploads();
    const res = await upload({
      file_name: 'big.wav',
      content_type: 'audio/wav',
      data_base64: Buffer.alloc(INLINE_LIMIT + 1).toString('base64'),
    });
    assertError(res, 413, 'media_too_large', `The inline file is larger than ${INLINE_LIMIT} bytes.`);
    assert.equal(directUploads(), before);
  });

  it('refuses a body larger than the base64 of 4 MiB allows with 413', async () => {
    const res = await upload({
      file_name: 'huge.wav',
      content_type: 'audio/wav',
      data_base64: Buffer.alloc(5 * MiB).toString('base64'),
    });
    assertError(res, 413, 'payload_too_large', 'The request body is too large.');
  });

  it('refuses text that is not base64 with a 422', async () => {
    for (const data of ['abc', 'ab$=', 'aGVsbG8=\n']) {
      const res = await upload({ file_name: 'a.wav', content_type: 'audio/wav', data_base64: data });
      assertValidation(res, [
        {
          loc: ['body', 'data_base64'],
          msg: 'Input should be standard padded base64 without line breaks',
          type: 'value_error',
        },
      ]);
    }
  });

  it('leaves the JSON limit of the other routes as it was', async () => {
    const res = await gateway.call('POST', '/api/v1/jobs', {
      token: gateway.backends.pat(['jobs:write']),
      body: { input: { type: 'media_ref', media_id: 'med_1' }, padding: 'x'.repeat(2 * MiB) },
    });
    assertError(res, 413, 'payload_too_large', 'The request body is too large.');
  });
});

describe('POST /upload with an Idempotency-Key', () => {
  const keyed = (body: unknown, key = 'inline-1') =>
    gateway.call('POST', '/upload', {
      token: gateway.backends.pat(['files:write']),
      body,
      headers: { 'idempotency-key': key },
    });
  const started = () =>
    gateway.backends.received('media', 'startDirectUpload').at(-1) as { idempotencyKey: string; requestHash: string };

  it('hashes the whole inline body; a replay answers the first media, nothing stored again', async () => {
    const body = { file_name: 'hi.wav', content_type: 'audio/wav', data_base64: randomBytes(3000).toString('base64') };
    const first = await keyed(body);
    assert.equal(first.status, 201, first.text);
    const { idempotencyKey, requestHash } = started();
    assert.equal(idempotencyKey, 'inline-1');
    gateway.backends.use({
      ...storage.handlers,
      media: {
        ...storage.handlers.media,
        startDirectUpload: async () =>
          StartDirectUploadResponse.fromPartial({
            mediaId: first.body.data.mediaId,
            replay: { mediaId: first.body.data.mediaId, pending: { verificationId: '', retryAfterSeconds: 1 } },
          }),
      },
    });
    const parts = gateway.backends.received('media', 'signUploadPart').length;
    const again = await keyed(body);
    assert.equal(again.status, 201, again.text);
    assert.deepEqual([again.body.data.mediaId, again.body.data.status], [first.body.data.mediaId, 'verifying']);
    assert.equal(started().requestHash, requestHash);
    assert.equal(gateway.backends.received('media', 'signUploadPart').length, parts, 'no bytes stored again');
    await keyed({ ...body, data_base64: randomBytes(3000).toString('base64') });
    assert.notEqual(started().requestHash, requestHash, 'other bytes, another hash');
  });

  it('passes the key with a signed form request', async () => {
    const res = await keyed({ file_name: 'call.mp3', content_type: 'audio/mpeg' }, 'form-1');
    assert.equal(res.status, 201, res.text);
    const sent = gateway.backends.received('media', 'createUploadForm').at(-1) as { idempotencyKey: string };
    assert.equal(sent.idempotencyKey, 'form-1');
  });
});
