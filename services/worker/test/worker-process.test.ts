// The worker as the process it runs as in production (src/main.ts): it refuses configurations it
// cannot serve, and when it is killed mid-job (SIGKILL, the way a node dies) its children do not
// outlive it and its ticket is redelivered after the ack wait: the job runs again elsewhere, or,
// with no deliveries left, fails as worker_lost.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { connectBus, STREAMS, workSubject, type Bus } from '@tp/bus';
import { concatSpeech, createTestBusNamespace, freePort, HARVARD_SENTENCES, repoRoot, type TestBusNamespace } from '@tp/testing';
import { WorkerConfigSchema } from '../src/config.ts';
import { startWorkerService, workDurable, type RunningWorker } from '../src/service.ts';
import { startFakeBackends, type Fakes } from './fake-backends.ts';
import { aliveInGroups, eventually, log, processes, serveFiles, tempDir } from './support.ts';

let dir: { path: string; remove(): Promise<void> };
let files: Awaited<ReturnType<typeof serveFiles>>;
let fakes: Fakes;
let namespace: TestBusNamespace;
let bus: Bus;
let clipSeconds: number;
const children: ChildProcess[] = [];
const inProcess: RunningWorker[] = [];

function baseEnv(pool: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NATS_URL: namespace.natsUrl,
    NATS_PREFIX: namespace.prefix,
    JOBS_GRPC_ADDR: fakes.addr,
    MEDIA_GRPC_ADDR: fakes.addr,
    ARTIFACTS_GRPC_ADDR: fakes.addr,
    OPS_PORT: '0',
    WORKER_POOL: pool,
    PROGRESS_INTERVAL_MS: '200',
    WORK_ACK_WAIT_MS: '3000',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

interface Launched {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/** Starts src/main.ts and waits until its /readyz answers 200. */
async function launchReady(env: Record<string, string>): Promise<Launched> {
  const opsPort = await freePort();
  const launched = launch({ ...env, OPS_PORT: String(opsPort) });
  await eventually('the worker to be ready', async () => {
    if (launched.child.exitCode !== null) throw new Error(`worker exited:\n${launched.output.join('')}`);
    return (await fetch(`http://127.0.0.1:${opsPort}/readyz`).catch(() => undefined))?.status === 200;
  }, 20_000, 100);
  return launched;
}

function launch(env: Record<string, string>): Launched {
  const child = spawn(process.execPath, [join(repoRoot(), 'services/worker/src/main.ts')], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const output: string[] = [];
  child.stdout!.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, exited };
}

let sequence = 0;
async function submit(pool: string): Promise<string> {
  sequence += 1;
  const jobId = `job_p${sequence}`;
  fakes.addJob({ jobId, mediaId: `med_p${sequence}`, mediaDurationSeconds: clipSeconds }, { url: files.url('clip.wav'), durationSeconds: clipSeconds, fileName: 'clip.wav' });
  await bus.publish(workSubject('transcription', pool), { ticket_id: jobId, job_type: 'transcription', pool });
  return jobId;
}

/** Process groups led by children of `pid`. */
async function groupsOf(pid: number): Promise<number[]> {
  return (await processes()).filter((p) => p.ppid === pid && p.pgid === p.pid).map((p) => p.pgid);
}

before(async () => {
  dir = await tempDir();
  const clip = await concatSpeech(HARVARD_SENTENCES.slice(0, 8), { voice: 'rms', dir: dir.path, name: 'clip' });
  clipSeconds = clip.durationSeconds;
  files = await serveFiles(dir.path);
  fakes = await startFakeBackends(log);
  namespace = createTestBusNamespace();
  bus = await connectBus({ url: namespace.natsUrl, name: 'worker-process-test', prefix: namespace.prefix, log });
  await bus.ensureStreams([STREAMS.WORK]);
});

after(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const worker of inProcess) await worker.stop().catch(() => undefined);
  await bus?.close();
  await namespace?.cleanup();
  await fakes?.close();
  await files?.close();
  await dir?.remove();
});

