import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from './index.ts';
import { type FakeApi, type Received, startFakeApi } from './testing/fake-api.ts';

let api: FakeApi;
before(async () => {
  api = await startFakeApi();
});
after(() => api.close());

const jobs = (...ids: string[]) => ids.map((id) => ({ job_id: id, media_id: id }));
const queryOf = (r: Received) => Object.fromEntries(new URL(r.path, api.url).searchParams);

describe('paginate', () => {
  it('yields the items of a one-page list', async () => {
    api.on('GET /api/v1/jobs', { body: { data: jobs('a', 'b') } });
    const client = createClient({ baseUrl: api.url });
    const ids: string[] = [];
    for await (const job of client.paginate('/api/v1/jobs', { params: { query: { status: 'succeeded' } } }))
      ids.push(job.job_id);
    assert.deepEqual(ids, ['a', 'b']);
    assert.deepEqual(queryOf(api.received.at(-1)!), { status: 'succeeded' });
  });

  it('follows next_cursor while has_more, keeping the query', async () => {
    api.received.length = 0;
    api.on(
      'GET /api/v1/media',
      { body: { data: jobs('a', 'b'), next_cursor: 'c1', has_more: true } },
      { body: { data: jobs('c'), next_cursor: 'c2', has_more: false } },
    );
    const client = createClient({ baseUrl: api.url });
    const ids: string[] = [];
    for await (const media of client.paginate('/api/v1/media', { params: { query: { limit: 2 } } }))
      ids.push(media.media_id);
    assert.deepEqual(ids, ['a', 'b', 'c']);
    assert.deepEqual(api.received.map(queryOf), [{ limit: '2' }, { limit: '2', cursor: 'c1' }]);
  });

  it('pages the queue by offset until a short page, and stops early when the loop does', async () => {
    api.received.length = 0;
    const page = (offset: number, ids: string[]) => ({
      body: { data: { jobs: jobs(...ids), total_running: 1, total_queued: 4, limit: 2, offset } },
    });
    api.on('GET /api/v1/jobs/queue', page(0, ['a', 'b']), page(2, ['c', 'd']), page(4, ['e']));
    const client = createClient({ baseUrl: api.url });
    const ids: string[] = [];
    for await (const job of client.paginate('/api/v1/jobs/queue', { params: { query: { limit: 2 } } }))
      ids.push(job.job_id);
    assert.deepEqual(ids, ['a', 'b', 'c', 'd', 'e']);
    assert.deepEqual(
      api.received.map(queryOf).map((q) => q.offset),
      [undefined, '2', '4'],
    );

    api.received.length = 0;
    for await (const job of client.paginate('/api/v1/jobs/queue', { params: { query: { limit: 2 } } })) {
      if (job.job_id === 'a') break;
    }
    assert.equal(api.received.length, 1, 'no page is read past the loop');
  });
});
