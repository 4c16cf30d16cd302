import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeCursor } from '../domain/job-rules.ts';
import type { ListFilter } from '../store/queries.ts';
import { type ListJobsInput, listJobs } from './list-jobs.ts';
import { aJob, jobsWorld } from './testing/world.ts';

/** ListJobs' deps over `count` jobs of usr_1 (newest first, as the store answers), with the filters it was asked. */
function listing(count: number) {
  const jobs = Array.from({ length: count }, () => aJob()).reverse();
  const world = jobsWorld(...jobs);
  const asked: ListFilter[] = [];
  const deps = {
    queue: world.deps.queue,
    queries: {
      listJobs: async (filter: ListFilter) => {
        asked.push(filter);
        const after = filter.beforeId === null ? 0 : jobs.findIndex((j) => j.id === filter.beforeId) + 1;
        return jobs.slice(after, after + filter.limit);
      },
    },
  };
  return { deps, jobs, asked };
}

const input = (fields: Partial<ListJobsInput> = {}): ListJobsInput => ({
  userId: 'usr_1',
  limit: 0,
  status: '',
  type: '',
  workspaceId: '',
  cursor: '',
  ...fields,
});

describe('listJobs', () => {
  it('answers a page and the cursor of the next one; the last page has none', async () => {
    const { deps, jobs, asked } = listing(3);
    const first = await listJobs(deps, input({ limit: 2 }));
    assert.deepEqual(
      first.jobs.map((p) => p.job.id),
      [jobs[0]!.id, jobs[1]!.id],
    );
    assert.equal(first.nextCursor, encodeCursor(jobs[1]!.id));
    assert.equal(asked[0]!.limit, 3, 'one more than the page, to know whether another follows');
    const second = await listJobs(deps, input({ limit: 2, cursor: first.nextCursor }));
    assert.deepEqual(
      second.jobs.map((p) => p.job.id),
      [jobs[2]!.id],
    );
    assert.equal(second.nextCursor, '');
    assert.equal(asked[1]!.beforeId, jobs[1]!.id);
  });

  it('passes the filters on as the store takes them', async () => {
    const { deps, asked } = listing(0);
    await listJobs(deps, input({ status: 'cancelled', type: 'caption_burn', workspaceId: 'wsp_1' }));
    await listJobs(deps, input());
    assert.deepEqual(asked, [
      { userId: 'usr_1', status: 'cancelled', type: 'caption_burn', workspaceId: 'wsp_1', beforeId: null, limit: 51 },
      { userId: 'usr_1', status: null, type: null, workspaceId: null, beforeId: null, limit: 51 },
    ]);
  });

  it('refuses an unknown status or type, a malformed cursor and a limit out of bounds', async () => {
    const { deps, asked } = listing(1);
    await assert.rejects(listJobs(deps, input({ status: 'done' })), { code: 'validation_error' });
    await assert.rejects(listJobs(deps, input({ type: 'dubbing' })), { code: 'validation_error' });
    await assert.rejects(listJobs(deps, input({ cursor: encodeCursor('not an id') })), { code: 'bad_request' });
    await assert.rejects(listJobs(deps, input({ limit: 500 })), { code: 'bad_request' });
    await assert.rejects(listJobs(deps, input({ userId: '' })), { code: 'bad_request' });
    assert.deepEqual(asked, [], 'nothing was read');
  });
});
