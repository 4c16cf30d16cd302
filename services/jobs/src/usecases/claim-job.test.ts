import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { jobOptionsFromView } from '@tp/job-options';
import { toWireJob } from '../rpc/wire.ts';
import type { ClaimOutcome, ClaimRequest } from '../store/lifecycle.ts';
import type { Job } from '../store/records.ts';
import { type ClaimJobDeps, claimJob } from './claim-job.ts';
import { fakeLifecycle } from './testing/lifecycle.ts';
import { aJob, jobsWorld, running } from './testing/world.ts';

/** A job a worker just claimed under ticket `tkt_1`, its hold held. */
const runningJob = (optionsJson: string): Job => running(aJob({ optionsJson }), 'tkt_1');

/**
 * ClaimJob's dependencies in memory: the store answers `outcomes` in turn (an Error is thrown), the
 * last one again; what it was asked, what fails and what is released is recorded.
 */
function fakeDeps(...outcomes: (ClaimOutcome | Error)[]) {
  const claimed = outcomes.flatMap((o) => (o instanceof Error || o.outcome === 'none' ? [] : [o.job]));
  const world = jobsWorld(...claimed);
  const { lifecycle, failures } = fakeLifecycle(world);
  const asked: ClaimRequest[] = [];
  const deps: ClaimJobDeps = {
    ...world.deps,
    lifecycle: {
      claim: async (request) => {
        asked.push(request);
        const outcome = outcomes.length > 1 ? outcomes.shift()! : outcomes[0]!;
        if (outcome instanceof Error) throw outcome;
        return outcome;
      },
      fail: lifecycle.fail,
    },
  };
  return { deps, world, failures, asked };
}

const ticket = {
  ticketId: 'tkt_1',
  workerId: 'wrk_1',
  jobType: 'transcription',
  pool: 'cpu',
  engines: ['pocketsphinx'],
  deliveryCount: 1,
  maxAttempts: 5,
};

describe('ClaimJob', () => {
  it('hands the worker a job whose stored options decode', async () => {
    const job = runningJob('{"language":"en","output_format":"json"}');
    const { deps, failures, world } = fakeDeps({ outcome: 'claimed', job });
    const claimed = await claimJob(deps, ticket);
    assert.equal(claimed?.job.id, job.id);
    assert.deepEqual(failures, []);
    assert.deepEqual(toWireJob(claimed!.job, 0).options, jobOptionsFromView({ language: 'en', output_format: 'json' }));
    assert.equal(world.counts.nudges, 1, 'its running event goes out');
  });

  it('fails a job whose stored options do not decode with job_options_unreadable, releasing its hold', async () => {
    for (const stored of ['{"language":"en","speakers":2}', '{"diarization":{"num_speakers":"two"}}', 'not json']) {
      const job = runningJob(stored);
      const { deps, failures, world } = fakeDeps({ outcome: 'claimed', job });
      assert.equal(await claimJob(deps, ticket), null, `${stored}: the worker acks the ticket`);
      assert.equal(failures.length, 1, stored);
      assert.equal(failures[0]!.code, 'job_options_unreadable');
      assert.equal(failures[0]!.ticketId, 'tkt_1');
      assert.equal(failures[0]!.released, true, 'the hold is released with the failure');
      assert.match(failures[0]!.message, /^The job's options could not be read: /);
      assert.deepEqual(world.holds.calls, [`releaseEarly ${job.id}`, `release ${job.id}`]);
      // Read afterwards, it answers (GET /jobs/{id} shows the failure) with no options rather than a 500.
      const read = toWireJob((await deps.queries.findJobById(job.id))!, 0);
      assert.deepEqual([read.status, read.errorCode, read.options], ['failed', 'job_options_unreadable', undefined]);
      assert.equal(world.logged('job failed: its stored options do not decode')[0]?.jobId, job.id);
    }
  });

  it('answers null when there is nothing to run, announcing nothing', async () => {
    const { deps, world } = fakeDeps({ outcome: 'none' });
    assert.equal(await claimJob(deps, ticket), null);
    assert.deepEqual([world.counts.nudges, world.holds.calls], [0, []]);
  });

  it('answers null for a ticket whose job was lost too often: it failed worker_lost, and its hold is released', async () => {
    const lost = { ...runningJob('{}'), status: 'failed', errorCode: 'worker_lost', billingState: 'release_pending' };
    const { deps, world } = fakeDeps({ outcome: 'worker_lost', job: lost });
    assert.equal(await claimJob(deps, { ...ticket, deliveryCount: 5 }), null);
    assert.deepEqual(world.holds.calls, [`release ${lost.id}`]);
    assert.equal(world.counts.nudges, 1, 'its failed event goes out');
    assert.equal(world.logged('job failed: its worker was lost too often')[0]?.jobId, lost.id);
  });

  it('claims again when another delivery of the ticket bound it first (a unique violation), and fails on other errors', async () => {
    const job = runningJob('{}');
    const duplicate = Object.assign(new Error('ticket_id taken'), { code: 'P2002' });
    const raced = fakeDeps(duplicate, { outcome: 'claimed', job });
    assert.equal((await claimJob(raced.deps, ticket))?.job.id, job.id);
    assert.equal(raced.asked.length, 2);
    const broken = fakeDeps(new Error('database down'));
    await assert.rejects(claimJob(broken.deps, ticket), /database down/);
    assert.equal(broken.asked.length, 1);
  });

  it('asks the store with the ticket cleaned: the worker id cut to 200, at least one delivery, no negative attempts', async () => {
    const { deps, asked } = fakeDeps({ outcome: 'none' });
    await claimJob(deps, { ...ticket, workerId: 'w'.repeat(300), deliveryCount: 0, maxAttempts: -1 });
    assert.deepEqual(asked, [{ ...ticket, workerId: 'w'.repeat(200), deliveryCount: 1, maxAttempts: 0 }]);
  });

  it('refuses a ticket without an id, of an unknown type, with a malformed pool or no engines (bad_request)', async () => {
    const { deps, asked } = fakeDeps({ outcome: 'none' });
    for (const [fields, code] of [
      [{ ticketId: '' }, 'bad_request'],
      [{ jobType: 'dubbing' }, 'validation_error'],
      [{ pool: 'CPU' }, 'bad_request'],
      [{ pool: '' }, 'bad_request'],
      [{ engines: [] as string[] }, 'bad_request'],
    ] as const)
      await assert.rejects(claimJob(deps, { ...ticket, ...fields }), { code }, JSON.stringify(fields));
    assert.deepEqual(asked, []);
  });
});
