import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listItems } from './list-items.ts';
import { aJob, jobsWorld } from './testing/world.ts';

describe('listItems', () => {
  it('lists a batch’s items with their places, on one page', async () => {
    const parent = aJob({ itemCount: 2, mediaId: null });
    const items = [aJob({ parentJobId: parent.id }), aJob({ parentJobId: parent.id })];
    const { deps, places } = jobsWorld(parent, ...items);
    places.set(items[1]!.id, { position: 1, heldBack: false });
    const page = await listItems(deps, { userId: 'usr_1', jobId: parent.id, limit: 0 });
    assert.deepEqual(
      page.jobs.map((p) => [p.job.id, p.position]),
      [
        [items[0]!.id, 0],
        [items[1]!.id, 1],
      ],
    );
    assert.equal(page.nextCursor, '');
    assert.equal((await listItems(deps, { userId: 'usr_1', jobId: parent.id, limit: 1 })).jobs.length, 1);
  });

  it('answers no items for a job that is not a batch, without reading any', async () => {
    const single = aJob();
    const { deps } = jobsWorld(single, aJob({ parentJobId: single.id }));
    assert.deepEqual(await listItems(deps, { userId: 'usr_1', jobId: single.id, limit: 0 }), {
      jobs: [],
      nextCursor: '',
    });
  });

  it('refuses another user’s batch (not_found) and a limit out of bounds (bad_request)', async () => {
    const parent = aJob({ itemCount: 1, mediaId: null });
    const { deps } = jobsWorld(parent);
    await assert.rejects(listItems(deps, { userId: 'usr_2', jobId: parent.id, limit: 0 }), { code: 'not_found' });
    await assert.rejects(listItems(deps, { userId: 'usr_1', jobId: parent.id, limit: 201 }), { code: 'bad_request' });
  });
});
