// The worker end to end against stand-in jobs, media and artifacts services (real gRPC), a real
// NATS work queue, real ffmpeg and PocketSphinx, and media served over HTTP like presigned URLs.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { connectBus, workSubject, type Bus } from '@tp/bus';
import { createLogger } from '@tp/logging';
import { concatSpeech, createTestBusNamespace, HARVARD_SENTENCES, synthesizeSpeech, wordErrorRate, type TestBusNamespace } from '@tp/testing';
import { validateTranscript, type Transcript } from '@tp/transcript';
import { WorkerConfigSchema } from '../src/config.ts';
import { liveGroupCount } from '../src/decode/process-group.ts';
import { startWorkerService, workDurable, type RunningWorker } from '../src/service.ts';
import { startFakeBackends, type FakeJob, type Fakes } from './fake-backends.ts';
import { aliveInGroups, childGroups, eventually, log, script, serveFiles, tempDir } from './support.ts';

const SENTENCE = 'The quick brown fox jumps over the lazy dog. She sells seashells by the seashore.';

let dir: { path: string; remove(): Promise<void> };
let files: Awaited<ReturnType<typeof serveFiles>>;
let fakes: Fakes;
let namespace: TestBusNamespace;
let bus: Bus;
let worker: RunningWorker;
const logLines: Record<string, unknown>[] = [];
const workers: RunningWorker[] = [];
let speechSeconds: number;
let clipSeconds: number;

async function startWorker(env: Record<string, string> = {}): Promise<RunningWorker> {
  const config = WorkerConfigSchema.parse({
    NATS_URL: namespace.natsUrl,
    NATS_PREFIX: namespace.prefix,
    JOBS_GRPC_ADDR: fakes.addr,
    MEDIA_GRPC_ADDR: fakes.addr,
    ARTIFACTS_GRPC_ADDR: fakes.addr,
    OPS_PORT: '0',
    PROGRESS_INTERVAL_MS: '200',
    WORK_ACK_WAIT_MS: '5000',
    WORK_MAX_DELIVER: '3',
    WORKER_ID: 'worker-test',
    ...env,
  });
  const captured = createLogger({ service: 'worker', level: 'info', destination: { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) } });
  const started = await startWorkerService(config, captured, { retryDelaysMs: [50, 100], backoffMs: [300] });
  workers.push(started);
  return started;
}

let sequence = 0;
/** Queues a job for `mediaName` (served over HTTP; null: media deleted) and publishes its ticket. */
async function submit(mediaName: string | null, options: { pool?: string; durationSeconds?: number; jobOptions?: string } = {}): Promise<{ jobId: string; fake: FakeJob }> {
  sequence += 1;
  const jobId = `job_${String(sequence).padStart(3, '0')}`;
  const mediaId = `med_${String(sequence).padStart(3, '0')}`;
  const fake = fakes.addJob(
    { jobId, mediaId, ...(options.jobOptions ? { optionsJson: options.jobOptions } : {}), mediaDurationSeconds: options.durationSeconds ?? speechSeconds },
    mediaName === null ? null : { url: files.url(mediaName), durationSeconds: options.durationSeconds ?? speechSeconds, fileName: `${mediaName}` },
  );
  const pool = options.pool ?? 'cpu';
  await bus.publish(workSubject('transcription', pool), { ticket_id: jobId, job_type: 'transcription', pool });
  return { jobId, fake };
}

const settled = (jobId: string) =>
  eventually(`${jobId} to be settled`, () => {
    const job = fakes.jobs.get(jobId)?.job;
    return job && /^(succeeded|failed)$/.test(job.status) ? job : undefined;
  }, 60_000);

async function queueEmpty(pool: string): Promise<boolean> {
  const info = await bus.manager.consumers.info(bus.streamName('WORK'), workDurable(pool));
  return info.num_pending === 0 && info.num_ack_pending === 0;
}

