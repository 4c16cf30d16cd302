import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { QueuePage } from '../store/queue.ts';
import { getQueue } from './get-queue.ts';
import { aJob, jobsWorld, running } from './testing/world.ts';

/** GetQueue's deps: `page` as the user's queue, with the windows it was asked for. */
function queueDeps(page: QueuePage) {
  const world = jobsWorld(...page.jobs);
  const asked: unknown[][] = [];
  const queue = {
    ...world.deps.queue,
    queueOf: async (...window: [string, string, number, number]) => {
      asked.push(window);
      return page;
    },
  };
  return { deps: { queue }, world, asked };
}

describe('getQueue', () => {
  it('answers the window asked, its jobs placed, with the totals of the whole queue', async () => {
    const [started, waiting] = [running(aJob()), aJob()];
    const { deps, world, asked } = queueDeps({ jobs: [started, waiting], totalRunning: 1, totalQueued: 4 });
    world.places.set(waiting.id, { position: 3, heldBack: false });
    const window = await getQueue(deps, { userId: 'usr_1', jobType: 'caption_burn', limit: 2, offset: 2 });
    assert.deepEqual(
      window.jobs.map((p) => [p.job.id, p.position]),
      [
        [started.id, 0],
        [waiting.id, 3],
      ],
    );
    assert.deepEqual([window.totalRunning, window.totalQueued, window.limit, window.offset], [1, 4, 2, 2]);
    assert.deepEqual(asked, [['usr_1', 'caption_burn', 2, 2]]);
  });

  it('takes no job type as transcription and limit 0 as the default', async () => {
    const { deps, asked } = queueDeps({ jobs: [], totalRunning: 0, totalQueued: 0 });
    const window = await getQueue(deps, { userId: 'usr_1', jobType: '', limit: 0, offset: 0 });
    assert.equal(window.limit, 50);
    assert.deepEqual(asked, [['usr_1', 'transcription', 0, 50]]);
  });

  it('refuses a negative or fractional offset, a limit out of bounds, an unknown type and a malformed user', async () => {
    const { deps, asked } = queueDeps({ jobs: [], totalRunning: 0, totalQueued: 0 });
    const ask = (fields: object) => getQueue(deps, { userId: 'usr_1', jobType: '', limit: 0, offset: 0, ...fields });
    await assert.rejects(ask({ offset: -1 }), { code: 'bad_request', message: 'offset must be 0 or more.' });
    await assert.rejects(ask({ offset: 1.5 }), { code: 'bad_request' });
    await assert.rejects(ask({ limit: 201 }), { code: 'bad_request' });
    await assert.rejects(ask({ jobType: 'dubbing' }), { code: 'validation_error' });
    await assert.rejects(ask({ userId: 'usr 1' }), { code: 'bad_request' });
    assert.deepEqual(asked, []);
  });
});
