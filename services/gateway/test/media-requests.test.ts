// What the media routes pass on to media, and what they refuse before asking it: the headers of
// an upload session request, a listing of fewer than one, a multipart form without its file part;
// how long a register waits for verification and what it answers when that outlasts the wait; an
// upload's Idempotency-Key, and a replay that discards the body.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@tp/errors';
import { ListMediaResponse, MediaOutcome, StartDirectUploadResponse } from '@tp/proto';
import { USER_ID } from './fake-backends.ts';
import { sampleMedia, sampleUploadSession } from './samples.ts';
import { assertError, type CallResult, startTestGateway, type TestGateway } from './support.ts';

let gateway: TestGateway;

before(async () => {
  gateway = await startTestGateway();
});
beforeEach(() =>
  gateway.backends.use({
    media: {
      listMedia: async () => ListMediaResponse.fromPartial({ media: [] }),
      createUploadSession: async () => sampleUploadSession(),
      registerMedia: async () => MediaOutcome.fromPartial({ media: sampleMedia(), mediaId: 'med_1' }),
    },
  }),
);
after(() => gateway.stop());

describe('media requests', () => {
  it('pass the Idempotency-Key and the caller’s User-Agent on with an upload session request', async () => {
    const res = await gateway.call('POST', '/api/v1/media/upload-session', {
      token: gateway.backends.pat(['files:write']),
      body: { file_name: 'a.mp3', content_type: 'audio/mpeg' },
      headers: { 'idempotency-key': 'upload-42', 'user-agent': 'e2e-uploader/2.0' },
    });
    assert.equal(res.status, 201, res.text);
    const sent = gateway.backends.received('media', 'createUploadSession').at(-1) as {
      idempotencyKey: string;
      userAgent: string;
    };
    assert.deepEqual([sent.idempotencyKey, sent.userAgent], ['upload-42', 'e2e-uploader/2.0']);
  });

  it('refuse a media listing of fewer than one, without asking media', async () => {
    const before = gateway.backends.received('media', 'listMedia').length;
    const res = await gateway.call('GET', '/api/v1/media?limit=0', { token: gateway.backends.pat(['files:read']) });
    assert.equal(res.status, 422, res.text);
    assert.deepEqual(res.body.detail[0].loc, ['query', 'limit']);
    assert.equal(gateway.backends.received('media', 'listMedia').length, before);
  });

  it('refuse a multipart form without a file part, naming it', async () => {
    const form = new FormData();
    form.append('workspace_id', 'ws_1');
    const res = await fetch(`${gateway.service.url}/api/v1/media/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${gateway.backends.pat(['files:write'])}` },
    });
    const body = (await res.json()) as { detail: { loc: string[] }[] };
    assert.equal(res.status, 422, JSON.stringify(body));
    assert.deepEqual(body.detail[0]!.loc, ['body', 'file']);
  });
});

describe('register, while verification runs', () => {
  const registerPending = () =>
    gateway.backends.use({
      media: {
        registerMedia: async () =>
          MediaOutcome.fromPartial({ mediaId: 'med_1', pending: { verificationId: 'ver_9', retryAfterSeconds: 2 } }),
      },
    });
  const waitAsked = () => (gateway.backends.received('media', 'registerMedia').at(-1) as { waitMs: number }).waitMs;
  const register = (headers: Record<string, string> = {}) =>
    gateway.call('POST', '/api/v1/media/register', {
      token: gateway.backends.pat(['files:write']),
      headers,
      body: { storage_key: `users/${USER_ID}/a.mp3` },
    });

  it('registers with 201 once verified, waiting up to the sync bound when Prefer says nothing', async () => {
    const res = await register();
    assert.equal(res.status, 201, res.text);
    assert.equal(waitAsked(), 25_000);
  });

  it('answers a register still verifying after the wait with 503 verification_unfinished naming the media', async () => {
    registerPending();
    const res = await register({ prefer: 'wait=3' });
    assertError(res, 503, 'verification_unfinished', /med_1 is stored and still being verified/, {
      media_id: 'med_1',
      verification_id: 'ver_9',
      retry_after_seconds: 2,
    });
    assert.equal(res.headers.get('retry-after'), '2');
    assert.equal(waitAsked(), 3000);
  });

  it('answers 202 to a register only with Prefer: respond-async, and says so', async () => {
    registerPending();
    const res = await register({ prefer: 'respond-async' });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.data.status, 'verification_pending');
    assert.equal(res.headers.get('preference-applied'), 'respond-async');
    assert.equal(res.headers.get('retry-after'), '2');
  });
});

