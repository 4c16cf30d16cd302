import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Job } from '../store/records.ts';
import { reorderQueue } from './reorder-queue.ts';
import { aJob, jobsWorld, running } from './testing/world.ts';

/** ReorderQueue's deps over the jobs: the moves it asked of the store, and its queue as the answer. */
function reorderDeps(...jobs: Job[]) {
  const world = jobsWorld(...jobs);
  const moves: [string, string | null][] = [];
  const asked: unknown[][] = [];
  const deps = {
    queries: world.deps.queries,
    queue: {
      ...world.deps.queue,
      reorder: async (job: Job, beforeJobId: string | null) => {
        moves.push([job.id, beforeJobId]);
        return 1;
      },
      queueOf: async (...window: unknown[]) => {
        asked.push(window);
        return { jobs, totalRunning: 0, totalQueued: jobs.length };
      },
    },
  };
  return { deps, moves, asked };
}

const move = (jobId: string, beforeJobId = '', userId = 'usr_1') => ({ userId, jobId, beforeJobId });

describe('reorderQueue', () => {
  it('moves a queued job before another of the same queue, or behind all, and answers the first window of the queue', async () => {
    const [first, second] = [aJob(), aJob()];
    const { deps, moves, asked } = reorderDeps(first, second);
    const queue = await reorderQueue(deps, move(second.id, first.id));
    assert.deepEqual(
      queue.jobs.map((p) => p.job.id),
      [first.id, second.id],
    );
    assert.deepEqual([queue.totalQueued, queue.limit, queue.offset], [2, 50, 0]);
    await reorderQueue(deps, move(first.id));
    assert.deepEqual(moves, [
      [second.id, first.id],
      [first.id, null],
    ]);
    assert.deepEqual(asked[0], ['usr_1', 'transcription', 0, 50]);
  });

  it('refuses a job before itself (validation_error) and jobs of other users or none (not_found)', async () => {
    const [mine, theirs] = [aJob(), aJob({ userId: 'usr_2' })];
    const { deps, moves } = reorderDeps(mine, theirs);
    await assert.rejects(reorderQueue(deps, move(mine.id, mine.id)), {
      code: 'validation_error',
      message: 'A job cannot be moved before itself.',
    });
    for (const [jobId, beforeJobId] of [
      [theirs.id, ''],
      [mine.id, theirs.id],
      ['job_unknown', ''],
      [mine.id, 'job_unknown'],
    ])
      await assert.rejects(
        reorderQueue(deps, move(jobId!, beforeJobId)),
        { code: 'not_found' },
        `${jobId} ${beforeJobId}`,
      );
    await assert.rejects(reorderQueue(deps, move(mine.id, '', '')), { code: 'bad_request' });
    assert.deepEqual(moves, []);
  });

  it('refuses to move a job that is not queued in a queue: a batch, a running job, a client-local job (job_not_queued)', async () => {
    const batch = aJob({ itemCount: 2 });
    const started = running(aJob());
    const local = aJob({ executionMode: 'client_local' });
    const queued = aJob();
    const { deps, moves } = reorderDeps(batch, started, local, queued);
    const refusals: [string, string, RegExp][] = [
      [batch.id, '', /is a batch; move its items instead/],
      [started.id, '', /is running, not queued/],
      [local.id, '', /runs on your device; it waits in no queue/],
      [queued.id, batch.id, /is a batch; name one of its items/],
      [queued.id, started.id, /is running, not queued/],
      [queued.id, local.id, /runs on your device; it waits in no queue/],
    ];
    for (const [jobId, beforeJobId, message] of refusals)
      await assert.rejects(
        reorderQueue(deps, move(jobId, beforeJobId)),
        { code: 'job_not_queued', message },
        String(message),
      );
    assert.deepEqual(moves, []);
  });

  it('refuses to move a job before one of another queue: another type or pool (validation_error)', async () => {
    const job = aJob();
    const burn = aJob({ type: 'caption_burn' });
    const gpu = aJob({ pool: 'gpu' });
    const { deps, moves } = reorderDeps(job, burn, gpu);
    for (const other of [burn, gpu])
      await assert.rejects(reorderQueue(deps, move(job.id, other.id)), {
        code: 'validation_error',
        message: new RegExp(`wait in different queues \\(transcription/cpu and ${other.type}/${other.pool}\\)`),
      });
    assert.deepEqual(moves, []);
  });
});
