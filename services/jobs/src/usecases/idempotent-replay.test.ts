import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Job } from '../store/records.ts';
import { replayOf } from './idempotent-replay.ts';
import { fakeIdempotency } from './testing/idempotency.ts';
import { AT, aJob, jobsWorld } from './testing/world.ts';

const DAY_MS = 86_400_000;
const HASH = 'a'.repeat(64);

/** replayOf's deps over the jobs, with the key `k-1` of usr_1 taken for the first of them (unless none). */
function replayDeps(...jobs: Job[]) {
  const world = jobsWorld(...jobs);
  const idempotency = fakeIdempotency();
  if (jobs[0]) idempotency.take('usr_1', 'k-1', HASH, jobs[0].id);
  const deps = { queries: world.deps.queries, idempotency: idempotency.store, now: () => AT, idempotencyTtlMs: DAY_MS };
  return { deps, world, idempotency };
}

const ask = { key: 'k-1', requestHash: HASH };

describe('replayOf', () => {
  it('answers the admitted job an earlier request with the key created', async () => {
    const job = aJob();
    const { deps } = replayDeps(job);
    assert.equal(await replayOf(deps, 'usr_1', ask, undefined), job);
  });

  it('answers null for a key never taken, or taken by another user', async () => {
    const { deps } = replayDeps(aJob());
    assert.equal(await replayOf(deps, 'usr_1', { ...ask, key: 'k-2' }, undefined), null);
    assert.equal(await replayOf(deps, 'usr_2', ask, undefined), null);
  });

  it('refuses a key taken by another request (idempotency_conflict)', async () => {
    const { deps } = replayDeps(aJob());
    await assert.rejects(replayOf(deps, 'usr_1', { ...ask, requestHash: 'b'.repeat(64) }, undefined), {
      code: 'idempotency_conflict',
    });
  });

  it('forgets a key past its lifetime, or whose creation was abandoned or is gone, and answers null', async () => {
    const expired = replayDeps(aJob());
    expired.idempotency.take('usr_1', 'k-1', HASH, [...expired.world.rows.keys()][0]!, new Date(AT.getTime() - DAY_MS));
    const abandoned = replayDeps(aJob({ holdState: 'abandoned', status: 'failed' }));
    const gone = replayDeps(aJob());
    gone.world.rows.clear();
    for (const [why, { deps, idempotency }] of Object.entries({ expired, abandoned, gone })) {
      assert.equal(await replayOf(deps, 'usr_1', ask, undefined), null, why);
      assert.equal(idempotency.has('usr_1', 'k-1'), false, `${why}: forgotten`);
    }
  });

  it('waits while the first request still reserves, and answers its job once admitted', async () => {
    const job = aJob({ holdState: 'reserving' });
    const { deps, world } = replayDeps(job);
    let reads = 0;
    const findJobById = deps.queries.findJobById;
    deps.queries.findJobById = async (id) => {
      reads += 1;
      // The first request admits its job while the duplicate waits.
      if (reads === 2) world.put({ ...job, holdState: 'held' });
      return findJobById(id);
    };
    const replayed = await replayOf(deps, 'usr_1', ask, undefined);
    assert.deepEqual([replayed?.id, replayed?.holdState, reads], [job.id, 'held', 2]);
  });

  it('gives up waiting by the caller’s deadline with a conflict to retry', async () => {
    const { deps } = replayDeps(aJob({ holdState: 'reserving' }));
    await assert.rejects(replayOf(deps, 'usr_1', ask, new Date()), {
      code: 'conflict',
      message: 'A request with this Idempotency-Key is still being processed; retry shortly.',
    });
  });
});
