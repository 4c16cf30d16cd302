import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { QueuePlace } from '../store/queue.ts';
import type { Job } from '../store/records.ts';
import { getJob } from './get-job.ts';
import { aJob, jobsWorld } from './testing/world.ts';

/** GetJob's deps: the one-statement read over the world's rows, with `place` as the job's own place. */
function getJobDeps(world: ReturnType<typeof jobsWorld>, place: QueuePlace | null) {
  const reads = {
    findJobWithPlace: async (userId: string, jobId: string) => {
      const job = await world.deps.queries.findJob(userId, jobId);
      return job && { job, place };
    },
  };
  return { reads, queue: world.deps.queue };
}

describe('getJob', () => {
  it('answers a job with the place its read found', async () => {
    const job = aJob();
    const world = jobsWorld(job);
    const found = await getJob(getJobDeps(world, { position: 2, heldBack: true }), { userId: 'usr_1', jobId: job.id });
    assert.deepEqual(found, { job, position: 2, queueReason: 'concurrency_limit' });
  });

  it('answers a batch parent with its items’ place, from the queue store', async () => {
    const parent: Job = aJob({ itemCount: 2, mediaId: null });
    const world = jobsWorld(parent);
    world.places.set(parent.id, { position: 1, heldBack: false });
    const found = await getJob(getJobDeps(world, null), { userId: 'usr_1', jobId: parent.id });
    assert.deepEqual([found.position, found.queueReason], [1, 'waiting_for_worker']);
  });

  it('answers not_found for another user’s job, an unknown one and a malformed id', async () => {
    const job = aJob();
    const deps = getJobDeps(jobsWorld(job), null);
    for (const ref of [
      { userId: 'usr_2', jobId: job.id },
      { userId: 'usr_1', jobId: 'job_unknown' },
      { userId: 'usr_1', jobId: 'job/../x' },
    ])
      await assert.rejects(getJob(deps, ref), { code: 'not_found' }, JSON.stringify(ref));
    await assert.rejects(getJob(deps, { userId: '', jobId: job.id }), { code: 'bad_request' });
  });
});
