import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextProgress } from '../domain/job-rules.ts';
import type { Job } from '../store/records.ts';
import { reportDeviceProgress } from './report-device-progress.ts';
import { AT, aJob, jobsWorld, running } from './testing/world.ts';

/** ReportDeviceProgress's deps: the device runs' store starts a queued job and moves its progress up. */
function deviceDeps(...jobs: Job[]) {
  const world = jobsWorld(...jobs);
  const deviceRuns = {
    reportProgress: async (jobId: string, progress: number, at: Date) => {
      const job = world.rows.get(jobId)!;
      const started = job.status === 'queued' ? { status: 'running', startedAt: at, attempts: 1 } : {};
      return world.put({ ...job, ...started, progress: nextProgress(job.progress, progress), heartbeatAt: at });
    },
  };
  return { world, deps: { ...world.deps, deviceRuns } };
}

const localJob = () =>
  aJob({ executionMode: 'client_local', profile: 'base', billingState: 'none', reservedMicro: 0n });

describe('reportDeviceProgress', () => {
  it('starts a queued client-local job on the first report, keeps the higher progress after, and nudges the outbox', async () => {
    const job = localJob();
    const { deps, world } = deviceDeps(job);
    const started = await reportDeviceProgress(deps, { userId: 'usr_1', jobId: job.id, progress: 40 });
    assert.deepEqual(
      [started.job.status, started.job.progress, started.job.heartbeatAt, started.queueReason],
      ['running', 40, AT, null],
    );
    const lower = await reportDeviceProgress(deps, { userId: 'usr_1', jobId: job.id, progress: 25 });
    assert.equal(lower.job.progress, 40);
    assert.equal(world.counts.nudges, 2);
  });

  it('refuses another user’s or no job (not_found), a cloud job (not_client_local), an ended job (job_not_running)', async () => {
    const local = localJob();
    const cloud = aJob();
    const ended = { ...localJob(), status: 'succeeded' };
    const { deps, world } = deviceDeps(local, cloud, ended);
    const report = (jobId: string, userId = 'usr_1') => reportDeviceProgress(deps, { userId, jobId, progress: 50 });
    await assert.rejects(report(local.id, 'usr_2'), { code: 'not_found' });
    await assert.rejects(report('job_01JNOSUCHJOB0000000000000'), { code: 'not_found' });
    await assert.rejects(report(cloud.id), { code: 'not_client_local', message: /runs in the cloud/ });
    await assert.rejects(report(ended.id), {
      code: 'job_not_running',
      message: `Job ${ended.id} is succeeded; it takes no more progress or transcripts.`,
    });
    assert.equal(world.counts.nudges, 0);
  });

  it('refuses a progress outside 0 to 100 (validation_error), the job left as it was', async () => {
    const job = running(localJob());
    const { deps, world } = deviceDeps(job);
    for (const progress of [101, -1, Number.NaN])
      await assert.rejects(reportDeviceProgress(deps, { userId: 'usr_1', jobId: job.id, progress }), {
        code: 'validation_error',
      });
    assert.equal(world.rows.get(job.id), job);
  });
});
