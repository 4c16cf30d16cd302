// POST /upload at its limits, each of the three ways: multipart streamed through the gateway (100
// MiB, one byte more is 413 with nothing stored), inline base64 (4 MiB decoded, one byte more is
// 413), and a signed form that storage refuses once it has expired. This fleet's media signs forms
// valid one second, so the expired form is reached without waiting an hour; the 60-minute default
// and a form upload that succeeds are in product-transcribe.test.ts.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eventually } from '@tp/testing';
import { SETTLED_WITHIN_MS } from './support/http.ts';
import { ada, api, bob, DISPATCHER, fleet, postToForm, uploadForm, useProductFleet } from './support/product.ts';
import { MIB, postMultipartStream, silentWav, silentWavBytes } from './support/streamed-upload.ts';

const FORM_TTL_SECONDS = 1;
useProductFleet({
  without: ['jobs', 'worker', DISPATCHER],
  mediaEnv: { MEDIA_FORM_TTL_SECONDS: String(FORM_TTL_SECONDS) },
});

let s3: S3Client | undefined;
after(() => s3?.destroy());
const storage = () =>
  (s3 ??= new S3Client({
    endpoint: fleet.objectStore.endpoint,
    region: fleet.objectStore.region,
    forcePathStyle: true,
    credentials: { accessKeyId: fleet.objectStore.accessKeyId, secretAccessKey: fleet.objectStore.secretAccessKey },
  }));

/** Every key in the fleet's bucket (these tests are the only writers). */
async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await storage().send(
      new ListObjectsV2Command({ Bucket: fleet.objectStore.bucket, ContinuationToken: token }),
    );
    keys.push(...(page.Contents ?? []).map((o) => o.Key!));
    token = page.NextContinuationToken;
  } while (token);
  return keys.sort();
}

async function assertNothingStoredBeyond(before: string[], what: string) {
  // An aborted upload's parts are removed as the gateway sees the refusal: wait for the cleanup.
  await eventually(
    `${what}: nothing left in storage`,
    async () => (await storedKeys()).join() === before.join(),
    SETTLED_WITHIN_MS,
    100,
  );
}

const multipart = (size: number) =>
  postMultipartStream(`${fleet.gatewayUrl}/upload`, ada.token, silentWav(size), 'silence.wav', 'audio/wav');

describe('POST /upload, multipart/form-data', () => {
  it('streams a 100 MiB file to storage and answers its read URL and media id', async () => {
    const res = await multipart(100 * MIB);
    assert.equal(res.status, 201, res.text);
    const { fileUrl, mediaId } = res.body.data;
    assert.match(mediaId, /^med_/);
    const media = await api(ada, 'GET', `/api/v1/media/${mediaId}`);
    assert.equal(media.status, 200, media.text);
    assert.equal(media.body.data.size_bytes, 100 * MIB);
    assert.equal(media.body.data.status, 'ready', 'verified with ffprobe like any upload');
    const read = await fetch(fileUrl, { headers: { range: 'bytes=0-3' } });
    assert.equal(read.status, 206);
    assert.equal(Buffer.from(await read.arrayBuffer()).toString('ascii'), 'RIFF');
  });

  it('refuses 100 MiB + 1 byte with 413 and leaves no object behind', async () => {
    const before = await storedKeys();
    const res = await multipart(100 * MIB + 1);
    assert.equal(res.status, 413, res.text);
    assert.equal(res.body.detail.code, 'media_too_large');
    assert.match(res.body.detail.message, new RegExp(`${100 * MIB} bytes`));
    await assertNothingStoredBeyond(before, 'the refused upload');
    const media = await api(ada, 'GET', '/api/v1/media');
    assert.equal(media.body.data.length, 1, 'only the 100 MiB file is ada’s media');
  });
});

describe('POST /upload, inline base64', () => {
  const inline = (bytes: Buffer) =>
    api(ada, 'POST', '/upload', {
      file_name: 'inline.wav',
      content_type: 'audio/wav',
      data_base64: bytes.toString('base64'),
    });

  it('takes 4 MiB of decoded media and answers a read URL of the same bytes', async () => {
    const bytes = silentWavBytes(4 * MIB);
    const res = await inline(bytes);
    assert.equal(res.status, 201, res.text);
    const read = await fetch(res.body.data.fileUrl);
    assert.equal(read.status, 200);
    assert.ok(Buffer.from(await read.arrayBuffer()).equals(bytes), 'the file URL reads what was uploaded');
    // The read URL lasts 24 hours.
    const expiresIn = Date.parse(res.body.data.fileUrlExpiresAt) - Date.now();
    assert.ok(Math.abs(expiresIn - 24 * 3600_000) < 5 * 60_000, `expires in ${expiresIn} ms`);
  });

  it('refuses 4 MiB + 1 byte decoded with 413 and stores nothing', async () => {
    const before = await storedKeys();
    const res = await inline(silentWavBytes(4 * MIB + 1));
    assert.equal(res.status, 413, res.text);
    assert.equal(res.body.detail.code, 'media_too_large');
    assert.match(res.body.detail.message, new RegExp(`${4 * MIB} bytes`));
    await assertNothingStoredBeyond(before, 'the refused inline upload');
  });

  it('refuses data that is not base64, and a content type that is not audio or video', async () => {
    const garbled = await api(ada, 'POST', '/upload', {
      file_name: 'a.wav',
      content_type: 'audio/wav',
      data_base64: '***',
    });
    assert.equal(garbled.status, 422, garbled.text);
    const text = await api(ada, 'POST', '/upload', {
      file_name: 'a.txt',
      content_type: 'text/plain',
      data_base64: Buffer.from('hello').toString('base64'),
    });
    assert.equal(text.status, 400, text.text);
    assert.equal(text.body.detail.code, 'bad_request');
    assert.match(text.body.detail.message, /audio\/\* or video\/\*/);
  });
});

describe('POST /upload, signed form', () => {
  it('answers a form valid for the configured lifetime that storage refuses once it has expired', async () => {
    const form = await uploadForm(ada, 'late.wav');
    assert.match(form.mediaId, /^med_/);
    const lifetime = Date.parse(form.upload.expires_at) - Date.now();
    assert.ok(lifetime <= FORM_TTL_SECONDS * 1000, `the form lasts ${lifetime} ms`);
    await eventually(
      'the form has expired',
      async () => Date.now() > Date.parse(form.upload.expires_at) + 1000,
      10_000,
      50,
    );
    const before = await storedKeys();
    const posted = await postToForm(form, silentWavBytes(64 * 1024), 'audio/wav');
    assert.equal(posted.status, 403, posted.text);
    assert.match(posted.text, /expired/i);
    assert.deepEqual(await storedKeys(), before, 'storage kept nothing');
    const read = await fetch(form.fileUrl);
    assert.equal(read.status, 404, 'the file URL reads nothing');
  });

  it('needs files:write, and a form of bob’s media stays bob’s', async () => {
    const reader = (await fleet.tsctl('tokens', 'create', '--email', ada.email, '--preset', 'read-only')).stdout.trim();
    const refused = await fetch(`${fleet.gatewayUrl}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${reader}`, 'content-type': 'application/json' },
      body: JSON.stringify({ file_name: 'a.wav', content_type: 'audio/wav' }),
    });
    assert.equal(refused.status, 403);
    assert.equal(((await refused.json()) as { detail: { code: string } }).detail.code, 'insufficient_scope');
    const bobs = await uploadForm(bob, 'bob.wav');
    const seen = await api(ada, 'GET', `/api/v1/media/${bobs.mediaId}`);
    assert.equal(seen.status, 404);
  });
});
