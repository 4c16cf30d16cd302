import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import type { Job } from '@tp/proto';
import { type FakeWorker, fakeWorker } from '../../../test/fake-worker.ts';
import { fakeTicket, testJob } from '../../../test/fakes.ts';
import { handleTicket } from './handle-ticket.ts';

const delivery = (deliveryCount = 1) => ({
  ticket: { ticket_id: 'tkt_1', job_type: 'transcription', pool: 'cpu' },
  handle: fakeTicket(),
  deliveryCount,
});

/** A worker whose ClaimJob binds `job` to the ticket. */
const claiming = (job: Job, options: Parameters<typeof fakeWorker>[0] = {}) =>
  fakeWorker({ ...options, jobs: { claimJob: () => ({ job, traceparent: '' }), ...options.jobs } });

const failureOf = (w: FakeWorker) => w.jobs.called('failJob')[0]?.request.errorMessage;

describe('handleTicket', () => {
  it('acknowledges a ticket with nothing to run', async () => {
    const w = fakeWorker();
    await handleTicket(w.deps, delivery());
    assert.deepEqual(
      w.jobs.calls.map((c) => c.method),
      ['claimJob'],
    );
    assert.equal(w.logged('nothing to run for this ticket', { ticketId: 'tkt_1' }).length, 1);
    assert.equal(w.logged('job claimed').length, 0);
  });

  it('runs a claimed job by its type’s pipeline: transcription, caption burn, or none', async () => {
    // Each pipeline, recognized by how it fails a job it cannot run.
    const transcription = claiming(testJob({ engine: 'whisper' }));
    await handleTicket(transcription.deps, delivery(2));
    assert.equal(failureOf(transcription), 'This worker does not run the whisper engine.');
    assert.equal(
      transcription.logged('job claimed', { jobId: 'job_1', ticketId: 'tkt_1', deliveryCount: 2 }).length,
      1,
    );

    const burn = claiming(testJob({ type: 'caption_burn', options: {} }));
    await handleTicket(burn.deps, delivery());
    assert.match(String(failureOf(burn)), /its options have no caption_burn block/);

    const other = claiming(testJob({ type: 'export' }));
    await handleTicket(other.deps, delivery());
    assert.equal(failureOf(other), 'This worker runs transcription jobs, not export.');
  });

  it('opens the job’s windows with the credentials of its claim, runs the job with them, and closes them after', async () => {
    const opened: [string, string][] = [];
    let closed = 0;
    const bucket = {
      get: async () => null,
      put: async () => 0,
      watch: async () => undefined,
      keys: async () => undefined,
      purge: async () => undefined,
    };
    const w = fakeWorker({
      jobs: {
        claimJob: () => ({ job: testJob({ engine: 'whisper' }), traceparent: '', windowCredentials: 'creds-of-job_1' }),
      },
      deps: {
        openWindows: async (credentials, jobId) => {
          opened.push([credentials, jobId]);
          return { bucket: bucket as never, close: async () => void (closed += 1) };
        },
      },
    });
    await handleTicket(w.deps, delivery());
    assert.deepEqual(opened, [['creds-of-job_1', 'job_1']]);
    assert.equal(closed, 1, 'closed once the job is settled');
  });

  it('counts the job among the running ones while it runs, and forgets its ticket once it ends', async () => {
    let runningThen = -1;
    const w = claiming(testJob(), {
      mediaAnswers: {
        getReadUrl: () => {
          runningThen = w.deps.runningJobs.count();
          return Promise.reject(new AppError('not_found'));
        },
      },
    });
    await handleTicket(w.deps, delivery());
    assert.equal(runningThen, 1);
    assert.equal(w.deps.runningJobs.count(), 0);
    assert.equal(w.deps.runningJobs.jobOf('tkt_1'), undefined);
  });

  it('throws for a redelivery, keeping the ticket’s job for the dead letter only after the last delivery', async () => {
    const unreachable = { getReadUrl: () => Promise.reject(new AppError('service_unavailable')) };
    const early = claiming(testJob(), { mediaAnswers: unreachable });
    await assert.rejects(handleTicket(early.deps, delivery(1)), (err: AppError) => err.code === 'service_unavailable');
    assert.equal(early.deps.runningJobs.jobOf('tkt_1'), undefined);

    const last = claiming(testJob(), { mediaAnswers: unreachable });
    await assert.rejects(handleTicket(last.deps, delivery(3)));
    assert.equal(last.deps.runningJobs.jobOf('tkt_1'), 'job_1', 'the dead letter fails this job');
    assert.equal(last.deps.runningJobs.count(), 0);
  });
});