before(async () => {
  dir = await tempDir();
  const speech = await synthesizeSpeech(SENTENCE, { voice: 'rms', dir: dir.path, name: 'speech' });
  const clip = await concatSpeech(HARVARD_SENTENCES.slice(0, 8), { voice: 'rms', format: 'mp3', dir: dir.path, name: 'clip' });
  clipSeconds = clip.durationSeconds;
  speechSeconds = (await stat(speech)).size / 32_000;
  await writeFile(join(dir.path, 'corrupt.mp3'), Buffer.from('ID3\u0003 definitely not audio '.repeat(100)));
  files = await serveFiles(dir.path);
  fakes = await startFakeBackends(log);
  namespace = createTestBusNamespace();
  bus = await connectBus({ url: namespace.natsUrl, name: 'worker-test', prefix: namespace.prefix, log });
  worker = await startWorker();
});

after(async () => {
  for (const running of workers) await running.stop().catch(() => undefined);
  await bus?.close();
  await namespace?.cleanup();
  await fakes?.close();
  await files?.close();
  await dir?.remove();
});

describe('worker: a transcription ticket', () => {
  it('claims the job, transcribes it, stores the transcript once and completes the job', async () => {
    const { jobId } = await submit('speech.wav');
    const job = await settled(jobId);
    assert.equal(job.status, 'succeeded', job.errorMessage);

    const claim = fakes.claims.find((c) => c.ticketId === jobId)!;
    assert.deepEqual({ ...claim }, { ticketId: jobId, deliveryCount: 1, maxAttempts: 4, engines: ['pocketsphinx'], workerId: 'worker-test' });

    const [call, ...more] = fakes.artifactCalls.filter((c) => c.jobId === jobId);
    assert.equal(more.length, 0);
    assert.equal(call!.artifactType, 'transcript');
    assert.equal(call!.title, 'speech.wav');
    assert.equal(call!.idempotencyKey, `job:${jobId}`);
    assert.equal(call!.authorType, 'service');
    assert.equal(call!.authorId, 'worker');
    const checked = validateTranscript(JSON.parse(call!.payloadJson));
    assert.ok(checked.ok, 'a valid canonical transcript');
    const transcript: Transcript = checked.value;
    assert.deepEqual(transcript.source, { media_id: call!.mediaId, job_id: jobId, profile: 'oracle', engine: 'pocketsphinx' });
    assert.equal(transcript.language, 'en');
    assert.ok(Math.abs(transcript.duration - speechSeconds) < 0.005, 'the WAV header aside');
    const hypothesis = transcript.segments.map((s) => s.text).join(' ');
    assert.ok(wordErrorRate(SENTENCE, hypothesis).wer <= 0.2, hypothesis);
    assert.deepEqual(transcript.segments.map((s) => s.id), transcript.segments.map((_, i) => `s${i + 1}`));

    const [completed, ...again] = fakes.completed.filter((c) => c.jobId === jobId);
    assert.equal(again.length, 0);
    assert.equal(completed!.artifactId, fakes.artifacts.get(`usr_test/job:${jobId}`)!.artifact.artifactId);
    assert.equal(completed!.language, 'en');
    assert.equal(completed!.billedSeconds, transcript.duration);
    await eventually('the ticket to be acknowledged', () => queueEmpty('cpu'));

    const benchmark = logLines.find((line) => line.msg === 'job transcribed' && line.jobId === jobId)!;
    assert.ok(benchmark, 'a benchmark line');
    assert.equal(benchmark.audioSeconds, transcript.duration);
    assert.ok(typeof benchmark.engineMs === 'number' && typeof benchmark.rtf === 'number' && typeof benchmark.wallMs === 'number');
    assert.ok((benchmark.rtf as number) > 0 && (benchmark.rtf as number) < 2);
  });

  it('reports progress while it runs, rising and below 100', async () => {
    const { jobId } = await submit('clip.mp3', { durationSeconds: clipSeconds });
    const job = await settled(jobId);
    assert.equal(job.status, 'succeeded', job.errorMessage);
    const reports = fakes.progress.filter((p) => p.jobId === jobId).map((p) => p.progress);
    assert.ok(reports.length >= 3, `reports: ${reports.join(', ')}`);
    assert.ok(reports.every((p, i) => p >= 0 && p <= 99 && (i === 0 || p >= reports[i - 1]!)), reports.join(', '));
    assert.ok(reports.at(-1)! >= 50, reports.join(', '));
  });

  it('stops within a second when the job is cancelled, kills ffmpeg and the engine, and acknowledges', async () => {
    const before = new Set(await childGroups());
    const { jobId, fake } = await submit('clip.mp3', { durationSeconds: clipSeconds });
    await eventually('progress of the job', () => fakes.progress.some((p) => p.jobId === jobId && p.progress > 0), 20_000);
    const groups = (await childGroups()).filter((g) => !before.has(g));
    assert.equal(groups.length, 2, 'ffmpeg and the engine run in their own groups');
    fake.cancel = true;
    fake.job.status = 'cancelled';
    const cancelledAt = Date.now();
    await eventually('both process groups to end', async () => (await aliveInGroups(groups)).length === 0, 2_500);
    assert.ok(Date.now() - cancelledAt < 2_000, `stopped after ${Date.now() - cancelledAt} ms (progress interval 200 ms)`);
    await eventually('the ticket to be acknowledged', () => queueEmpty('cpu'));
    assert.equal(fakes.completed.filter((c) => c.jobId === jobId).length, 0);
    assert.equal(fakes.failed.filter((c) => c.jobId === jobId).length, 0);
    assert.equal(fakes.claims.filter((c) => c.ticketId === jobId).length, 1, 'not redelivered');
  });

  it('fails the job media_unavailable when the media was deleted', async () => {
    const { jobId } = await submit(null);
    const job = await settled(jobId);
    assert.equal(job.errorCode, 'media_unavailable');
    assert.equal(job.errorMessage, 'The media was deleted before the job ran.');
    await eventually('the ticket to be acknowledged', () => queueEmpty('cpu'));
  });

  it('fails the job media_unreadable with an actionable message that leaks no URL', async () => {
    const { jobId } = await submit('corrupt.mp3');
    const job = await settled(jobId);
    assert.equal(job.errorCode, 'media_unreadable');
    assert.match(job.errorMessage, /^The media could not be decoded as audio \(ffmpeg: .+\)\. Re-encode it/);
    assert.ok(!/https?:|Signature|127\.0\.0\.1/.test(job.errorMessage), job.errorMessage);
  });

  it('treats the object vanishing from storage (404) as media_unavailable', async () => {
    const { jobId } = await submit('vanished.wav');
    const job = await settled(jobId);
    assert.equal(job.errorCode, 'media_unavailable');
  });

  it('acknowledges a ticket with nothing to run', async () => {
    await bus.publish(workSubject('transcription', 'cpu'), { ticket_id: 'job_unknown', job_type: 'transcription', pool: 'cpu' });
    await eventually('the claim', () => fakes.claims.some((c) => c.ticketId === 'job_unknown'));
    await eventually('the ticket to be acknowledged', () => queueEmpty('cpu'));
  });

  it('retries through a backend outage; the redelivered job stores one artifact and completes once', async () => {
    // ClaimJob down for a while (retried in place: the ticket keeps its deliveries); CompleteJob down
    // for longer than the in-call retries (the ticket is redelivered).
    fakes.outages.set('claimJob', 4);
    fakes.outages.set('completeJob', 3);
    const { jobId } = await submit('speech.wav');
    const job = await settled(jobId);
    assert.equal(job.status, 'succeeded', job.errorMessage);
    const claims = fakes.claims.filter((c) => c.ticketId === jobId).map((c) => c.deliveryCount);
    assert.deepEqual(claims, [1, 2], 'claimed on the first delivery (after the outage) and the second');
    assert.equal(fakes.artifactCalls.filter((c) => c.jobId === jobId).length, 2, 'the transcript was sent twice');
    assert.equal([...fakes.artifacts.values()].filter((a) => a.artifact.jobId === jobId).length, 1, 'but stored once (idempotency key)');
    assert.equal(fakes.completed.filter((c) => c.jobId === jobId).length, 1, 'completed once (the refused calls never reached it)');
    await eventually('the ticket to be acknowledged', () => queueEmpty('cpu'));
  });

  it('fails the job processing_failed once the ticket runs out of attempts', async () => {
    fakes.outages.set('createArtifact', Number.POSITIVE_INFINITY);
    try {
      const { jobId } = await submit('speech.wav');
      const job = await settled(jobId);
      assert.equal(job.errorCode, 'processing_failed');
      assert.match(job.errorMessage, /^Transcription failed after 3 attempts; the last error was: createArtifact is down/);
      assert.deepEqual(fakes.claims.filter((c) => c.ticketId === jobId).map((c) => c.deliveryCount), [1, 2, 3]);
      await eventually('the ticket to be gone', () => queueEmpty('cpu'));
    } finally {
      fakes.outages.delete('createArtifact');
    }
  });

  it('is ready on its ops port and leaves no child process behind', async () => {
    const ready = await fetch(`http://127.0.0.1:${worker.opsPort}/readyz`);
    assert.equal(ready.status, 200);
    assert.deepEqual(((await ready.json()) as { checks: unknown }).checks, { nats: true, engines: true, ffmpeg: true, consuming: true });
    await eventually('no running job', () => worker.running() === 0);
    assert.equal(liveGroupCount(), 0);
  });
});

