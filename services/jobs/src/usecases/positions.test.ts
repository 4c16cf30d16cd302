import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { presentPlace, withPositions } from './positions.ts';
import { aJob, jobsWorld } from './testing/world.ts';

describe('presentPlace', () => {
  it('shows a queued client-local job waiting for its device, in no queue', () => {
    const job = aJob({ executionMode: 'client_local' });
    assert.deepEqual(presentPlace(job, { position: 3, heldBack: false }), {
      job,
      position: 0,
      queueReason: 'waiting_for_device',
    });
  });

  it('shows a job without a place as in no queue, and a place as waiting for a worker or held back by the limit', () => {
    const job = aJob();
    assert.deepEqual(presentPlace(job, undefined), { job, position: 0, queueReason: null });
    assert.deepEqual(presentPlace(job, null), { job, position: 0, queueReason: null });
    assert.deepEqual(presentPlace(job, { position: 2, heldBack: false }), {
      job,
      position: 2,
      queueReason: 'waiting_for_worker',
    });
    assert.deepEqual(presentPlace(job, { position: 4, heldBack: true }), {
      job,
      position: 4,
      queueReason: 'concurrency_limit',
    });
    const runningLocal = aJob({ executionMode: 'client_local', status: 'running' });
    assert.equal(
      presentPlace(runningLocal, undefined).queueReason,
      null,
      'a running client-local job waits for nothing',
    );
  });

  it('places each job of a list by its own place', async () => {
    const [first, second] = [aJob(), aJob()];
    const { deps, places } = jobsWorld(first, second);
    places.set(second.id, { position: 1, heldBack: false });
    assert.deepEqual(
      (await withPositions(deps.queue, [first, second])).map((p) => [p.job.id, p.position, p.queueReason]),
      [
        [first.id, 0, null],
        [second.id, 1, 'waiting_for_worker'],
      ],
    );
  });
});
