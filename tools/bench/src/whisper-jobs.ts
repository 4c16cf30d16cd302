/**
 * Whisper jobs on CPU (issue 19): the whole job against the engine alone, and memory per
 * concurrent job, with a random-weight model in the exact base.en layout (real weights cannot be
 * had here: speed and memory, never accuracy). In one run, on the same real speech
 * (buildLongRecording, `--seconds` long):
 *   - the engine alone: createWhisperEngine (one decoder host of one thread, the model loaded) on
 *     the decoded PCM, pieces of 30 s one after the other: the baseline;
 *   - a whole base-whisper job (POST /api/v1/jobs → succeeded, polled) on a gpu-pool worker running
 *     whisper on the CPU: one worker pinned to core 0 with one engine slot (the baseline's resources),
 *     and one worker on both cores with two (ENGINE_POOL_SIZE=2: the windows side by side). Each
 *     time is reported as a multiple of the engine alone's, as the long-recordings bench does for
 *     PocketSphinx;
 *   - memory: the worker tree's peak (the worker and its decoder hosts) running one job, then two at
 *     once (WORKER_CONCURRENCY=2, ENGINE_POOL_SIZE=2), and what each concurrent job adds.
 * Workers are warmed by a short job first, as a long-lived worker is.
 *
 *   node tools/bench/src/whisper-jobs.ts [--seconds 60] [--rounds 3]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { createWhisperEngine } from '@tp/engines';
import {
  buildLongRecording,
  type ExtraWorkerOptions,
  type Fleet,
  type FleetWorker,
  startFleet,
  tempDir,
  writeRandomWhisperModel,
} from '@tp/testing';
import { type BenchUser, benchUser } from './bench-user.ts';
import { fmt } from './load.ts';
import { type JobRun, runJob } from './long-job.ts';
import { DEFAULT_WHISPER_LIBRARY as LIBRARY } from '@tp/engines';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '60' }, rounds: { type: 'string', default: '3' } },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
if (!existsSync(LIBRARY)) throw new Error(`${LIBRARY} is missing: build it with node tools/dev/whisper-lib.ts`);
const PROFILE = 'base-whisper';

/** What the worker's 'job transcribed' line says of a run: its windows, the speech in them, the engine's time. */
function engineShare(run: JobRun): string {
  const line = run.logs.find((entry) => entry.msg === 'job transcribed');
  if (!line) return 'no job transcribed line';
  return `${line.windows} windows, ${line.speechSeconds} s of speech, engine ${s(Number(line.engineMs))} s`;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number) => fmt(bytes / 1024 / 1024, 0);
const s = (ms: number) => fmt(ms / 1000, 2);

/** The engine alone on the whole recording's PCM, `rounds` times: the median wall time. */
async function engineAlone(modelDir: string, wav: string): Promise<number> {
  const decoded = spawnSync(
    'ffmpeg',
    ['-nostdin', '-v', 'error', '-i', wav, '-f', 's16le', '-ac', '1', '-ar', '16000', '-'],
    {
      maxBuffer: 1 << 28,
    },
  );
  if (decoded.status !== 0) throw new Error(decoded.stderr.toString());
  const engine = createWhisperEngine({ library: LIBRARY, modelDir, model: 'base.en', threads: 1, idleHosts: 1 });
  await engine.check();
  const runs: number[] = [];
  try {
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      await engine.transcribe(Readable.from([decoded.stdout]), {
        language: 'en',
        signal: new AbortController().signal,
      });
      runs.push(performance.now() - started);
    }
  } finally {
    await engine.close();
  }
  return median(runs);
}

const whisperWorker = (modelDir: string, env: Record<string, string>, core?: number): ExtraWorkerOptions => ({
  env: {
    LOG_LEVEL: 'info',
    WORKER_ENGINES: 'whisper',
    WORKER_POOL: 'gpu',
    WHISPER_LIBRARY: LIBRARY,
    WHISPER_MODEL_DIR: modelDir,
    WHISPER_THREADS: '1',
    ...env,
  },
  ...(core === undefined ? {} : { commandPrefix: ['taskset', '-c', String(core)] }),
});

