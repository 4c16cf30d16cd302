// What the media routes pass on to media, and what they refuse before asking it: the headers of
// an upload session request, a listing of fewer than one, a multipart form without its file part.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ListMediaResponse } from '@tp/proto';
import { sampleUploadSession } from './samples.ts';
import { startTestGateway, type TestGateway } from './support.ts';

let gateway: TestGateway;

before(async () => {
  gateway = await startTestGateway();
});
beforeEach(() =>
  gateway.backends.use({
    media: {
      listMedia: async () => ListMediaResponse.fromPartial({ media: [] }),
      createUploadSession: async () => sampleUploadSession(),
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