describe('worker: a crashing engine', () => {
  it('fails each job engine_failed and carries on with the next ticket', async () => {
    const crashing = await script(dir.path, 'segv-engine.sh', 'head -c 32000 > /dev/null\nkill -SEGV $$');
    const crashy = await startWorker({ WORKER_POOL: 'crashy', POCKETSPHINX_BIN: crashing });
    const first = await submit('speech.wav', { pool: 'crashy' });
    const second = await submit('speech.wav', { pool: 'crashy' });
    for (const { jobId } of [first, second]) {
      const job = await settled(jobId);
      assert.equal(job.errorCode, 'engine_failed');
      assert.match(job.errorMessage, /^The speech engine failed: pocketsphinx crashed \(killed by SIGSEGV\)/);
    }
    assert.equal((await fetch(`http://127.0.0.1:${crashy.opsPort}/healthz`)).status, 200);
    await eventually('both tickets acknowledged', () => queueEmpty('crashy'));
  });
});

describe('worker: a job that runs too long', () => {
  it('is stopped at JOB_TIMEOUT_MS and fails processing_failed', async () => {
    await startWorker({ WORKER_POOL: 'slow', JOB_TIMEOUT_MS: '1000' });
    const { jobId } = await submit('clip.mp3', { pool: 'slow', durationSeconds: clipSeconds });
    const job = await settled(jobId);
    assert.equal(job.errorCode, 'processing_failed');
    assert.equal(job.errorMessage, 'The job did not finish within 1 second.');
    await eventually('the ticket to be acknowledged', () => queueEmpty('slow'));
  });
});

