import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import { JobStopped } from '../../domain/job-stopped.ts';
import { fakeWorker } from '../../../test/fake-worker.ts';
import { fakeTicket, testJob } from '../../../test/fakes.ts';
import { claimJob } from './claim-job.ts';

const delivery = (deliveryCount = 1) => ({
  ticket: { ticket_id: 'tkt_1', job_type: 'caption_burn', pool: 'cpu' },
  handle: fakeTicket(),
  deliveryCount,
});

describe('claimJob', () => {
  it('presents the ticket as the worker’s, of its type, pool and engines, and answers the job bound to it with its grant and window credentials', async () => {
    const job = testJob();
    const answer = { job, traceparent: '00-abc-def-01', grant: 'grant-of-job_1', windowCredentials: 'creds-of-job_1' };
    const w = fakeWorker({ jobs: { claimJob: () => answer } });
    assert.deepEqual(await claimJob(w.deps, delivery(2)), answer);
    assert.deepEqual(w.jobs.called('claimJob')[0]?.request, {
      ticketId: 'tkt_1',
      workerId: 'worker-1',
      jobType: 'caption_burn',
      pool: 'cpu',
      engines: ['pocketsphinx'],
      deliveryCount: 2,
      maxAttempts: 4,
    });
  });

  it('answers nothing for a ticket jobs has no job for', async () => {
    assert.equal(await claimJob(fakeWorker().deps, delivery()), undefined);
  });

  it('waits for jobs while it cannot be reached, heart-beating the ticket, using up no delivery', async () => {
    let attempts = 0;
    const job = testJob();
    const w = fakeWorker({
      jobs: {
        claimJob: () => {
          attempts += 1;
          return attempts < 4 ? Promise.reject(new AppError('service_unavailable')) : { job, traceparent: '' };
        },
      },
    });
    const claim = delivery();
    assert.equal((await claimJob(w.deps, claim))?.job, job);
    assert.equal(attempts, 4);
    assert.equal(claim.handle.beats, 3);
    assert.equal(w.logged('jobs unreachable; retrying the claim', { ticketId: 'tkt_1' }).length, 1, 'said once');
  });

  it('throws a refusal at once, and gives up waiting when the worker shuts down', async () => {
    const refused = fakeWorker({ jobs: { claimJob: () => Promise.reject(new AppError('caller_not_allowed')) } });
    await assert.rejects(claimJob(refused.deps, delivery()), (err: AppError) => err.code === 'caller_not_allowed');
    assert.equal(refused.jobs.calls.length, 1);

    const leaving = fakeWorker({
      jobs: { claimJob: () => Promise.reject(new AppError('service_unavailable')) },
      deps: { claimRetryDelaysMs: [60_000] },
    });
    const waiting = claimJob(leaving.deps, delivery());
    setTimeout(() => leaving.shutdown.abort(), 20);
    await assert.rejects(waiting, (err: unknown) => err instanceof JobStopped && err.reason === 'shutdown');
  });
});
