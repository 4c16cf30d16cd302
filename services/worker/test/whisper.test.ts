// Whisper jobs end to end: a worker of the gpu pool running the whisper engine (whisper.cpp built
// by make test) on a random-weight base.en (real weights cannot be downloaded here: the words are
// meaningless, the path is real), against the real jobs, media, artifacts and billing services.
// Jobs serves exactly what the pool mounted (ENGINES=pocketsphinx,whisper:base.en).
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  eventually,
  makeSpeechClip,
  synthesizeSpeech,
  tempDir,
  type TempDir,
  writeRandomWhisperModel,
} from '@tp/testing';
import { validateTranscript } from '@tp/transcript';
import { type Backends, type JobProfile, startBackends, type UploadedMedia } from './backends.ts';

const BASE_WHISPER: JobProfile = { profile: 'base-whisper', features: ['profile.base-whisper'] };

let b: Backends;
let dir: TempDir;
let speech: UploadedMedia;
let clip: UploadedMedia;
let silent: UploadedMedia;

before(async () => {
  dir = await tempDir('tp-whisper-jobs-');
  const silentPath = join(dir.path, 'silent.wav');
  const [, speechFile, clipFile] = await Promise.all([
    startBackends({ jobsEnv: { ENGINES: 'pocketsphinx,whisper:base.en' } }).then((started) => (b = started)),
    synthesizeSpeech('The quick brown fox jumps over the lazy dog.', { voice: 'rms', dir: dir.path, name: 'speech' }),
    makeSpeechClip({ targetSeconds: 60, voice: 'rms', format: 'mp3', dir: dir.path, name: 'clip' }),
    writeRandomWhisperModel(join(dir.path, 'ggml-base.en.bin'), 'base.en'),
    promisify(execFile)('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=16000:cl=mono',
      '-t',
      '8',
      silentPath,
    ]),
  ]);
  speech = await b.upload(speechFile, 'audio/wav');
  clip = await b.upload(clipFile.path, 'audio/mpeg');
  silent = await b.upload(silentPath, 'audio/wav');
});
afterEach(() => b.stopWorkers());
after(async () => {
  await b?.dispose();
  await dir?.remove();
});

/** A worker of the gpu pool with one engine slot: one whisper host, loaded at its start. */
const startWhisperWorker = (extra: Record<string, string> = {}) =>
  b.startWorker({
    WORKER_ENGINES: 'whisper',
    WORKER_POOL: 'gpu',
    WHISPER_MODEL_DIR: dir.path,
    ENGINE_POOL_SIZE: '1',
    WORKER_CONCURRENCY: '1',
    ...extra,
  });