describe('worker: start-up checks and shutdown', () => {
  it('refuses to start without the engine model or ffmpeg, saying what is missing', async () => {
    await assert.rejects(startWorker({ WORKER_POOL: 'nomodel', POCKETSPHINX_MODEL_DIR: join(dir.path, 'nowhere') }), /pocketsphinx cannot run: .*nowhere\/en-us is missing.*pocketsphinx-en-us/);
    await assert.rejects(startWorker({ WORKER_POOL: 'noffmpeg', FFMPEG_BIN: join(dir.path, 'no-ffmpeg') }), /ffmpeg cannot run \(FFMPEG_BIN=.*no-ffmpeg: not found\)/);
  });

  it('on shutdown kills the running job and puts its ticket back for another worker', async () => {
    const leaving = await startWorker({ WORKER_POOL: 'handover' });
    const before = new Set(await childGroups());
    const { jobId } = await submit('clip.mp3', { pool: 'handover', durationSeconds: clipSeconds });
    await eventually('progress of the job', () => fakes.progress.some((p) => p.jobId === jobId && p.progress > 0), 20_000);
    const groups = (await childGroups()).filter((g) => !before.has(g));
    const stopping = Date.now();
    await leaving.stop();
    assert.ok(Date.now() - stopping < 3_000, `stopped in ${Date.now() - stopping} ms`);
    // SIGKILLed processes may take a moment to leave /proc after their pipes closed.
    await eventually('the job processes to be gone', async () => (await aliveInGroups(groups)).length === 0, 1_000);
    assert.equal(fakes.jobs.get(jobId)!.job.status, 'running', 'neither completed nor failed');

    await startWorker({ WORKER_POOL: 'handover' });
    const job = await settled(jobId);
    assert.equal(job.status, 'succeeded', job.errorMessage);
    assert.deepEqual(fakes.claims.filter((c) => c.ticketId === jobId).map((c) => c.deliveryCount), [1, 2]);
  });
});
