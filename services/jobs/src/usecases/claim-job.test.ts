import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { jobOptionsFromView } from '@tp/job-options';
import { captureLogger } from '@tp/logging';
import { toWireJob } from '../rpc/wire.ts';
import type { Failure } from '../store/lifecycle.ts';
import type { Job } from '../store/records.ts';
import { type ClaimJobDeps, claimJob } from './claim-job.ts';

const at = new Date('2026-12-01T10:00:00Z');

/** A job a worker just claimed under ticket `tkt_1`, its hold held. */
function runningJob(optionsJson: string): Job {
  return {
    id: 'job_1',
    userId: 'usr_1',
    workspaceId: null,
    type: 'transcription',
    executionMode: 'cloud',
    status: 'running',
    holdState: 'held',
    billingState: 'held',
    profile: 'oracle',
    engine: 'pocketsphinx',
    pool: 'cpu',
    mediaId: 'med_1',
    parentJobId: null,
    itemCount: 0,
    optionsJson,
    title: 'a.wav',
    webhookId: null,
    traceParent: null,
    queueRank: 1n,
    progress: 0,
    errorCode: null,
    errorMessage: null,
    mediaDurationSeconds: 5,
    billedSeconds: null,
    reservedMicro: 1000n,
    chargedMicro: 0n,
    artifactIds: [],
    language: null,
    attempts: 1,
    ticketId: 'tkt_1',
    workerId: 'wrk_1',
    heartbeatAt: at,
    billingAttempts: 0,
    billingError: null,
    createdAt: at,
    startedAt: at,
    finishedAt: null,
    updatedAt: at,
  };
}

/** ClaimJob's dependencies in memory: the store claims `claimed`; what fails and releases is recorded. */
function fakeDeps(claimed: Job) {
  let row = claimed;
  const failures: Failure[] = [];
  const released: string[] = [];
  const { log, lines } = captureLogger('jobs-test');
  const deps: ClaimJobDeps = {
    lifecycle: {
      claim: async () => ({ outcome: 'claimed', job: row }),
      fail: async (input) => {
        failures.push(input);
        row = { ...row, status: 'failed', errorCode: input.code, errorMessage: input.message, finishedAt: at };
        return row;
      },
    },
    queries: { findJobById: async (id) => (id === row.id ? row : null) },
    queue: { positions: async () => new Map() },
    holds: {
      releaseEarly: async (jobId) => {
        released.push(jobId);
        return true;
      },
      release: async (job) => job,
    },
    log,
    now: () => at,
    nudgeOutbox: () => undefined,
  };
  return { deps, failures, released, lines };
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
    const { deps, failures } = fakeDeps(runningJob('{"language":"en","output_format":"json"}'));
    const claimed = await claimJob(deps, ticket);
    assert.equal(claimed?.job.id, 'job_1');
    assert.deepEqual(failures, []);
    assert.deepEqual(toWireJob(claimed!.job, 0).options, jobOptionsFromView({ language: 'en', output_format: 'json' }));
  });

  it('fails a job whose stored options do not decode with job_options_unreadable, releasing its hold', async () => {
    for (const stored of ['{"language":"en","speakers":2}', '{"diarization":{"num_speakers":"two"}}', 'not json']) {
      const { deps, failures, released, lines } = fakeDeps(runningJob(stored));
      assert.equal(await claimJob(deps, ticket), null, `${stored}: the worker acks the ticket`);
      assert.equal(failures.length, 1, stored);
      assert.equal(failures[0]!.code, 'job_options_unreadable');
      assert.equal(failures[0]!.ticketId, 'tkt_1');
      assert.equal(failures[0]!.released, true, 'the hold is released with the failure');
      assert.match(failures[0]!.message, /^The job's options could not be read: /);
      assert.deepEqual(released, ['job_1']);
      // Read afterwards, it answers (GET /jobs/{id} shows the failure) with no options rather than a 500.
      const read = toWireJob((await deps.queries.findJobById('job_1'))!, 0);
      assert.deepEqual([read.status, read.errorCode, read.options], ['failed', 'job_options_unreadable', undefined]);
      assert.ok(
        lines.some((line) => line.msg === 'job failed: its stored options do not decode' && line.jobId === 'job_1'),
      );
    }
  });
});
