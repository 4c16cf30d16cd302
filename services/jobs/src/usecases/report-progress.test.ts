import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Job } from '../store/records.ts';
import { reportProgress } from './report-progress.ts';
import { AT, aJob, running } from './testing/world.ts';

/** ReportProgress's deps over one running job: the store moves its progress under its ticket, null for any other. */
function progressDeps(job: Job) {
  let row = job;
  const deps = {
    now: () => AT,
    lifecycle: {
      reportProgress: async (jobId: string, ticketId: string, next: (current: number) => number) => {
        if (jobId !== row.id || ticketId !== row.ticketId || row.status !== 'running') return null;
        row = { ...row, progress: next(row.progress), heartbeatAt: AT };
        return row;
      },
    },
  };
  return { deps, row: () => row };
}

describe('reportProgress', () => {
  it('records the progress of a running job under its ticket, clamped and never moving back; the worker goes on', async () => {
    const { deps, row } = progressDeps(running(aJob(), 'tkt_1'));
    const report = (progress: number) => reportProgress(deps, { jobId: row().id, ticketId: 'tkt_1', progress });
    assert.equal((await report(40))?.id, row().id, 'the job goes on');
    assert.equal(row().progress, 40);
    assert.equal((await report(30))?.id, row().id);
    assert.equal(row().progress, 40, 'never back');
    await report(250);
    assert.equal(row().progress, 100, 'clamped');
  });

  it('tells the worker to stop for another ticket, a job not running and a job id or ticket not worth a look', async () => {
    const job = running(aJob(), 'tkt_1');
    const { deps, row } = progressDeps(job);
    assert.equal(await reportProgress(deps, { jobId: job.id, ticketId: 'tkt_other', progress: 50 }), null);
    assert.equal(await reportProgress(deps, { jobId: job.id, ticketId: '', progress: 50 }), null);
    assert.equal(await reportProgress(deps, { jobId: 'job with spaces', ticketId: 'tkt_1', progress: 50 }), null);
    assert.equal(row().progress, 0);
    const ended = progressDeps({ ...job, status: 'cancelled' });
    assert.equal(await reportProgress(ended.deps, { jobId: job.id, ticketId: 'tkt_1', progress: 50 }), null);
  });

  it('refuses a progress that is not a number (bad_request)', async () => {
    const job = running(aJob(), 'tkt_1');
    const { deps } = progressDeps(job);
    await assert.rejects(reportProgress(deps, { jobId: job.id, ticketId: 'tkt_1', progress: Number.NaN }), {
      code: 'bad_request',
    });
  });
});