interface Media {
  mediaId: string;
  warmUpMediaId: string;
}

/** `count` jobs at once on a fresh worker (warmed by a short job first); the runs. */
async function jobsOn(fleet: Fleet, user: BenchUser, options: ExtraWorkerOptions, media: Media, count: number) {
  const worker: FleetWorker = await fleet.startWorker(options);
  try {
    const workers = [worker];
    await runJob(fleet, user, { mediaId: media.warmUpMediaId, workers, pollMs: 100, profile: PROFILE });
    return await Promise.all(
      Array.from({ length: count }, () =>
        runJob(fleet, user, { mediaId: media.mediaId, workers, pollMs: 100, profile: PROFILE }),
      ),
    );
  } finally {
    await worker.stop();
  }
}

/** The median of `rounds` single jobs on workers of `options`. */
async function medianJob(fleet: Fleet, user: BenchUser, options: ExtraWorkerOptions, media: Media): Promise<JobRun> {
  const runs: JobRun[] = [];
  for (let round = 0; round < rounds; round += 1) runs.push(...(await jobsOn(fleet, user, options, media, 1)));
  return [...runs].sort((a, b) => a.totalMs - b.totalMs)[Math.floor(runs.length / 2)]!;
}

const dir = await tempDir('tp-bench-whisper-jobs-');
const recording = await buildLongRecording({ seconds });
const warmUp = await buildLongRecording({ seconds: 12 });
await writeRandomWhisperModel(join(dir.path, 'ggml-base.en.bin'), 'base.en');
const fleet = await startFleet({
  without: ['shares', 'worker'],
  gatewayEnv: { RATE_LIMITS_ENABLED: 'false' },
  jobsEnv: { ENGINES: 'pocketsphinx,whisper:base.en' },
});
try {
  const user = await benchUser(fleet, { credits: 1_000_000, features: [`profile.${PROFILE}`] });
  const media = {
    mediaId: await user.upload(recording.path, 'audio/wav', 300),
    warmUpMediaId: await user.upload(warmUp.path, 'audio/wav'),
  };
  console.log(
    `whisper jobs on CPU: random base.en weights, ${seconds} s of real speech, ${rounds} rounds (medians); whisper.cpp at ${LIBRARY}`,
  );
  const alone = await engineAlone(dir.path, recording.path);
  console.log(`engine alone (one host, 1 thread, 30 s pieces): ${s(alone)} s (RTF ${fmt(alone / 1000 / seconds, 3)})`);
  const pinned = await medianJob(fleet, user, whisperWorker(dir.path, { ENGINE_POOL_SIZE: '1' }, 0), media);
  const both = await medianJob(fleet, user, whisperWorker(dir.path, { ENGINE_POOL_SIZE: '2' }), media);
  for (const [label, run] of [
    ['job, 1 worker on core 0, 1 engine slot', pinned],
    ['job, 1 worker on 2 cores, 2 engine slots', both],
  ] as const)
    console.log(
      `${label}: ${s(run.totalMs)} s, ${fmt(run.totalMs / alone, 2)}× the engine alone (${engineShare(run)}); ` +
        `worker tree peak ${mb(run.memory.peakTotal)} MB`,
    );
  const two = await jobsOn(
    fleet,
    user,
    whisperWorker(dir.path, { ENGINE_POOL_SIZE: '2', WORKER_CONCURRENCY: '2' }),
    media,
    2,
  );
  const peakTwo = Math.max(...two.map((run) => run.memory.peakTotal));
  const one = both.memory.peakTotal;
  console.log(
    `two jobs at once (WORKER_CONCURRENCY=2, 2 engine slots): ${two.map((run) => s(run.totalMs)).join(' and ')} s; ` +
      `worker tree peak ${mb(peakTwo)} MB against ${mb(one)} MB for one job: ${mb(peakTwo / 2)} MB per concurrent job, ` +
      `${mb(peakTwo - one)} MB for the second`,
  );
} finally {
  await fleet.stop();
  await dir.remove();
}