/** Whisper hosts this process started (the in-process worker's children), by pid. */
function whisperHosts(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('whisper/host-main.ts');
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** CPU ticks a process has used (user + system), or undefined once it is gone. */
function cpuTicks(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** The one host, once it has decoded for a while (a third of a second of CPU): the job is in whisper. */
async function busyHost(): Promise<number> {
  const [host, ...more] = whisperHosts();
  assert.ok(host !== undefined && more.length === 0, `one whisper host: ${whisperHosts().join(', ')}`);
  const idle = cpuTicks(host)!;
  await eventually('the host to decode', () => (cpuTicks(host) ?? 0) - idle >= 30, 60_000, 20);
  return host;
}

describe('whisper jobs', () => {
  it('runs a job of base-whisper to a transcript: timed words in order inside the media, billed', async () => {
    const worker = await startWhisperWorker();
    const created = await b.createJob(speech.mediaId, { language: 'auto' }, BASE_WHISPER);
    assert.equal(created.engine, 'whisper');
    const job = await b.ended(created.jobId, 120_000);
    assert.equal(job.status, 'succeeded', `${job.errorCode} ${job.errorMessage}`);
    assert.equal(job.language, 'en', 'the .en model transcribes English');
    const [artifact] = await b.artifactsOf(job);
    const payload = await b.artifacts.getCurrentPayload({ userId: b.userId, artifactId: artifact!.artifactId });
    const checked = validateTranscript(JSON.parse(payload.payloadJson));
    assert.ok(checked.ok, 'a valid canonical transcript');
    const transcript = checked.value;
    assert.deepEqual(transcript.source, {
      media_id: speech.mediaId,
      job_id: job.jobId,
      profile: 'base-whisper',
      engine: 'whisper',
    });
    const words = transcript.segments.flatMap((segment) => segment.words ?? []);
    assert.ok(words.length > 0, 'random weights still say something');
    for (const [i, word] of words.entries()) {
      assert.ok(
        word.start >= 0 && word.end <= speech.durationSeconds + 1e-6,
        `${word.start}–${word.end} inside ${speech.durationSeconds}`,
      );
      assert.ok(word.end >= word.start);
      if (i > 0) assert.ok(word.start >= words[i - 1]!.start, 'monotone');
    }
    const ledger = await b.billed(job.jobId);
    assert.deepEqual(
      ledger.map((entry) => entry.kind),
      ['reservation', 'settlement'],
    );
    const [line] = worker.logged('job transcribed', { jobId: job.jobId });
    assert.ok(line && (line.windows as number) >= 1 && (line.engineMs as number) > 0, JSON.stringify(line));
  });

  it('skips a silent file with the voice-activity detector: no window reaches the model', async () => {
    const worker = await startWhisperWorker();
    const [host] = whisperHosts();
    assert.ok(host !== undefined, 'the host loaded at start');
    const before = cpuTicks(host)!;
    const job = await b.ended((await b.createJob(silent.mediaId, { language: 'en' }, BASE_WHISPER)).jobId, 60_000);
    assert.equal(job.status, 'succeeded', `${job.errorCode} ${job.errorMessage}`);
    const [line] = worker.logged('job transcribed', { jobId: job.jobId });
    assert.deepEqual([line?.windows, line?.engineMs, line?.words], [0, 0, 0], JSON.stringify(line));
    assert.equal(worker.logged('window recognized', { jobId: job.jobId }).length, 0);
    assert.ok((cpuTicks(host) ?? Infinity) - before <= 2, 'the model did not run');
  });
});

describe('whisper jobs: stopped, crashed, refused', () => {
  it('stops a cancelled job within seconds: the decoding host is killed, the worker runs the next job', async () => {
    await startWhisperWorker();
    const { jobId } = await b.createJob(clip.mediaId, { language: 'en' }, BASE_WHISPER);
    const host = await busyHost();
    const cancelled = await b.jobs.cancelJob({ userId: b.userId, jobId });
    assert.equal(cancelled.status, 'cancelled');
    await eventually('the host to be killed', () => cpuTicks(host) === undefined, 10_000, 20);
    const next = await b.ended((await b.createJob(speech.mediaId, { language: 'en' }, BASE_WHISPER)).jobId, 120_000);
    assert.equal(next.status, 'succeeded', `${next.errorCode} ${next.errorMessage}`);
  });

  it('fails a job whose whisper host crashes (SIGSEGV) with engine_failed, and the worker carries on', async () => {
    const worker = await startWhisperWorker();
    const { jobId } = await b.createJob(clip.mediaId, { language: 'en' }, BASE_WHISPER);
    const host = await busyHost();
    process.kill(host, 'SIGSEGV');
    const failed = await b.ended(jobId, 60_000);
    assert.deepEqual([failed.status, failed.errorCode], ['failed', 'engine_failed']);
    assert.equal(
      failed.errorMessage,
      'The speech engine failed while transcribing the media.',
      'nothing of the host reaches the user',
    );
    const ledger = await b.billed(jobId);
    assert.deepEqual(
      ledger.map((entry) => entry.kind),
      ['reservation', 'release'],
    );
    // The same worker, with a new host, runs the next job.
    const next = await b.ended((await b.createJob(speech.mediaId, { language: 'en' }, BASE_WHISPER)).jobId, 120_000);
    assert.equal(next.status, 'succeeded', `${next.errorCode} ${next.errorMessage}`);
    assert.equal(worker.logged('speech engine failed', { jobId }).length, 1);
  });

  it('refuses at creation a profile whose model the pool has not mounted, naming it', async () => {
    await assert.rejects(
      b.createJob(speech.mediaId, { language: 'en' }, { profile: 'oracle-pro', features: [] }),
      (err: Error & { details?: unknown }) => {
        assert.match(err.message, /profile_unavailable|whose weights this deployment's workers do not have/);
        assert.match(err.message, /small\.en/);
        return true;
      },
    );
  });

  it('refuses to start a worker told to serve a model whose file is missing', async () => {
    await assert.rejects(startWhisperWorker({ WHISPER_MODELS: 'base.en,small.en' }), /ggml-small\.en\.bin is missing/);
    await assert.rejects(
      startWhisperWorker({ WHISPER_MODEL_DIR: join(dir.path, 'nothing-here') }),
      /no weights in WHISPER_MODEL_DIR/,
    );
  });
});
