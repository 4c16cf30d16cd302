// The OpenAI-compatible routes (/api/v1/ai/compat, ADR 0020 and 0021) up to ai-proxy: who may call
// them, the models listed from the catalog, and every refusal the gateway makes itself, each in
// the contract's `error` shape beside the platform's `detail`. No ai-proxy listens here: a call the
// gateway lets through is 503, as when ai-proxy is away. tests/e2e/ai.test.ts takes calls through.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AI_MODELS, FAST_TRANSCRIPTION } from '@tp/catalog';
import { ALL_SCOPES } from '@tp/scopes';
import { freePort } from '@tp/testing';
import { type CallResult, itChecksAccess, startTestGateway, type TestGateway } from './support.ts';

const COMPAT = '/api/v1/ai/compat';
const CHAT = { model: 'svc-chat', messages: [{ role: 'user', content: 'Hi' }] };
let gateway: TestGateway;
let token: string;

before(async () => {
  gateway = await startTestGateway({ AI_PROXY_GRPC_ADDR: `127.0.0.1:${await freePort()}` });
  token = gateway.backends.pat(['ai:use']);
});
after(() => gateway.stop());

/** A request as a client sends it: `body` as is, JSON or a form. */
async function send(path: string, body?: string | FormData, auth: string | null = token): Promise<CallResult> {
  const headers: Record<string, string> = auth ? { authorization: `Bearer ${auth}` } : {};
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  const res = await fetch(`${gateway.service.url}${COMPAT}${path}`, { method: body ? 'POST' : 'GET', headers, body });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text, headers: res.headers };
}

/** The refusal in both shapes: the contract's error (its code, type and param) and the platform's detail. */
function assertRefused(res: CallResult, status: number, error: { code: string; type: string; param?: string }) {
  assert.equal(res.status, status, res.text);
  assert.deepEqual(Object.keys(res.body.error).sort(), ['code', 'message', 'param', 'type']);
  assert.deepEqual(
    { code: res.body.error.code, type: res.body.error.type, param: res.body.error.param },
    { param: null, ...error },
  );
  assert.ok(res.body.detail, res.text);
}

describe('managed-AI routes: access and models', () => {
  itChecksAccess(() => gateway, [{ method: 'GET', path: `${COMPAT}/models`, access: 'ai:use', status: 200 }]);

  it('lists the catalog’s aliases as models', async () => {
    const res = await send('/models');
    assert.deepEqual(
      res.body.data.map((m: { id: string }) => m.id),
      AI_MODELS.map((m) => m.alias),
    );
  });

  it('answers a missing token and a token without ai:use in both shapes', async () => {
    const missing = await send('/models', undefined, null);
    assertRefused(missing, 401, { code: 'invalid_api_key', type: 'authentication_error' });
    assert.equal(missing.body.detail.code, 'invalid_api_key');
    const other = gateway.backends.pat(ALL_SCOPES.filter((s) => s !== 'ai:use'));
    const refused = await send('/chat/completions', JSON.stringify(CHAT), other);
    assertRefused(refused, 403, { code: 'insufficient_scope', type: 'permission_error' });
    assert.equal(refused.body.detail.code, 'insufficient_scope');
  });
});

describe('managed-AI routes: the bodies the gateway refuses', () => {
  it('a body that is not JSON, an alias of another kind or none, and one over 4 MiB', async () => {
    const notJson = await send('/chat/completions', '{"model":');
    assertRefused(notJson, 422, { code: 'validation_error', type: 'invalid_request_error' });
    for (const model of ['gpt-4o', 'svc-embed']) {
      const unknown = await send('/chat/completions', JSON.stringify({ ...CHAT, model }));
      assertRefused(unknown, 422, { code: 'validation_error', type: 'invalid_request_error', param: 'model' });
      assert.ok(Array.isArray(unknown.body.detail), 'the validation issues');
    }
    const huge = JSON.stringify({ ...CHAT, messages: [{ role: 'user', content: 'x'.repeat(5 * 1024 * 1024) }] });
    const tooLarge = await send('/chat/completions', huge);
    assertRefused(tooLarge, 413, { code: 'payload_too_large', type: 'invalid_request_error' });
    assert.equal(tooLarge.body.detail.code, 'payload_too_large');
  });

  it('a transcription form without a file, with a field or value it does not take, or a file too large', async () => {
    const form = (fields: Record<string, string>, file: Uint8Array | null = new Uint8Array(10)) => {
      const data = new FormData();
      if (file) data.set('file', new Blob([file], { type: 'audio/wav' }), 'clip.wav');
      for (const [name, value] of Object.entries({ model: 'svc-fast', ...fields })) data.append(name, value);
      return data;
    };
    const invalid = { code: 'validation_error', type: 'invalid_request_error' };
    for (const [fields, param] of [
      [{ response_format: 'xml' }, 'response_format'],
      [{ 'timestamp_granularities[]': 'letter' }, 'timestamp_granularities[].0'],
      [{ want_words: 'maybe' }, 'want_words'],
      [{ purpose: 'chat' }, 'purpose'],
      [{ language: 'english' }, 'language'],
      [{ colour: 'blue' }, 'colour'],
    ] as const)
      assertRefused(await send('/audio/transcriptions', form(fields)), 422, { ...invalid, param });
    assertRefused(await send('/audio/transcriptions', form({}, null)), 422, { ...invalid, param: 'file' });
    const big = await send('/audio/transcriptions', form({}, new Uint8Array(FAST_TRANSCRIPTION.maxBytes + 1)));
    assertRefused(big, 413, { code: 'file_too_large', type: 'invalid_request_error', param: 'file' });
  });
});

describe('managed-AI routes: ai-proxy away', () => {
  it('answers 503 service_unavailable in both shapes, for a relayed call and a transcription', async () => {
    const relayed = await send('/chat/completions', JSON.stringify(CHAT));
    assertRefused(relayed, 503, { code: 'service_unavailable', type: 'api_error' });
    const data = new FormData();
    data.set('file', new Blob([new Uint8Array(10)], { type: 'audio/wav' }), 'clip.wav');
    data.set('model', 'svc-fast');
    assertRefused(await send('/audio/transcriptions', data), 503, { code: 'service_unavailable', type: 'api_error' });
  });
});
