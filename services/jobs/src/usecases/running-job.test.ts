import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Job } from '../store/records.ts';
import { runsWithHeldCredits } from './running-job.ts';
import { aJob, jobsWorld, running } from './testing/world.ts';

describe('runsWithHeldCredits', () => {
  it('is true for a job running under the ticket with its hold held', async () => {
    const job = running(aJob(), 'tkt_1');
    const { deps } = jobsWorld(job);
    assert.equal(await runsWithHeldCredits(deps.queries, job.id, 'tkt_1'), true);
  });

  it('is false for a missing job, another ticket, a job not running, a hold not held and a batch parent', async () => {
    const held = running(aJob(), 'tkt_1');
    const cases: [string, Partial<Job>][] = [
      ['queued', { status: 'queued' }],
      ['ended', { status: 'succeeded' }],
      ['abandoned', { holdState: 'abandoned' }],
      ['billing pending', { billingState: 'settle_pending' }],
      ['a batch parent', { itemCount: 2 }],
    ];
    for (const [why, fields] of cases) {
      const { deps } = jobsWorld({ ...held, ...fields });
      assert.equal(await runsWithHeldCredits(deps.queries, held.id, 'tkt_1'), false, why);
    }
    const { deps } = jobsWorld(held);
    assert.equal(await runsWithHeldCredits(deps.queries, held.id, 'tkt_2'), false, 'another ticket');
    assert.equal(await runsWithHeldCredits(deps.queries, 'job_missing', 'tkt_1'), false, 'no job');
  });
});
