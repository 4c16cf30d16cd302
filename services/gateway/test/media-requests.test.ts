// What the media routes pass on to media, and what they refuse before asking it: the headers of
// an upload session request, a listing of fewer than one, a multipart form without its file part;
// how long a register waits for verification and what it answers when that outlasts the wait.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ListMediaResponse, MediaOutcome } from '@tp/proto';
import { USER_ID } from './fake-backends.ts';
import { sampleMedia, sampleUploadSession } from './samples.ts';
import { assertError, startTestGateway, type TestGateway } from './support.ts';

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
