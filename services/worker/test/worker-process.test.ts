// The worker as the process it runs as in production (src/main.ts), against the real jobs, media,
// artifacts, billing and accounts services: it refuses configurations it cannot serve; when it is
// killed mid-job (SIGKILL, the way a node dies) its children do not outlive it and its ticket is
// redelivered after the ack wait: the job runs again elsewhere, or, with no deliveries left, fails
// as worker_lost; on SIGTERM it stops its job and hands the ticket back.
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import {
  concatSpeech,
  freePort,
  HARVARD_SENTENCES,
  repoRoot,
  aliveInGroups,
  notKilledInGroups,
  processes,
  eventually,
  tempDir,
} from '@tp/testing';
import { startBackends, type Backends, type UploadedMedia } from './backends.ts';
import { assertCompletedOnce, assertTakenOver, drained } from './worker-fixture.ts';

let dir: { path: string; remove(): Promise<void> };
let b: Backends;
/** About 20 s of speech: several seconds of work, ffmpeg and the engine both busy for a while. */
let clip: UploadedMedia;
const children: ChildProcess[] = [];

interface Launched {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/** Starts src/main.ts with `env` (nothing inherited but PATH). */
function launch(env: Record<string, string>): Launched {
  const child = spawn(process.execPath, [join(repoRoot(), 'services/worker/src/main.ts')], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output: string[] = [];
  child.stdout!.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, exited };
}

/** A worker process of the fleet, once its /readyz answers 200. */
async function launchReady(extra: Record<string, string> = {}): Promise<Launched> {
  const opsPort = await freePort();
  const launched = launch(b.workerEnv({ ...extra, OPS_PORT: String(opsPort) }));
  await eventually(
    'the worker to be ready',
    async () => {
      if (launched.child.exitCode !== null) throw new Error(`worker exited:\n${launched.output.join('')}`);
      return (await fetch(`http://127.0.0.1:${opsPort}/readyz`).catch(() => undefined))?.status === 200;
    },
    20_000,
    100,
  );
  return launched;
}

/** Process groups led by children of `pid` (the worker's ffmpeg and engine). */
async function groupsOf(pid: number): Promise<number[]> {
  return (await processes()).filter((p) => p.ppid === pid && p.pgid === p.pid).map((p) => p.pgid);
}

interface WindowLine {
  index: number;
  fromCheckpoint: boolean;
  words: number;
}

/** The `window recognized` lines of a worker process's output for the job. */
function windowsLogged(output: string, jobId: string): WindowLine[] {
  return output
    .split('\n')
    .filter((line) => line.includes('"window recognized"') && line.includes(jobId))
    .map((line) => JSON.parse(line) as WindowLine);
}

/**
 * The killed worker's done windows were taken from their checkpoints, the rest recognized by the
 * successor: every window of the recording exactly once in the successor's run.
 */
function assertWindowsOnce(killed: WindowLine[], successor: Record<string, unknown>[]): void {
  const lines = successor as unknown as WindowLine[];
  const indexes = lines.map((l) => l.index).sort((x, y) => x - y);
  assert.deepEqual(
    indexes,
    Array.from({ length: indexes.length }, (_, i) => i),
    'each window once',
  );
  assert.ok(indexes.length >= 3, `${indexes.length} windows`);
  const doneBefore = killed.filter((l) => !l.fromCheckpoint).map((l) => l.index);
  assert.ok(doneBefore.length >= 1, 'the killed worker had finished a window');
  const reused = lines.filter((l) => l.fromCheckpoint).map((l) => l.index);
  for (const index of doneBefore) assert.ok(reused.includes(index), `window ${index} came from its checkpoint`);
  // (One more at most: the kill may fall between a window's checkpoint and its log line.)
  assert.ok(reused.length <= doneBefore.length + 1, `reused ${reused.join(',')} of ${doneBefore.join(',')}`);
  assert.ok(
    lines.some((l) => !l.fromCheckpoint),
    'the rest were recognized by the successor',
  );
}

before(async () => {
  dir = await tempDir();
  const [, clipFile] = await Promise.all([
    startBackends().then((started) => (b = started)),
    concatSpeech(HARVARD_SENTENCES.slice(0, 6), { voice: 'rms', dir: dir.path, name: 'clip' }),
  ]);
  clip = await b.upload(clipFile.path, 'audio/wav');
});

after(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await b?.dispose();
  await dir?.remove();
});

