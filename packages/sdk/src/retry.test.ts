import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, createClient, NetworkError } from './index.ts';
import { retryAfterSecondsOf } from './errors.ts';
import { type FakeApi, startFakeApi } from './testing/fake-api.ts';

let api: FakeApi;
before(async () => {
  api = await startFakeApi();
});
after(() => api.close());

const fast = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5_000 };
const unavailable = { status: 503, body: { detail: { code: 'service_unavailable', message: 'Try again.' } } };
const job = { body: { data: { job_id: 'job_1', status: 'queued' } } };
const jobBody = {
  type: 'transcription',
  execution_mode: 'cloud',
  profile: 'base',
  input: { type: 'media_ref', media_id: 'med_1' },
} as const;

function receivedOf(route: string) {
  const [method, path] = route.split(' ');
  return api.received.filter((r) => r.method === method && r.path.split('?')[0] === path);
}

describe('retries', () => {
  it('repeat a read on 503 and a dropped connection until it succeeds', async () => {
    api.on('GET /api/v1/jobs/job_r1', unavailable, { drop: true }, job);
    const client = createClient({ baseUrl: api.url, retry: fast });
    const got = await client.GET('/api/v1/jobs/{job_id}', { params: { path: { job_id: 'job_r1' } } });
    assert.equal(got.job_id, 'job_1');
    assert.equal(receivedOf('GET /api/v1/jobs/job_r1').length, 3);
  });

  it('wait as Retry-After asks, in seconds or as an HTTP date', async () => {
    const limited = (retryAfter: string) => ({
      status: 429,
      headers: { 'retry-after': retryAfter },
      body: { detail: { code: 'rate_limited', message: 'Slow down.' } },
    });
    api.on('GET /api/v1/jobs/job_r2', limited('1'), () => limited(new Date(Date.now() + 2_000).toUTCString()), job);
    const times: number[] = [];
    const client = createClient({
      baseUrl: api.url,
      retry: fast,
      fetch: (input) => {
        times.push(performance.now());
        return fetch(input);
      },
    });
    await client.GET('/api/v1/jobs/{job_id}', { params: { path: { job_id: 'job_r2' } } });
    assert.equal(times.length, 3);
    assert.ok(times[1]! - times[0]! >= 950, `waited ${times[1]! - times[0]!} ms for Retry-After: 1`);
    // An HTTP date has whole seconds: two seconds from now is one to two seconds away.
    assert.ok(times[2]! - times[1]! >= 950, `waited ${times[2]! - times[1]!} ms for the date`);
  });

  it('give up at once when Retry-After asks longer than maxDelayMs, and after maxAttempts', async () => {
    api.on('GET /api/v1/jobs/job_r3', { ...unavailable, headers: { 'retry-after': '3600' } });
    const client = createClient({ baseUrl: api.url, retry: fast });
    const error = await client.GET('/api/v1/jobs/{job_id}', { params: { path: { job_id: 'job_r3' } } }).catch((e) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.retryAfterSeconds, 3600);
    assert.equal(receivedOf('GET /api/v1/jobs/job_r3').length, 1);
    api.on('GET /api/v1/jobs/job_r4', unavailable);
    await assert.rejects(client.GET('/api/v1/jobs/{job_id}', { params: { path: { job_id: 'job_r4' } } }), {
      code: 'service_unavailable',
    });
    assert.equal(receivedOf('GET /api/v1/jobs/job_r4').length, 3);
  });
});

describe('retries of writes', () => {
  it('send an Idempotency-Key with the writes that declare one, the same on every try', async () => {
    api.on('POST /api/v1/jobs', { drop: true }, unavailable, { ...job, status: 202 });
    const client = createClient({ baseUrl: api.url, retry: fast });
    const created = await client.POST('/api/v1/jobs', { body: jobBody });
    assert.equal(created.job_id, 'job_1');
    const keys = receivedOf('POST /api/v1/jobs').map((r) => r.headers['idempotency-key']);
    assert.equal(keys.length, 3);
    assert.match(String(keys[0]), /^[0-9a-f-]{36}$/);
    assert.deepEqual(new Set(keys).size, 1);
    assert.deepEqual(
      receivedOf('POST /api/v1/jobs').map((r) => JSON.parse(r.body.toString()).profile),
      ['base', 'base', 'base'],
    );
  });

  it("keep the caller's own Idempotency-Key", async () => {
    api.on('POST /api/v1/jobs', { ...job, status: 202 });
    const client = createClient({ baseUrl: api.url, retry: fast });
    await client.POST('/api/v1/jobs', { body: jobBody, params: { header: { 'idempotency-key': 'mine' } } });
    assert.equal(receivedOf('POST /api/v1/jobs').at(-1)?.headers['idempotency-key'], 'mine');
  });

  it('never repeat a write without a key: its 503 and its connection failure are the answer', async () => {
    api.on('POST /api/v1/jobs/queue/reorder', unavailable);
    const client = createClient({ baseUrl: api.url, retry: fast });
    const reorder = { job_id: 'job_1', before_job_id: 'job_2' } as never;
    await assert.rejects(client.POST('/api/v1/jobs/queue/reorder', { body: reorder }), { status: 503 });
    api.on('POST /api/v1/jobs/queue/reorder', { drop: true });
    await assert.rejects(client.POST('/api/v1/jobs/queue/reorder', { body: reorder }), NetworkError);
    assert.equal(receivedOf('POST /api/v1/jobs/queue/reorder').length, 2);
    assert.equal(receivedOf('POST /api/v1/jobs/queue/reorder')[0]?.headers['idempotency-key'], undefined);
  });
});

describe('retries, the end', () => {
  it('throw NetworkError when the server cannot be reached, after the tries', async () => {
    const closed = await startFakeApi();
    await closed.close();
    const client = createClient({ baseUrl: closed.url, retry: fast });
    const error = await client.GET('/api/v1/billing/balance').catch((e) => e);
    assert.ok(error instanceof NetworkError, String(error));
    assert.match(error.message, /GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/billing\/balance/);
  });

  it('stop waiting when the signal aborts', async () => {
    api.on('GET /api/v1/jobs/job_r5', { ...unavailable, headers: { 'retry-after': '5' } });
    const client = createClient({ baseUrl: api.url, retry: { ...fast, maxDelayMs: 60_000 } });
    const controller = new AbortController();
    const pending = client.GET('/api/v1/jobs/{job_id}', {
      params: { path: { job_id: 'job_r5' } },
      signal: controller.signal,
    });
    await waitFor(() => receivedOf('GET /api/v1/jobs/job_r5').length === 1);
    controller.abort(new Error('stopped'));
    await assert.rejects(pending, /stopped/);
  });
});

describe('retryAfterSecondsOf', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(retryAfterSecondsOf('7', now), 7);
    assert.equal(retryAfterSecondsOf('Thu, 01 Jan 2026 00:00:30 GMT', now), 30);
    assert.equal(retryAfterSecondsOf('Wed, 31 Dec 2025 23:00:00 GMT', now), 0);
    assert.equal(retryAfterSecondsOf('soon', now), undefined);
    assert.equal(retryAfterSecondsOf(null, now), undefined);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
