import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Job } from '../store/records.ts';
import { type FailJobInput, failJob } from './fail-job.ts';
import { fakeLifecycle } from './testing/lifecycle.ts';
import { aJob, jobsWorld, running } from './testing/world.ts';

/** FailJob's deps over the job: the lifecycle store records the failure. */
function failDeps(job: Job) {
  const world = jobsWorld(job);
  const { lifecycle, failures } = fakeLifecycle(world);
  return { world, failures, deps: { ...world.deps, lifecycle } };
}

const failure = (job: Job, fields: Partial<FailJobInput> = {}): FailJobInput => ({
  jobId: job.id,
  ticketId: 'tkt_1',
  errorCode: 'decode_failed',
  errorMessage: 'ffmpeg could not decode the audio',
  ...fields,
});

describe('failJob', () => {
  it('releases a running job’s held credits first and records the failure with the worker’s code', async () => {
    const job = running(aJob(), 'tkt_1');
    const { deps, world, failures } = failDeps(job);
    const failed = await failJob(deps, failure(job));
    assert.deepEqual(failures, [
      {
        jobId: job.id,
        ticketId: 'tkt_1',
        code: 'decode_failed',
        message: 'ffmpeg could not decode the audio',
        released: true,
      },
    ]);
    assert.deepEqual([failed.job.status, failed.job.billingState], ['failed', 'released']);
    assert.deepEqual(world.holds.calls, [`releaseEarly ${job.id}`, `release ${job.id}`]);
    assert.equal(world.counts.nudges, 1);
  });

  it('records the release as pending when billing did not answer, and releases after', async () => {
    const job = running(aJob(), 'tkt_1');
    const { deps, world, failures } = failDeps(job);
    world.holds.answers.releaseEarly = false;
    const failed = await failJob(deps, failure(job));
    assert.equal(failures[0]!.released, false);
    assert.equal(failed.job.billingState, 'released');
  });

  it('does not release first for a job not running under this ticket', async () => {
    const job = running(aJob(), 'tkt_other');
    const { deps, world, failures } = failDeps(job);
    await failJob(deps, failure(job));
    assert.equal(failures[0]!.released, false);
    assert.deepEqual(world.holds.calls, [`release ${job.id}`]);
  });

  it('records an unknown code as transcription_failed and an empty message as the default', async () => {
    const job = running(aJob(), 'tkt_1');
    const { deps, failures } = failDeps(job);
    await failJob(deps, failure(job, { errorCode: 'Not A Code', errorMessage: ' \n ' }));
    assert.deepEqual([failures[0]!.code, failures[0]!.message], ['transcription_failed', 'The job failed.']);
  });

  it('refuses a missing or malformed job or ticket id (bad_request), recording nothing', async () => {
    const job = running(aJob(), 'tkt_1');
    const { deps, world, failures } = failDeps(job);
    for (const fields of [{ jobId: '' }, { ticketId: '' }, { jobId: 'job/1' }])
      await assert.rejects(failJob(deps, failure(job, fields)), { code: 'bad_request' }, JSON.stringify(fields));
    assert.deepEqual([failures, world.holds.calls], [[], []]);
  });
});
