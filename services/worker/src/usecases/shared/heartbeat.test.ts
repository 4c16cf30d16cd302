import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import { eventually } from '@tp/testing';
import { isJobStopped } from '../../domain/job-stopped.ts';
import { fakeWorker } from '../../../test/fake-worker.ts';
import { fakeTicket, testJob } from '../../../test/fakes.ts';
import { keepingTicket, progressReporter, startHeartbeat, startJobStop } from './heartbeat.ts';

describe('startHeartbeat', () => {
  it('beats one at a time: a slow beat delays the next', async () => {
    let running = 0;
    let most = 0;
    let beats = 0;
    const heartbeat = startHeartbeat(1, async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running -= 1;
      beats += 1;
    });
    await eventually('three beats', () => beats >= 3);
    heartbeat.stop();
    const stoppedAt = beats;
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.equal(most, 1);
    assert.ok(beats <= stoppedAt + 1, 'at most the beat in flight after stop');
  });

  it('keeps a ticket alive while a step runs, and stops with it', async () => {
    const ticket = fakeTicket();
    const answer = await keepingTicket(1, ticket, async () => {
      await eventually('a few beats', () => ticket.beats >= 2);
      return 'done';
    });
    const after = ticket.beats;
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual([answer, ticket.beats], ['done', after]);
  });
});

describe('startJobStop', () => {
  it('stops the job on its cancellation, its timeout or the worker’s shutdown, saying which', async () => {
    const shutdown = new AbortController();
    const cancelled = startJobStop(shutdown.signal, 60_000);
    cancelled.cancel();
    assert.ok(isJobStopped(cancelled.signal.reason, 'cancelled'));
    cancelled.release();
    const late = startJobStop(shutdown.signal, 5);
    await eventually('the timeout', () => late.signal.aborted);
    assert.ok(isJobStopped(late.signal.reason, 'timeout'));
    assert.equal(late.signal.reason.message, 'The job did not finish within 0 seconds.');
    const leaving = startJobStop(shutdown.signal, 60_000);
    shutdown.abort();
    assert.ok(isJobStopped(leaving.signal.reason, 'shutdown'));
    leaving.release();
    const afterShutdown = startJobStop(shutdown.signal, 60_000);
    assert.ok(isJobStopped(afterShutdown.signal.reason, 'shutdown'), 'already shutting down');
    afterShutdown.release();
  });
});

describe('progressReporter', () => {
  it('extends the ticket and reports progress; jobs’ cancel stops the job', async () => {
    let cancel = false;
    const w = fakeWorker({ jobs: { reportProgress: () => ({ cancel }) } });
    const ticket = fakeTicket();
    const stop = startJobStop(new AbortController().signal, 60_000);
    const beat = progressReporter(w.deps, { ticket, job: testJob(), progress: () => 42, stop });
    await beat();
    assert.deepEqual(w.jobs.calls[0]?.request, { jobId: 'job_1', ticketId: 'tkt_1', progress: 42 });
    assert.equal([ticket.beats, stop.signal.aborted].join(), '1,false');
    cancel = true;
    await beat();
    await beat();
    assert.ok(isJobStopped(stop.signal.reason, 'cancelled'));
    assert.equal(w.logged('job cancelled; stopping ffmpeg and the engine').length, 1, 'once');
    stop.release();
  });

  it('never throws: a failed report is logged, the first and every thirtieth', async () => {
    const w = fakeWorker({ jobs: { reportProgress: () => Promise.reject(new AppError('service_unavailable')) } });
    const stop = startJobStop(new AbortController().signal, 60_000);
    const beat = progressReporter(w.deps, { ticket: fakeTicket(), job: testJob(), progress: () => 1, stop });
    for (let i = 0; i < 30; i++) await beat();
    assert.deepEqual(
      w.logged('progress report failed').map((l) => l.failures),
      [1, 30],
    );
    assert.equal(stop.signal.aborted, false);
    stop.release();
  });
});
