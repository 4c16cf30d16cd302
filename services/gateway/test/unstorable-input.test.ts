// Input no service can store or no router can decode is refused at the edge with a 422, before any
// backend is asked (the abuse suite found each of these as a 500, or a gateway that died).
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ListMediaResponse, StartDirectUploadResponse } from '@tp/proto';
import { eventually } from '@tp/testing';
import { sampleMedia } from './samples.ts';
import { assertValidation, startTestGateway, type TestGateway } from './support.ts';

let gateway: TestGateway;
const NUL = 'String should not contain NUL (\\u0000) characters';
const SURROGATE = 'String should not contain unpaired surrogates (\\ud800-\\udfff)';

before(async () => {
  gateway = await startTestGateway();
});
beforeEach(() =>
  gateway.backends.use({ media: { listMedia: async () => ListMediaResponse.fromPartial({ media: [sampleMedia()] }) } }),
);
after(() => gateway.stop());

const write = () => gateway.backends.pat(['files:write', 'files:read']);
const asked = () => gateway.backends.received('media', 'getMedia').length;

describe('text PostgreSQL refuses', () => {
  it('is a 422 in a path id, a query value or a body string, and no backend is asked', async () => {
    const before = asked();
    assertValidation(await gateway.call('GET', '/api/v1/media/med_%00', { token: write() }), [
      { loc: ['path', 'media_id'], msg: NUL, type: 'value_error' },
    ]);
    assertValidation(await gateway.call('GET', '/api/v1/media?workspace_id=%00', { token: write() }), [
      { loc: ['query', 'workspace_id'], msg: NUL, type: 'value_error' },
    ]);
    assertValidation(
      await gateway.call('POST', '/api/v1/media/upload-session', {
        token: write(),
        body: { file_name: 'a\u0000.wav', content_type: 'audio/wav' },
      }),
      [{ loc: ['body', 'file_name'], msg: NUL, type: 'value_error' }],
    );
    assert.equal(asked(), before);
    assert.equal(gateway.backends.received('media', 'createUploadSession').length, 0);
  });

  it('is a 422 as an unpaired surrogate in JSON, which jsonb refuses', async () => {
    const res = await fetch(`${gateway.service.url}/api/v1/media/upload-session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${write()}`, 'content-type': 'application/json' },
      body: '{"file_name": "a\\ud800.wav", "content_type": "audio/wav"}',
    });
    assert.equal(res.status, 422);
    assert.deepEqual(((await res.json()) as { detail: unknown }).detail, [
      { loc: ['body', 'file_name'], msg: SURROGATE, type: 'value_error' },
    ]);
  });
});

describe('a path the router cannot decode', () => {
  it('is a 422 naming the path, not a 500', async () => {
    for (const id of ['a%', 'a%FF', 'a%ED%A0%80']) {
      const res = await gateway.call('GET', `/api/v1/media/${id}`, { token: write() });
      assertValidation(res, [
        { loc: ['path'], msg: 'Path parameters should be percent-encoded UTF-8', type: 'value_error' },
      ]);
    }
  });
});

/** A multipart body written out by hand, so a part can carry what FormData would not send. */
function multipart(parts: { name: string; fileName?: string; value: string }[]) {
  // A file name is written as RFC 5987 allows (`filename*=UTF-8''…`), so it may carry any character.
  const boundary = 'abuse-boundary';
  const body = parts
    .map(
      (p) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
        `${p.fileName === undefined ? '' : `; filename*=UTF-8''${encodeURIComponent(p.fileName)}`}\r\n` +
        `${p.fileName === undefined ? '' : 'Content-Type: audio/wav\r\n'}\r\n${p.value}\r\n`,
    )
    .join('');
  return { body: `${body}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

// Bodies are checked field by field.
async function upload(parts: Parameters<typeof multipart>[0]): Promise<{ status: number; body: any }> {
  const { body, contentType } = multipart(parts);
  const res = await fetch(`${gateway.service.url}/api/v1/media/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${write()}`, 'content-type': contentType },
    body,
  });
  return { status: res.status, body: await res.json() };
}

describe('a direct upload', () => {
  it('refuses a NUL in a field or in the file name, before media is asked', async () => {
    // media has no startDirectUpload handler yet: asking it would answer 500.
    const field = await upload([
      { name: 'file_name', value: 'a\u0000b.wav' },
      { name: 'file', fileName: 'a.wav', value: 'RIFF' },
    ]);
    assert.equal(field.status, 422);
    assert.deepEqual(field.body.detail, [{ loc: ['body', 'file_name'], msg: NUL, type: 'value_error' }]);
    const named = await upload([{ name: 'file', fileName: 'a\u0000.wav', value: 'RIFF' }]);
    assert.equal(named.status, 422);
    assert.deepEqual(named.body.detail, [{ loc: ['body', 'file'], msg: NUL, type: 'value_error' }]);
  });

  it('survives a refusal while the upload is still being set up, and keeps serving', async () => {
    let release = () => {};
    const setUp = new Promise<void>((resolve) => {
      release = resolve;
    });
    gateway.backends.use({
      media: {
        startDirectUpload: async () => {
          await setUp;
          return StartDirectUploadResponse.fromPartial({ mediaId: 'med_1', partSizeBytes: 1024, maxParts: 2 });
        },
        abortDirectUpload: async () => ({}),
      },
    });
    const uncaught: unknown[] = [];
    const monitor = (err: unknown) => uncaught.push(err);
    process.on('uncaughtExceptionMonitor', monitor);
    // A field after the file part is refused while media is still setting the upload up.
    const res = await upload([
      { name: 'file', fileName: 'a.wav', value: 'RIFF' },
      { name: 'workspace_id', value: 'wsp_1' },
    ]);
    assert.equal(res.status, 422);
    assert.deepEqual(res.body.detail[0].loc, ['body', 'workspace_id']);
    release();
    await eventually(
      'the upload is aborted',
      async () => gateway.backends.received('media', 'abortDirectUpload').length > 0,
    );
    process.off('uncaughtExceptionMonitor', monitor);
    assert.deepEqual(uncaught, [], 'nothing was left uncaught (it would end the gateway)');
    const after = await gateway.call('GET', '/api/v1/media', { token: write() });
    assert.equal(after.status, 200);
  });
});