describe('worker process', () => {
  it('refuses to start with an engine it does not implement, saying so', async () => {
    const { output, exited } = launch(baseEnv('cpu', { WORKER_ENGINES: 'whisper' }));
    assert.equal(await exited, 1);
    assert.match(output.join(''), /WORKER_ENGINES: the Whisper \(GPU\) engine \(\\"whisper\\"\) is not implemented by this worker yet; it runs pocketsphinx only/);
  });

  it('killed mid-job leaves no child behind, and the redelivered ticket completes the job elsewhere', async () => {
    const pool = 'killed';
    const doomed = await launchReady(baseEnv(pool));
    const jobId = await submit(pool);
    await eventually('the job to make progress', () => fakes.progress.some((p) => p.jobId === jobId && p.progress > 0), 30_000);
    const groups = await groupsOf(doomed.child.pid!);
    assert.equal(groups.length, 2, 'ffmpeg and the engine');
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    // Their pipes to the dead worker close: ffmpeg gets EPIPE, the engine EOF then EPIPE.
    await eventually('the orphans to exit', async () => (await aliveInGroups(groups)).length === 0, 10_000);

    const config = WorkerConfigSchema.parse(baseEnv(pool, { LOG_LEVEL: 'silent', WORKER_ID: 'successor' }));
    inProcess.push(await startWorkerService(config, log, { retryDelaysMs: [50], backoffMs: [300] }));
    const job = await eventually('the job to succeed', () => (fakes.jobs.get(jobId)!.job.status === 'succeeded' ? fakes.jobs.get(jobId)!.job : undefined), 60_000);
    assert.equal(job.attempts, 2);
    const claims = fakes.claims.filter((c) => c.ticketId === jobId);
    assert.deepEqual(claims.map((c) => c.deliveryCount), [1, 2]);
    assert.equal(claims[1]!.workerId, 'successor');
    assert.equal(fakes.completed.filter((c) => c.jobId === jobId).length, 1);
  });

  it('killed on the last delivery: the next delivery fails the job as worker_lost and is acknowledged', async () => {
    const pool = 'lastchance';
    const doomed = await launchReady(baseEnv(pool, { WORK_MAX_DELIVER: '1' }));
    const jobId = await submit(pool);
    await eventually('the job to make progress', () => fakes.progress.some((p) => p.jobId === jobId && p.progress > 0), 30_000);
    doomed.child.kill('SIGKILL');
    await doomed.exited;

    const config = WorkerConfigSchema.parse(baseEnv(pool, { LOG_LEVEL: 'silent', WORK_MAX_DELIVER: '1' }));
    inProcess.push(await startWorkerService(config, log, { retryDelaysMs: [50], backoffMs: [300] }));
    const job = await eventually('the job to fail', () => (fakes.jobs.get(jobId)!.job.status === 'failed' ? fakes.jobs.get(jobId)!.job : undefined), 30_000);
    assert.equal(job.errorCode, 'worker_lost');
    assert.deepEqual(fakes.claims.filter((c) => c.ticketId === jobId).map((c) => [c.deliveryCount, c.maxAttempts]), [[1, 2], [2, 2]]);
    await eventually('the ticket to be gone', async () => {
      const info = await bus.manager.consumers.info(bus.streamName('WORK'), workDurable(pool));
      return info.num_pending === 0 && info.num_ack_pending === 0;
    });
  });

  it('stops on SIGTERM, killing its running job and exiting 0', async () => {
    const pool = 'sigterm';
    const worker = await launchReady(baseEnv(pool));
    const jobId = await submit(pool);
    await eventually('the job to make progress', () => fakes.progress.some((p) => p.jobId === jobId && p.progress > 0), 30_000);
    const groups = await groupsOf(worker.child.pid!);
    worker.child.kill('SIGTERM');
    assert.equal(await worker.exited, 0, worker.output.join(''));
    await eventually('the job processes to be gone', async () => (await aliveInGroups(groups)).length === 0, 1_000);
    assert.match(worker.output.join(''), /"shutdown complete"/);
  });
});
