import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import type { Job } from '../store/records.ts';
import { cancelJob } from './cancel-job.ts';
import { AT, aJob, jobsWorld, running } from './testing/world.ts';

const cancelledAt = (job: Job): Job => ({
  ...job,
  status: 'cancelled',
  finishedAt: AT,
  billingState: 'release_pending',
});

/** CancelJob's deps: the cancellation store ends the job (a batch: its open items) as the SQL does. */
function cancelDeps(...jobs: Job[]) {
  const world = jobsWorld(...jobs);
  const cancellation = {
    cancel: async (job: Job) => {
      if (job.itemCount > 0) {
        const open = [...world.rows.values()].filter((i) => i.parentJobId === job.id && i.status === 'queued');
        const ended = open.map((item) => world.put(cancelledAt(item)));
        return { job: world.put({ ...job, status: 'cancelled' }), ended };
      }
      if (job.status !== 'queued' && job.status !== 'running')
        throw new AppError('job_not_cancellable', `Job ${job.id} has already ended (${job.status}).`);
      const ended = world.put(cancelledAt(job));
      return { job: ended, ended: [ended] };
    },
  };
  return { world, deps: { ...world.deps, cancellation } };
}

describe('cancelJob', () => {
  it('cancels a queued or running job, releases its hold and answers it as it is now', async () => {
    const [queued, started] = [aJob(), running(aJob())];
    const { deps, world } = cancelDeps(queued, started);
    for (const job of [queued, started]) {
      const cancelled = await cancelJob(deps, { userId: 'usr_1', jobId: job.id });
      assert.deepEqual(
        [cancelled.job.status, cancelled.job.billingState, cancelled.position],
        ['cancelled', 'released', 0],
        'read back after the hold was released',
      );
    }
    assert.deepEqual(world.holds.calls, [`release ${queued.id}`, `release ${started.id}`]);
    assert.equal(world.counts.nudges, 2);
  });

  it('cancels every open item of a batch and releases each item’s hold', async () => {
    const parent = aJob({ itemCount: 2, mediaId: null, billingState: 'none' });
    const items = [aJob({ parentJobId: parent.id }), aJob({ parentJobId: parent.id })];
    const { deps, world } = cancelDeps(parent, ...items);
    const cancelled = await cancelJob(deps, { userId: 'usr_1', jobId: parent.id });
    assert.equal(cancelled.job.status, 'cancelled');
    assert.deepEqual(
      world.holds.calls,
      items.map((item) => `release ${item.id}`),
    );
  });

  it('refuses another user’s job (not_found) and an ended one (job_not_cancellable), releasing nothing', async () => {
    const [queued, done] = [aJob(), aJob({ status: 'succeeded', billingState: 'settled' })];
    const { deps, world } = cancelDeps(queued, done);
    await assert.rejects(cancelJob(deps, { userId: 'usr_2', jobId: queued.id }), { code: 'not_found' });
    await assert.rejects(cancelJob(deps, { userId: 'usr_1', jobId: done.id }), { code: 'job_not_cancellable' });
    assert.deepEqual([world.holds.calls, world.counts.nudges], [[], 0]);
    assert.equal(world.rows.get(queued.id)!.status, 'queued');
  });
});
