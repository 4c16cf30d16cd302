// The worker as the process it runs as in production (src/main.ts): on SIGTERM it stops its job
// and hands the ticket back, and the next worker reuses the windows it finished; killed (SIGKILL,
// the way a node dies) its children do not outlive it, and its ticket is redelivered after the ack
// wait, which with no delivery left fails the job as worker_lost. Registered by workflows.test.ts.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { aliveInGroups, eventually, freePort, notKilledInGroups, processes, repoRoot } from '@tp/testing';
import type { Backends } from './backends.ts';
import { assertCompletedOnce, assertTakenOver, drained, type WorkerFixture } from './worker-fixture.ts';

interface Launched {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/** A worker process of the fleet (src/main.ts, nothing inherited but PATH), once its /readyz answers 200. */
async function launchReady(b: Backends, children: ChildProcess[], extra: Record<string, string> = {}) {
  const opsPort = await freePort();
  const env = { PATH: process.env.PATH ?? '', ...b.workerEnv({ ...extra, OPS_PORT: String(opsPort) }) };
  const child = spawn(process.execPath, [join(repoRoot(), 'services/worker/src/main.ts')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output: string[] = [];
  child.stdout!.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await eventually(
    'the worker to be ready',
    async () => {
      if (child.exitCode !== null) throw new Error(`worker exited:\n${output.join('')}`);
      return (await fetch(`http://127.0.0.1:${opsPort}/readyz`).catch(() => undefined))?.status === 200;
    },
    20_000,
    100,
  );
  return { child, output, exited } satisfies Launched;
}

/** Process groups led by children of `pid` (the worker's ffmpeg and engine), once it runs a job. */
async function jobGroups(pid: number): Promise<number[]> {
  const groups = (await processes()).filter((p) => p.ppid === pid && p.pgid === p.pid).map((p) => p.pgid);
  assert.ok(groups.length >= 1 && groups.length <= 2, `the engine, and ffmpeg while it decodes: ${groups.length}`);
  return groups;
}

interface WindowLine {
  index: number;
  fromCheckpoint: boolean;
}

/**
 * The first worker's done windows were taken from their checkpoints, the rest recognized by the
 * successor: every window of the recording exactly once in the successor's run.
 */
function assertWindowsOnce(output: string, jobId: string, successor: Record<string, unknown>[]): void {
  const before = output
    .split('\n')
    .filter((line) => line.includes('"window recognized"') && line.includes(jobId))
    .map((line) => JSON.parse(line) as WindowLine);
  const lines = successor as unknown as WindowLine[];
  const indexes = lines.map((l) => l.index).sort((x, y) => x - y);
  assert.deepEqual(
    indexes,
    Array.from({ length: indexes.length }, (_, i) => i),
    'each window once',
  );
  const doneBefore = before.filter((l) => !l.fromCheckpoint).map((l) => l.index);
  assert.ok(doneBefore.length >= 1, 'the first worker had finished a window');
  const reused = lines.filter((l) => l.fromCheckpoint).map((l) => l.index);
  for (const index of doneBefore) assert.ok(reused.includes(index), `window ${index} came from its checkpoint`);
  assert.ok(
    lines.some((l) => !l.fromCheckpoint),
    'the rest were recognized by the successor',
  );
}

export function processWorkflows(fx: WorkerFixture): void {
  const children: ChildProcess[] = [];
  // Each test leaves no worker process behind to take the next one's ticket.
  afterEach(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  describe('worker process: SIGTERM', () => {
    it('stops its running job, exits 0, and the next worker completes the job once, reusing the windows it finished', async () => {
      const { b, clip } = fx;
      const worker = await launchReady(b, children);
      const { jobId } = await b.createJob(clip.mediaId);
      // Progress moves when a window is done (and checkpointed).
      await b.makingProgress(jobId);
      const groups = await jobGroups(worker.child.pid!);
      worker.child.kill('SIGTERM');
      assert.equal(await worker.exited, 0, worker.output.join(''));
      assert.deepEqual(notKilledInGroups(groups), [], 'it killed the job’s processes before it exited');
      await eventually('the job processes to be gone', async () => (await aliveInGroups(groups)).length === 0);
      assert.match(worker.output.join(''), /"shutdown complete"/);
      assert.equal((await b.getJob(jobId)).status, 'running', 'neither completed nor failed');

      const { successor, job } = await assertTakenOver(b, jobId, { WORKER_ID: 'successor' });
      assert.equal((await b.artifactsOf(job)).length, 1);
      await assertCompletedOnce(b, jobId);
      assertWindowsOnce(worker.output.join(''), jobId, successor.logged('window recognized', { jobId }));
      await drained(b);
    });
  });

  describe('worker process: killed', () => {
    it('killed on the last delivery leaves no child behind, and the next delivery fails the job worker_lost', async () => {
      const { b, clip } = fx;
      const doomed = await launchReady(b, children, { WORK_MAX_DELIVER: '1' });
      const { jobId } = await b.createJob(clip.mediaId);
      await b.makingProgress(jobId);
      const groups = await jobGroups(doomed.child.pid!);
      doomed.child.kill('SIGKILL');
      await doomed.exited;
      // Their pipes to the dead worker close: ffmpeg gets EPIPE, the engine EOF then EPIPE.
      await eventually('the orphans to exit', async () => (await aliveInGroups(groups)).length === 0, 30_000);

      const successor = await b.startWorker({ WORK_MAX_DELIVER: '1' });
      const job = await b.ended(jobId, 30_000);
      assert.deepEqual([job.status, job.errorCode], ['failed', 'worker_lost'], job.errorMessage);
      assert.equal(job.errorMessage, 'The worker processing this job stopped 1 time.');
      assert.equal(job.attempts, 1, 'not run again');
      assert.equal(successor.logged('job claimed').length, 0);
      assert.deepEqual(await b.artifactsOf(job), []);
      assert.deepEqual(
        (await b.billed(jobId)).map((e) => e.kind),
        ['reservation', 'release'],
      );
      await drained(b);
    });
  });
}
