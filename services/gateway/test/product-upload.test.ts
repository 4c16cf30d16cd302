// POST /upload of the product back-end interface: multipart streamed into real (local) S3 through
// media's direct upload, the signed form, and the inline base64 file; their limits.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { AppError } from '@tp/errors';
import { CreateUploadFormResponse } from '@tp/proto';
import { CREATED, LATER } from './samples.ts';
import { PART_SIZE, type StorageMedia, startStorageMedia } from './storage-media.ts';
import {
  assertError,
  assertValidation,
  itChecksAccess,
  log,
  startTestGateway,
  type CallResult,
  type TestGateway,
} from './support.ts';

const MiB = 1024 * 1024;
/** The small gateway's multipart limit: over one part, so a refused upload has stored a part first. */
const SMALL_LIMIT = 6 * MiB;

let storage: StorageMedia;
let gateway: TestGateway;

const FORM = CreateUploadFormResponse.fromPartial({
  mediaId: 'med_form',
  url: 'https://s3.example/bucket',
  fields: { key: 'users/u/med_form', policy: 'p', 'x-amz-signature': 's' },
  expiresAt: LATER,
  maxSizeBytes: 100 * MiB,
  fileUrl: 'https://s3.example/bucket/users/u/med_form?sig',
  fileUrlExpiresAt: CREATED,
});

before(async () => {
  storage = await startStorageMedia(log);
  gateway = await startTestGateway({ PRODUCT_UPLOAD_MAX_BYTES: String(SMALL_LIMIT), RATE_LIMITS_ENABLED: 'false' });
});
beforeEach(() =>
  gateway.backends.use({
    ...storage.handlers,
    media: { ...storage.handlers.media, createUploadForm: async () => FORM },
  }),
);
after(async () => {
  await gateway.stop();
  await storage.stop();
});

const write = () => gateway.backends.pat(['files:write']);

// Bodies are checked field by field.
async function send(g: TestGateway, body: FormData | AsyncIterable<Uint8Array>, type?: string): Promise<CallResult> {
  const headers: Record<string, string> = { authorization: `Bearer ${write()}` };
  if (type) headers['content-type'] = type;
  const res = await fetch(`${g.service.url}/upload`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text, headers: res.headers };
}

function form(bytes: Buffer, fileName = 'talk.wav', fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  data.append('file', new Blob([bytes], { type: 'audio/wav' }), fileName);
  return data;
}

/** A multipart body of `size` zero bytes, generated as it is sent (never whole in memory). */
async function* streamedForm(boundary: string, size: number): AsyncIterable<Uint8Array> {
  yield Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  const chunk = Buffer.alloc(MiB);
  for (let left = size; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

const aborts = (g: TestGateway) => g.backends.received('media', 'abortDirectUpload').length;
/** The media of the latest direct upload (storage-media numbers them in order). */
const lastMediaId = (g: TestGateway) => `med_s3_${g.backends.received('media', 'startDirectUpload').length}`;

describe('POST /upload: access', () => {
  itChecksAccess(
    () => gateway,
    [
      {
        method: 'POST',
        path: '/upload',
        access: 'files:write',
        body: { file_name: 'a.mp3', content_type: 'audio/mpeg' },
        status: 201,
      },
    ],
  );
});

describe('POST /upload: multipart', () => {
  it('streams the file into storage in parts and answers its media id and read URL', async () => {
    const bytes = randomBytes(PART_SIZE + 512 * 1024);
    const res = await send(gateway, form(bytes));
    assert.equal(res.status, 201, res.text);
    const { mediaId, fileUrl, fileUrlExpiresAt, status } = res.body.data;
    assert.equal(status, 'ready');
    assert.match(mediaId, /^med_s3_/);
    assert.ok(Date.parse(fileUrlExpiresAt) > Date.now() + 23 * 3600_000, 'the read URL lasts 24 h');
    assert.deepEqual(await storage.stored(mediaId), bytes);
    const read = await fetch(fileUrl);
    assert.deepEqual(Buffer.from(await read.arrayBuffer()), bytes, 'fileUrl reads the file');
    const started = gateway.backends.received('media', 'startDirectUpload').at(-1) as { fileName: string };
    assert.equal(started.fileName, 'talk.wav', "the part's filename");
  });

  it('takes file_name from its field when given', async () => {
    const res = await send(gateway, form(randomBytes(1000), 'x.wav', { file_name: 'Meeting.wav' }));
    assert.equal(res.status, 201, res.text);
    const started = gateway.backends.received('media', 'startDirectUpload').at(-1) as { fileName: string };
    assert.equal(started.fileName, 'Meeting.wav');
  });

  it('refuses a field it does not take', async () => {
    const res = await send(gateway, form(randomBytes(10), 'x.wav', { workspace_id: 'wsp_1' }));
    assertValidation(res, [
      { loc: ['body', 'workspace_id'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
    ]);
  });

  it('takes a file of exactly the limit', async () => {
    const bytes = randomBytes(SMALL_LIMIT);
    const res = await send(gateway, form(bytes));
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(await storage.stored(res.body.data.mediaId), bytes);
  });

  it('refuses a file over the limit with 413 media_too_large, aborts the upload and leaves no object', async () => {
    const before = aborts(gateway);
    const res = await send(gateway, form(Buffer.alloc(SMALL_LIMIT + 1)));
    assertError(res, 413, 'media_too_large', `The file is larger than ${SMALL_LIMIT} bytes.`);
    assert.equal(aborts(gateway), before + 1);
    assert.equal(await storage.stored(lastMediaId(gateway)), null);
    const next = await send(gateway, form(randomBytes(10)));
    assert.equal(next.status, 201, 'the gateway keeps serving');
  });

  it('refuses 100 MiB + 1 byte at the default limit, streamed, and aborts the upload', async () => {
    const real = await startTestGateway({ RATE_LIMITS_ENABLED: 'false' }, { beside: gateway });
    try {
      const before = aborts(real);
      const signed = real.backends.received('media', 'signUploadPart').length;
      const boundary = 'product-upload-boundary';
      const startedAt = Date.now();
      const res = await send(real, streamedForm(boundary, 100 * MiB + 1), `multipart/form-data; boundary=${boundary}`);
      assertError(res, 413, 'media_too_large', `The file is larger than ${100 * MiB} bytes.`);
      assert.equal(aborts(real), before + 1);
      const parts = real.backends.received('media', 'signUploadPart').length - signed;
      assert.equal(parts, (100 * MiB) / PART_SIZE, 'stored part by part until the byte over the limit');
      assert.equal(await storage.stored(lastMediaId(real)), null);
      log.info({ ms: Date.now() - startedAt }, '100 MiB + 1 refused');
    } finally {
      await real.stop();
    }
  });

  it('answers media verification errors as the main interface does', async () => {
    gateway.backends.use({
      media: {
        finishDirectUpload: async () => {
          throw new AppError('media_unplayable');
        },
      },
    });
    const res = await send(gateway, form(randomBytes(100)));
    assertError(res, 400, 'media_unplayable', 'The uploaded file is not playable audio or video.');
  });
});

describe('POST /upload: other bodies', () => {
  it('answers a body that is neither JSON nor multipart/form-data with a 422 naming the body', async () => {
    const res = await fetch(`${gateway.service.url}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${write()}`, 'content-type': 'audio/wav' },
      body: 'RIFF',
    });
    assert.equal(res.status, 422);
    assert.deepEqual(await res.json(), { detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }] });
  });
});
