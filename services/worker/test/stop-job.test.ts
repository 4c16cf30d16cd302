// A running job stops when it is cancelled, when it runs past JOB_TIMEOUT_MS and when its worker
// shuts down: ffmpeg and the engine are killed at once, and the job ends as it should (let go,
// failed, or handed to another worker). And the worker's start: its checks and its readiness.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { liveGroupCount } from '@tp/engines';
import { aliveInGroups, childGroups, notKilledInGroups, eventually, writeScript } from '@tp/testing';
import { assertReleased, assertTakenOver, drained, useWorkerFixture } from './worker-fixture.ts';

const fx = useWorkerFixture();

/** The process groups a job started (the engine, and ffmpeg while it decodes), once it makes progress. */
async function jobGroups(before: Set<number>): Promise<number[]> {
  const groups = (await childGroups()).filter((g) => !before.has(g));
  // ffmpeg may already have decoded everything into the (bounded) pipe buffers and left.
  assert.ok(
    groups.length >= 1 && groups.length <= 2,
    `the engine (and ffmpeg while it decodes) run in their own groups: ${groups.length}`,
  );
  return groups;
}

describe('worker: a cancelled job', () => {
  it('stops within a second when the job is cancelled, kills ffmpeg and every engine process, and acknowledges', async () => {
    const { b, clip } = fx;
    // Two engine slots: two windows of the job at work at once.
    const worker = await b.startWorker({ ENGINE_POOL_SIZE: '2' });
    const before = new Set(await childGroups());
    const { jobId } = await b.createJob(clip.mediaId);
    await b.makingProgress(jobId);
    const groups = await eventually('two engine processes (and ffmpeg while it decodes) at work', async () => {
      const now = (await childGroups()).filter((g) => !before.has(g));
      return now.length >= 2 ? now : undefined;
    });
    const cancelled = await b.jobs.cancelJob({ userId: b.userId, jobId });
    assert.equal(cancelled.status, 'cancelled');
    // The next progress report (every 200 ms) hears of it, and the processes are killed right then.
    await eventually(
      'a progress report to hear of the cancellation',
      () => worker.logged('job cancelled; stopping ffmpeg and the engine', { jobId }).length === 1,
    );
    assert.deepEqual(notKilledInGroups(groups), [], 'ffmpeg and the engines were killed at once');
    await eventually('every process group to end', async () => (await aliveInGroups(groups)).length === 0);
    await eventually(
      'no process of the job left, whichever window it was on',
      async () => (await childGroups()).filter((g) => !before.has(g)).length === 0 && liveGroupCount() === 0,
    );
    assert.deepEqual(worker.logged('job transcribed', { jobId }), [], 'stopped before the transcription ended');
    await drained(b);
    await eventually(
      'the worker to let the job go',
      () => worker.logged('job cancelled; ticket acknowledged', { jobId }).length === 1,
    );
    const job = await b.getJob(jobId);
    assert.equal(job.status, 'cancelled');
    assert.equal(job.attempts, 1, 'not redelivered');
    assert.deepEqual(await b.artifactsOf(job), [], 'nothing stored');
    await assertReleased(b, jobId);
  });
});

describe('worker: a job that runs too long', () => {
  it('is stopped at JOB_TIMEOUT_MS and fails processing_failed', async () => {
    const { b, dir, clip } = fx;
    // An engine that never finishes: the job can only end by its timeout, however fast the machine.
    const stuck = await writeScript(dir.path, 'stuck-engine.sh', 'sleep 600');
    await b.startWorker({ JOB_TIMEOUT_MS: '1000', POCKETSPHINX_RUNNER: 'command', POCKETSPHINX_BIN: stuck });
    const { jobId } = await b.createJob(clip.mediaId);
    const job = await b.ended(jobId);
    assert.equal(job.errorCode, 'processing_failed', job.errorMessage);
    assert.equal(job.errorMessage, 'The job did not finish within 1 second.');
    await assertReleased(b, jobId);
    await drained(b);
    assert.equal(liveGroupCount(), 0);
  });
});

describe('worker: start-up checks and shutdown', () => {
  it('is ready on its ops port (the library runner: one decoder host loaded), and leaves no child process behind', async () => {
    const worker = await fx.b.startWorker({ POCKETSPHINX_RUNNER: 'library' });
    const ready = await fetch(`http://127.0.0.1:${worker.service.opsPort}/readyz`);
    assert.equal(ready.status, 200);
    assert.deepEqual(((await ready.json()) as { checks: unknown }).checks, {
      nats: true,
      engines: true,
      ffmpeg: true,
      consuming: true,
    });
    assert.equal(worker.service.running(), 0);
    assert.equal(liveGroupCount(), 1, 'the decoder host its start-up check loaded, waiting for the first window');
    await worker.stop();
    assert.equal(liveGroupCount(), 0);
  });

  it('refuses to start without the engine model, ffmpeg or ffprobe, saying what is missing', async () => {
    const { b, dir } = fx;
    await assert.rejects(
      b.startWorker({ POCKETSPHINX_MODEL_DIR: join(dir.path, 'nowhere') }),
      /pocketsphinx cannot run: .*nowhere\/en-us is missing.*pocketsphinx-en-us/,
    );
    await assert.rejects(
      b.startWorker({ FFMPEG_BIN: join(dir.path, 'no-ffmpeg') }),
      /ffmpeg cannot run \(FFMPEG_BIN=.*no-ffmpeg: not found\)/,
    );
    await assert.rejects(
      b.startWorker({ FFPROBE_BIN: join(dir.path, 'no-ffprobe') }),
      /ffprobe cannot run \(FFPROBE_BIN=.*no-ffprobe: not found\)/,
    );
  });

  it('on shutdown kills the running job and puts its ticket back for another worker', async () => {
    const { b, clip } = fx;
    const leaving = await b.startWorker();
    const before = new Set(await childGroups());
    const { jobId } = await b.createJob(clip.mediaId);
    await b.makingProgress(jobId);
    const groups = await jobGroups(before);
    await leaving.stop();
    // Stopping does not wait for the job: by the time stop() returns its processes have been killed.
    assert.deepEqual(notKilledInGroups(groups), [], 'the job processes were killed at once');
    assert.deepEqual(leaving.logged('job transcribed', { jobId }), [], 'stopped before the transcription ended');
    // SIGKILLed processes may take a moment to leave /proc after their pipes closed.
    await eventually('the job processes to be gone', async () => (await aliveInGroups(groups)).length === 0);
    const left = await b.getJob(jobId);
    assert.equal(left.status, 'running', 'neither completed nor failed');

    await assertTakenOver(b, jobId);
    assert.deepEqual(
      leaving.logged('job claimed', { jobId }).map((l) => l.deliveryCount),
      [1],
    );
    await drained(b);
  });
});
