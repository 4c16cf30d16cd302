import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, createClient, type Job } from './index.ts';
import { type FakeApi, startFakeApi } from './testing/fake-api.ts';

let api: FakeApi;
before(async () => {
  api = await startFakeApi();
});
after(() => api.close());

const state = (id: string, status: Job['status']) => ({ body: { data: { job_id: id, status } } });

describe('waitForJob', () => {
  it('reads the job until it has ended, reporting each state', async () => {
    api.on('GET /api/v1/jobs/job_1', state('job_1', 'queued'), state('job_1', 'running'), state('job_1', 'succeeded'));
    const client = createClient({ baseUrl: api.url });
    const seen: string[] = [];
    const job = await client.waitForJob('job_1', { intervalMs: 1, onUpdate: (j) => seen.push(j.status) });
    assert.equal(job.status, 'succeeded');
    assert.deepEqual(seen, ['queued', 'running', 'succeeded']);
  });

  it('answers a failed or cancelled job, which has ended too', async () => {
    api.on('GET /api/v1/jobs/job_2', state('job_2', 'failed'));
    const client = createClient({ baseUrl: api.url });
    assert.equal((await client.waitForJob('job_2')).status, 'failed');
  });

  it('rejects with a TimeoutError after timeoutMs, and with the reason when the signal aborts', async () => {
    api.on('GET /api/v1/jobs/job_3', state('job_3', 'running'));
    const client = createClient({ baseUrl: api.url });
    await assert.rejects(client.waitForJob('job_3', { intervalMs: 5, timeoutMs: 50 }), { name: 'TimeoutError' });
    const controller = new AbortController();
    const waiting = client.waitForJob('job_3', { intervalMs: 60_000, signal: controller.signal });
    controller.abort(new Error('no longer needed'));
    await assert.rejects(waiting, /no longer needed/);
  });

  it('throws what reading the job throws', async () => {
    api.on('GET /api/v1/jobs/job_4', { status: 404, body: { detail: { code: 'not_found', message: 'No such job.' } } });
    const client = createClient({ baseUrl: api.url });
    await assert.rejects(client.waitForJob('job_4'), (e) => e instanceof ApiError && e.code === 'not_found');
  });
});
