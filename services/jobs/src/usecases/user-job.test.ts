import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aJob, jobsWorld } from './testing/world.ts';
import { checkJobRef, findUserJob } from './user-job.ts';

describe('findUserJob', () => {
  it('answers the user’s job', async () => {
    const job = aJob();
    const { deps } = jobsWorld(job);
    assert.equal(await findUserJob(deps.queries, 'usr_1', job.id), job);
  });

  it('answers not_found for another user’s job, an unknown id and an id not shaped like one', async () => {
    const job = aJob();
    const { deps } = jobsWorld(job);
    for (const [userId, jobId] of [
      ['usr_2', job.id],
      ['usr_1', 'job_unknown'],
      ['usr_1', 'job with spaces'],
    ] as const)
      await assert.rejects(findUserJob(deps.queries, userId, jobId), {
        code: 'not_found',
        message: `Job ${jobId} was not found.`,
      });
  });

  it('refuses a malformed user id (bad_request) and cuts a long job id in its message', () => {
    assert.throws(() => checkJobRef('', 'job_1'), { code: 'bad_request' });
    assert.throws(() => checkJobRef('usr_1', 'x'.repeat(100)), {
      code: 'not_found',
      message: `Job ${'x'.repeat(64)} was not found.`,
    });
    assert.deepEqual(checkJobRef('usr_1', 'job_1'), { userId: 'usr_1', jobId: 'job_1' });
  });
});
