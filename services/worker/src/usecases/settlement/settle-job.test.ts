import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import { fakeWorker } from '../../../test/fake-worker.ts';
import { fakeTicket, testJob } from '../../../test/fakes.ts';
import { cancelled, done, failed, retry } from '../shared/outcome.ts';
import { settleJob } from './settle-job.ts';

const input = () => ({ job: testJob(), ticket: fakeTicket() });
const completion = { artifactId: 'art_1', billedSeconds: 12.5, language: 'en' };
const FAILURE = { errorCode: 'engine_failed', errorMessage: 'The speech engine failed.' } as const;
const unavailable = () => Promise.reject(new AppError('service_unavailable'));

describe('settleJob', () => {
  it('completes a job that ran to its end, with its artifact, seconds and language', async () => {
    const w = fakeWorker();
    await settleJob(w.deps, input(), done(completion));
    assert.deepEqual(w.jobs.calls, [
      { method: 'completeJob', request: { jobId: 'job_1', ticketId: 'tkt_1', ...completion } },
    ]);
    assert.equal(w.logged('job completed', { jobId: 'job_1' }).length, 1);
  });

  it('says so when the job ended before it could complete (cancelled meanwhile)', async () => {
    const w = fakeWorker({ jobs: { completeJob: () => ({ status: 'cancelled' }) } });
    await settleJob(w.deps, input(), done(completion));
    assert.equal(w.logged('job ended before it could complete', { status: 'cancelled' }).length, 1);
  });

  it('fails a job that cannot succeed, and lets a cancelled one go', async () => {
    const w = fakeWorker();
    await settleJob(w.deps, input(), failed(FAILURE));
    assert.deepEqual(w.jobs.calls, [{ method: 'failJob', request: { jobId: 'job_1', ticketId: 'tkt_1', ...FAILURE } }]);
    const let_ = fakeWorker();
    await settleJob(let_.deps, input(), cancelled);
    assert.deepEqual(let_.jobs.calls, []);
    assert.equal(let_.logged('job cancelled; ticket acknowledged', { jobId: 'job_1' }).length, 1);
  });

  it('throws the error of a retry, settling nothing', async () => {
    const w = fakeWorker();
    const error = new AppError('storage_unavailable');
    await assert.rejects(settleJob(w.deps, input(), retry(error)), (err) => err === error);
    assert.deepEqual(w.jobs.calls, []);
  });

  it('throws when jobs cannot be reached (after retrying in place, beating the ticket), for a redelivery', async () => {
    const w = fakeWorker({ jobs: { completeJob: unavailable, failJob: unavailable } });
    const { job, ticket } = input();
    await assert.rejects(settleJob(w.deps, { job, ticket }, done(completion)));
    await assert.rejects(settleJob(w.deps, { job, ticket }, failed(FAILURE)));
    assert.equal(w.jobs.calls.length, 4, 'each retried once (retryDelaysMs: [1])');
    assert.equal(ticket.beats, 2);
  });

  it('acknowledges a settlement jobs refuses for good', async () => {
    const refused = () => Promise.reject(new AppError('job_not_running'));
    const w = fakeWorker({ jobs: { completeJob: refused, failJob: refused } });
    await settleJob(w.deps, input(), done(completion));
    await settleJob(w.deps, input(), failed(FAILURE));
    assert.equal(w.logged('jobs refused CompleteJob; acknowledging the ticket').length, 1);
    assert.equal(w.logged('jobs refused FailJob; acknowledging the ticket').length, 1);
  });
});
