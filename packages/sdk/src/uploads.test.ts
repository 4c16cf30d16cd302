import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { ApiError, createClient, type UploadProgress } from './index.ts';
import { type FakeApi, startFakeApi } from './testing/fake-api.ts';

let api: FakeApi;
before(async () => {
  api = await startFakeApi();
});
after(() => api.close());

const bytes = randomBytes(3 * 1024 * 1024 + 17);
const media = { media_id: 'med_1', status: 'ready', file_name: 'talk.wav' };

function scriptUpload(put: Parameters<FakeApi['on']>[1][]) {
  api.on('POST /api/v1/media/upload-session', {
    status: 201,
    body: {
      data: {
        upload_url: `${api.url}/bucket/med_1?X-Signature=abc`,
        upload_headers: { 'x-amz-meta-media': 'med_1' },
        media_id: 'med_1',
        finalize_token: 'fin_1',
        upload_url_expires_at: '2026-01-01T00:10:00Z',
        expires_at: '2026-01-01T01:00:00Z',
      },
    },
  });
  api.on('PUT /bucket/med_1', ...put);
  api.on(
    'POST /api/v1/media/complete',
    {
      status: 202,
      body: {
        data: { status: 'verification_pending', media_id: 'med_1', verification_id: 'v1', retry_after_seconds: 0 },
      },
    },
    { status: 201, body: { data: media } },
  );
}

describe('uploadFile', () => {
  it('opens a session, PUTs the bytes with progress, and completes until media has verified them', async () => {
    scriptUpload([{ status: 200 }]);
    const client = createClient({ baseUrl: api.url, token: 'tsk_test' });
    const progress: UploadProgress[] = [];
    const file = new Blob([bytes], { type: 'audio/wav' });
    const ready = await client.uploadFile({ file, fileName: 'talk.wav', onProgress: (p) => progress.push(p) });
    assert.deepEqual(ready, media);

    const [session, put, ...completes] = api.received.filter((r) => r.path !== '/favicon.ico');
    assert.deepEqual(JSON.parse(session!.body.toString()), {
      file_name: 'talk.wav',
      content_type: 'audio/wav',
      size_bytes: bytes.length,
    });
    assert.ok(session!.headers['idempotency-key'], 'the session is created with an Idempotency-Key');
    assert.equal(put!.path, '/bucket/med_1?X-Signature=abc');
    assert.equal(put!.headers['content-type'], 'audio/wav');
    assert.equal(put!.headers['content-length'], String(bytes.length));
    assert.equal(put!.headers['x-amz-meta-media'], 'med_1');
    assert.equal(put!.headers.authorization, undefined, 'a signed URL never sees the token');
    assert.ok(put!.body.equals(bytes));
    assert.deepEqual(
      completes.map((r) => JSON.parse(r.body.toString())),
      [
        { media_id: 'med_1', finalize_token: 'fin_1' },
        { media_id: 'med_1', finalize_token: 'fin_1' },
      ],
    );

    assert.ok(progress.length > 2, `progress as the bytes stream (${progress.length} calls)`);
    assert.deepEqual(progress.at(-1), { sentBytes: bytes.length, totalBytes: bytes.length });
    for (let i = 1; i < progress.length; i++) assert.ok(progress[i]!.sentBytes > progress[i - 1]!.sentBytes);
  });

  it('sends the bytes again, whole, when the PUT answers 503', async () => {
    api.received.length = 0;
    scriptUpload([{ status: 503, body: 'SlowDown' }, { status: 200 }]);
    const client = createClient({ baseUrl: api.url, retry: { baseDelayMs: 1 } });
    await client.uploadFile({ file: new Blob([bytes]), fileName: 'talk.wav', contentType: 'audio/wav' });
    const puts = api.received.filter((r) => r.method === 'PUT');
    assert.equal(puts.length, 2);
    assert.ok(puts[1]!.body.equals(bytes));
  });

  it('throws ApiError when storage refuses the bytes', async () => {
    scriptUpload([{ status: 403, body: '<Error><Code>SignatureDoesNotMatch</Code></Error>' }]);
    const client = createClient({ baseUrl: api.url });
    const error = await client
      .uploadFile({ file: new Blob([bytes]), fileName: 'a.wav', contentType: 'audio/wav' })
      .catch((e) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 403);
    assert.match(error.message, /SignatureDoesNotMatch/);
  });
});
