import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, createClient, type Job } from './index.ts';
import { type FakeApi, startFakeApi } from './testing/fake-api.ts';

let api: FakeApi;
before(async () => {
  api = await startFakeApi();
});
after(() => api.close());

const job = { id: 'job_1', status: 'queued' } as unknown as Job;

describe('createClient', () => {
  it('sends the token and typed parameters, and answers the body without its envelope', async () => {
    api.on('GET /api/v1/jobs/job_1', { body: { data: job } });
    api.on('GET /api/v1/jobs', { body: { data: [job] } });
    const client = createClient({ baseUrl: `${api.url}/`, token: 'tsk_test' });
    const got: Job = await client.GET('/api/v1/jobs/{job_id}', { params: { path: { job_id: 'job_1' } } });
    assert.deepEqual(got, job);
    const list = await client.GET('/api/v1/jobs', { params: { query: { limit: 2, status: 'queued' } } });
    assert.deepEqual(list, [job]);
    const [one, two] = api.received.slice(-2);
    assert.equal(one?.headers.authorization, 'Bearer tsk_test');
    assert.equal(two?.path, '/api/v1/jobs?limit=2&status=queued');
  });

  it('sends a JSON body and answers text for a text response and nothing for 204', async () => {
    api.on('POST /api/v1/format', { body: 'WEBVTT\n' });
    api.on('DELETE /api/v1/media/med_1', { status: 204 });
    const client = createClient({ baseUrl: api.url });
    const vtt = await client.POST('/api/v1/format', {
      body: { format: 'vtt', transcript: { segments: [] } } as never,
    });
    assert.equal(vtt, 'WEBVTT\n');
    assert.equal(
      await client.DELETE('/api/v1/media/{media_id}', { params: { path: { media_id: 'med_1' } } }),
      undefined,
    );
    assert.equal(api.received.at(-2)?.headers['content-type'], 'application/json');
  });

  it('throws ApiError with the code, message and fields of the error', async () => {
    api.on('GET /api/v1/billing/balance', {
      status: 403,
      headers: { 'x-request-id': 'req_1' },
      body: { detail: { code: 'insufficient_scope', message: 'Needs billing:read.', required_scope: 'billing:read' } },
    });
    const client = createClient({ baseUrl: api.url });
    const error = await client.GET('/api/v1/billing/balance').catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 403);
    assert.equal(error.code, 'insufficient_scope');
    assert.equal(error.message, 'Needs billing:read.');
    assert.equal(error.requiredScope, 'billing:read');
    assert.equal(error.requestId, 'req_1');
  });

  it('throws validation_error with the issues of a 422', async () => {
    const issue = { loc: ['body', 'media_id'], msg: 'Required', type: 'missing' };
    api.on('POST /api/v1/jobs', { status: 422, body: { detail: [issue] } });
    const client = createClient({ baseUrl: api.url });
    const error = await client.POST('/api/v1/jobs', { body: {} as never }).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, 'validation_error');
    assert.deepEqual(error.issues, [issue]);
    assert.match(error.message, /body\.media_id: Required/);
  });

  it("throws the compat routes' OpenAI-style errors as ApiError", async () => {
    api.on('POST /api/v1/ai/compat/embeddings', {
      status: 400,
      body: {
        error: { message: 'No such model.', type: 'invalid_request_error', code: 'model_not_found', param: 'model' },
      },
    });
    const client = createClient({ baseUrl: api.url });
    const error = await client
      .POST('/api/v1/ai/compat/embeddings', { body: { model: 'x', input: 'hi' } as never })
      .catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, 'model_not_found');
    assert.equal(error.message, 'No such model.');
    assert.equal(error.detail.param, 'model');
    assert.equal(error.detail.type, 'invalid_request_error');
  });
});
