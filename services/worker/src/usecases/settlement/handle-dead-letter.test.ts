import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import { fakeWorker } from '../../../test/fake-worker.ts';
import { fakeTicket, testJob } from '../../../test/fakes.ts';
import { handleDeadLetter } from './handle-dead-letter.ts';

const deadLetter = (deliveryCount = 3) => ({
  ticket: { ticket_id: 'tkt_1', job_type: 'transcription', pool: 'cpu' },
  handle: fakeTicket(),
  deliveryCount,
  error: new AppError('service_unavailable'),
});

const EXHAUSTED = {
  errorCode: 'processing_failed',
  errorMessage:
    'Transcription failed after 3 attempts; the last error was: A backend service is unavailable; retry later.',
};

describe('handleDeadLetter', () => {
  it('fails the job this process ran for the ticket with the last error, and forgets the ticket', async () => {
    const w = fakeWorker();
    w.deps.runningJobs.started('tkt_1', 'job_9');
    w.deps.runningJobs.ended('tkt_1', true);
    await handleDeadLetter(w.deps, deadLetter());
    assert.deepEqual(w.jobs.calls, [
      { method: 'failJob', request: { jobId: 'job_9', ticketId: 'tkt_1', ...EXHAUSTED } },
    ]);
    assert.equal(w.deps.runningJobs.jobOf('tkt_1'), undefined);
    assert.equal(w.logged('ticket dead-lettered; failing its job', { jobId: 'job_9' }).length, 1);
  });

  it('presents a ticket not run here to jobs as exhausted: nothing to run is acknowledged', async () => {
    const w = fakeWorker();
    await handleDeadLetter(w.deps, deadLetter(2));
    assert.deepEqual(
      w.jobs.calls.map((c) => [c.method, c.request.deliveryCount]),
      [['claimJob', 4]],
      'max attempts: jobs fails a job bound to it as worker_lost',
    );
  });

  it('runs the queue head a ticket that never bound a job binds now, with no retry left', async () => {
    const job = testJob({ engine: 'whisper' });
    const w = fakeWorker({ jobs: { claimJob: () => ({ job, traceparent: '' }) } });
    await handleDeadLetter(w.deps, deadLetter());
    assert.equal(w.jobs.called('failJob')[0]?.request.errorMessage, 'This worker does not run the whisper engine.');

    const failing = fakeWorker({
      jobs: { claimJob: () => ({ job: testJob(), traceparent: '' }) },
      mediaAnswers: { getReadUrl: () => Promise.reject(new AppError('storage_unavailable')) },
    });
    await handleDeadLetter(failing.deps, deadLetter());
    assert.deepEqual(failing.jobs.called('failJob')[0]?.request, {
      jobId: 'job_1',
      ticketId: 'tkt_1',
      errorCode: 'processing_failed',
      errorMessage: `Transcription failed after 3 attempts; the last error was: ${new AppError('storage_unavailable').message}`,
    });
  });

  it('throws while jobs cannot be reached, so the bus calls it again; acknowledges a refusal', async () => {
    const unreachable = fakeWorker({ jobs: { failJob: () => Promise.reject(new AppError('service_unavailable')) } });
    unreachable.deps.runningJobs.started('tkt_1', 'job_9');
    await assert.rejects(handleDeadLetter(unreachable.deps, deadLetter()));
    assert.equal(unreachable.deps.runningJobs.jobOf('tkt_1'), 'job_9', 'kept for the next call');

    const refusing = fakeWorker({ jobs: { failJob: () => Promise.reject(new AppError('job_not_running')) } });
    refusing.deps.runningJobs.started('tkt_1', 'job_9');
    await handleDeadLetter(refusing.deps, deadLetter());
    assert.equal(refusing.logged('jobs refused FailJob for a dead-lettered ticket').length, 1);
    assert.equal(refusing.deps.runningJobs.jobOf('tkt_1'), undefined);
  });
});