// Each test leaves no worker behind to take the next one's ticket.
afterEach(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await b.stopWorkers();
});

describe('worker process: start-up', () => {
  it('refuses to start a whisper worker without weights, naming the files it looked for', async () => {
    const { output, exited } = launch(
      b.workerEnv({ WORKER_ENGINES: 'whisper', WORKER_POOL: 'gpu', WHISPER_MODEL_DIR: '/nonexistent/models' }),
    );
    assert.equal(await exited, 1);
    assert.match(
      output.join(''),
      /whisper cannot run: no weights in WHISPER_MODEL_DIR \/nonexistent\/models \(looked for ggml-base\.en\.bin, ggml-medium\.en\.bin, ggml-small\.en\.bin\)/,
    );
  });
});

describe('worker process: killed', () => {
  it('killed mid-job leaves no child behind, and the redelivered ticket completes the job elsewhere, once, redoing only the window that was running', async () => {
    const doomed = await launchReady();
    const { jobId } = await b.createJob(clip.mediaId);
    // Progress moves when a window is done (and checkpointed).
    await b.makingProgress(jobId);
    const groups = await groupsOf(doomed.child.pid!);
    assert.ok(
      groups.length >= 1 && groups.length <= 2,
      `the engine, and ffmpeg while it decodes: ${groups.length} groups`,
    );
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    // Their pipes to the dead worker close: ffmpeg gets EPIPE, the engine EOF then EPIPE.
    // The engine first transcribes what it had read: a generous bound.
    await eventually('the orphans to exit', async () => (await aliveInGroups(groups)).length === 0, 30_000);
    assert.equal((await b.getJob(jobId)).status, 'running', 'jobs still counts on the worker');

    const { successor, job } = await assertTakenOver(b, jobId, { WORKER_ID: 'successor' });
    assert.equal((await b.artifactsOf(job)).length, 1);
    await assertCompletedOnce(b, jobId);
    await drained(b);
    assertWindowsOnce(windowsLogged(doomed.output.join(''), jobId), successor.logged('window recognized', { jobId }));
  });

  it('killed on the last delivery: the next delivery fails the job as worker_lost, releases its hold and is acknowledged', async () => {
    const doomed = await launchReady({ WORK_MAX_DELIVER: '1' });
    const { jobId } = await b.createJob(clip.mediaId);
    await b.makingProgress(jobId);
    doomed.child.kill('SIGKILL');
    await doomed.exited;

    const successor = await b.startWorker({ WORK_MAX_DELIVER: '1' });
    const job = await b.ended(jobId, 30_000);
    assert.equal(job.status, 'failed');
    assert.equal(job.errorCode, 'worker_lost', job.errorMessage);
    assert.equal(job.errorMessage, 'The worker processing this job stopped 1 time.');
    assert.equal(job.attempts, 1, 'not run again');
    assert.equal(successor.logged('job claimed').length, 0);
    assert.deepEqual(await b.artifactsOf(job), []);
    const ledger = await b.billed(jobId);
    assert.deepEqual(
      ledger.map((e) => e.kind),
      ['reservation', 'release'],
    );
    await drained(b);
  });
});

describe('worker process: SIGTERM', () => {
  it('stops on SIGTERM, killing its running job, exiting 0 and handing the ticket to another worker', async () => {
    const worker = await launchReady();
    const { jobId } = await b.createJob(clip.mediaId);
    await b.makingProgress(jobId);
    const groups = await groupsOf(worker.child.pid!);
    assert.ok(
      groups.length >= 1 && groups.length <= 2,
      `the engine, and ffmpeg while it decodes: ${groups.length} groups`,
    );
    worker.child.kill('SIGTERM');
    assert.equal(await worker.exited, 0, worker.output.join(''));
    // It killed them before it exited.
    assert.deepEqual(notKilledInGroups(groups), [], 'the job processes were killed');
    await eventually('the job processes to be gone', async () => (await aliveInGroups(groups)).length === 0);
    assert.match(worker.output.join(''), /"shutdown complete"/);
    assert.equal((await b.getJob(jobId)).status, 'running', 'neither completed nor failed');

    await assertTakenOver(b, jobId);
    await drained(b);
  });
});