/** A multipart upload of `size` bytes sent as generated, and whether the client got to send all of it. */
function upload(size: number, headers: Record<string, string>, fileName = 'a.wav') {
  const boundary = 'idem-boundary';
  const sent = { all: false };
  async function* body() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: audio/wav\r\n\r\n`,
    );
    yield Buffer.alloc(size, 1);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
    sent.all = true;
  }
  const res = fetch(`${gateway.service.url}/api/v1/media/upload`, {
    method: 'POST',
    body: body(),
    duplex: 'half',
    headers: {
      authorization: `Bearer ${gateway.backends.pat(['files:write'])}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...headers,
    },
  } as RequestInit).then(callResult);
  return { res, sent };
}
async function callResult(r: Response): Promise<CallResult> {
  const text = await r.text();
  return { status: r.status, headers: r.headers, text, body: JSON.parse(text) };
}
/** The same, as a FormData body: its Content-Length declared. */
const formUpload = (bytes: number) => {
  const form = new FormData();
  form.append('file', new Blob([Buffer.alloc(bytes)], { type: 'audio/wav' }), 'a.wav');
  return fetch(`${gateway.service.url}/api/v1/media/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${gateway.backends.pat(['files:write'])}`, 'idempotency-key': 'up-1' },
  }).then(callResult);
};
const replaying = (outcome: Partial<MediaOutcome>) =>
  gateway.backends.use({
    media: {
      startDirectUpload: async () => StartDirectUploadResponse.fromPartial({ mediaId: 'med_1', replay: outcome }),
    },
  });
const started = () =>
  gateway.backends.received('media', 'startDirectUpload').at(-1) as {
    idempotencyKey: string;
    requestHash: string;
    waitMs: number;
  };

describe('upload with an Idempotency-Key', () => {
  it('passes the key and a hash of what precedes the bytes; a replay reads the body whole and answers the first media', async () => {
    replaying({ media: sampleMedia(), mediaId: 'med_1' });
    const first = upload(3 * 1024 * 1024, { 'idempotency-key': 'up-1' });
    const res = await first.res;
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.data.media_id, 'med_1');
    assert.equal(first.sent.all, true, 'the body was read to its end');
    assert.deepEqual(gateway.backends.received('media', 'signUploadPart'), [], 'nothing uploaded');
    const { idempotencyKey, requestHash, waitMs } = started();
    assert.deepEqual([idempotencyKey, /^[0-9a-f]{64}$/.test(requestHash), waitMs], ['up-1', true, 25_000]);

    await upload(3 * 1024 * 1024, { 'idempotency-key': 'up-1' }).res;
    assert.equal(started().requestHash, requestHash, 'the same request, the same hash');
    await upload(3 * 1024 * 1024, { 'idempotency-key': 'up-1' }, 'b.wav').res;
    assert.notEqual(started().requestHash, requestHash, 'another file name, another hash');
    await formUpload(1000);
    const declared = started().requestHash;
    await formUpload(1000);
    assert.equal(started().requestHash, declared);
    await formUpload(1001);
    assert.notEqual(started().requestHash, declared, 'another declared length, another hash');
  });

  it('answers a first upload still unfinished as the route does: 503 verification_unfinished, or 202 when asked', async () => {
    replaying({ mediaId: 'med_1', pending: { verificationId: '', retryAfterSeconds: 1 } });
    const unfinished = await upload(1000, { 'idempotency-key': 'up-2' }).res;
    assertError(unfinished, 503, 'verification_unfinished', /med_1 is stored and still being verified/, {
      media_id: 'med_1',
      verification_id: '',
      retry_after_seconds: 1,
    });
    assert.equal(unfinished.headers.get('retry-after'), '1');
    const pending = await upload(1000, { 'idempotency-key': 'up-2', prefer: 'respond-async' }).res;
    assert.deepEqual([pending.status, pending.body.data.media_id], [202, 'med_1']);
  });

  it('answers 409 idempotency_conflict from media, the body read whole', async () => {
    gateway.backends.use({
      media: {
        startDirectUpload: async () => {
          throw new AppError('idempotency_conflict');
        },
      },
    });
    const conflict = upload(2 * 1024 * 1024, { 'idempotency-key': 'up-3' });
    assertError(await conflict.res, 409, 'idempotency_conflict', /Idempotency-Key/);
    assert.equal(conflict.sent.all, true);
  });

  it('sends no key without the header', async () => {
    replaying({ media: sampleMedia(), mediaId: 'med_1' });
    await upload(10, {}).res;
    assert.deepEqual([started().idempotencyKey, started().requestHash], ['', '']);
  });
});
