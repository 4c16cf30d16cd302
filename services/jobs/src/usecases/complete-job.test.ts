import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Job } from '../store/records.ts';
import { type CompleteJobInput, completeJob } from './complete-job.ts';
import { fakeLifecycle } from './testing/lifecycle.ts';
import { aJob, jobsWorld, running } from './testing/world.ts';

/** CompleteJob's deps over the job: the lifecycle store records the success. */
function completeDeps(job: Job) {
  const world = jobsWorld(job);
  const { lifecycle, completions } = fakeLifecycle(world);
  return { world, completions, deps: { ...world.deps, lifecycle } };
}

const success = (job: Job, fields: Partial<CompleteJobInput> = {}): CompleteJobInput => ({
  jobId: job.id,
  ticketId: 'tkt_1',
  artifactId: 'art_1',
  billedSeconds: 4.2,
  language: 'en',
  ...fields,
});

describe('completeJob', () => {
  it('settles a running job’s held credits first and records the success with the charge', async () => {
    const job = running(aJob(), 'tkt_1');
    const { deps, world, completions } = completeDeps(job);
    const done = await completeJob(deps, success(job));
    assert.deepEqual(world.holds.calls, [`settleEarly ${job.id} 4.2`, `settle ${job.id}`]);
    assert.deepEqual(completions, [
      {
        jobId: job.id,
        ticketId: 'tkt_1',
        artifactId: 'art_1',
        billedSeconds: 4.2,
        language: 'en',
        settledMicro: 1200n,
      },
    ]);
    assert.deepEqual([done.job.status, done.job.billingState], ['succeeded', 'settled']);
    assert.equal(world.counts.nudges, 1);
  });

  it('records the success with the settle pending when billing did not answer, and settles after', async () => {
    const job = running(aJob(), 'tkt_1');
    const { deps, world, completions } = completeDeps(job);
    world.holds.answers.settleEarly = null;
    const done = await completeJob(deps, success(job));
    assert.equal(completions[0]!.settledMicro, null);
    assert.equal(done.job.billingState, 'settled', 'the settle after recording went through');
    assert.deepEqual(world.holds.calls, [`settleEarly ${job.id} 4.2`, `settle ${job.id}`]);
  });

  it('does not settle first for a job not running under this ticket (a repeat, a cancelled job)', async () => {
    for (const job of [running(aJob(), 'tkt_other'), { ...aJob(), status: 'cancelled', billingState: 'released' }]) {
      const { deps, world, completions } = completeDeps(job);
      await completeJob(deps, success(job));
      assert.equal(completions[0]!.settledMicro, null, job.status);
      assert.deepEqual(world.holds.calls, [`settle ${job.id}`], job.status);
    }
  });

  it('keeps the language trimmed and cut to 16 characters, and none for an empty one', async () => {
    const job = running(aJob(), 'tkt_1');
    for (const [language, kept] of [
      ['  en ', 'en'],
      ['   ', null],
      ['x'.repeat(20), 'x'.repeat(16)],
    ] as const) {
      const { deps, completions } = completeDeps(job);
      await completeJob(deps, success(job, { language }));
      assert.equal(completions[0]!.language, kept);
    }
  });

  it('refuses missing ids and billed seconds that are negative or not a number (bad_request), recording nothing', async () => {
    const job = running(aJob(), 'tkt_1');
    const { deps, world, completions } = completeDeps(job);
    for (const fields of [
      { jobId: '' },
      { ticketId: '' },
      { artifactId: '' },
      { artifactId: 'art 1' },
      { billedSeconds: -1 },
      { billedSeconds: Number.POSITIVE_INFINITY },
    ])
      await assert.rejects(completeJob(deps, success(job, fields)), { code: 'bad_request' }, JSON.stringify(fields));
    assert.deepEqual([completions, world.holds.calls, world.counts.nudges], [[], [], 0]);
  });
});
