/**
 * Long recordings (issue 18): real speech of 60 s, 10 min and 60 min (buildLongRecording: the
 * LibriVox and other read utterances of pocketsphinx-testdata with flite sentences, pauses between),
 * each recognized in one run by
 *   - `pocketsphinx_continuous -infile x.wav -time yes -logfn /dev/null` with the engine's model
 *     arguments, by hand: the baseline;
 *   - a whole job (POST /api/v1/jobs → succeeded, as a polling client sees it) with one worker on
 *     both cores (ENGINE_POOL_SIZE=2), one worker pinned to core 0 (pool 1), and two workers pinned
 *     to core 0 and core 1 (pool 1 each; `taskset -c N`): on a 2-core machine two workers can only
 *     beat one by sharing its cores, so the fair comparison is with the one-core worker.
 * It reports each time as a multiple of the raw tool's on the same file, the word error rates
 * against the reference, the worker trees' peak memory (VmRSS of the worker and its descendants every
 * 200 ms), the bars, and where a 60 s clip's job spends its time outside the engine.
 *
 *   node tools/bench/src/long-recordings.ts [--only 60,600,3600] [--rounds 3] [--seed 1]
 *        [--fanout-min SECONDS] [--poll-ms 50]
 *
 * --rounds: runs of the 60 s clip per path (medians); longer files run once.
 * --fanout-min sets the workers' WINDOW_FANOUT_MIN_SECONDS (default: the worker's own).
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  buildLongRecording,
  type ExtraWorkerOptions,
  type Fleet,
  type LongRecording,
  startFleet,
  wordErrorRate,
} from '@tp/testing';
import { type BenchUser, benchUser } from './bench-user.ts';
import { breakdownLines } from './job-breakdown.ts';
import { fmt } from './load.ts';
import { type JobRun, runJob } from './long-job.ts';
import { barLines, HEADER, type LengthResult, lengthName, type Measured, row } from './long-report.ts';
import { runRawPocketsphinx } from './raw-pocketsphinx.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: '60,600,3600' },
    rounds: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    'fanout-min': { type: 'string' },
    'poll-ms': { type: 'string', default: '50' },
  },
});
const lengths = values.only.split(',').map(Number);
if (lengths.some((s) => !Number.isInteger(s) || s < 10))
  throw new Error(`--only takes seconds (≥ 10), not ${values.only}`);
const rounds = Number(values.rounds);
const seed = Number(values.seed);

const baseEnv = {
  LOG_LEVEL: 'info',
  PROGRESS_INTERVAL_MS: '1000',
  ...(values['fanout-min'] ? { WINDOW_FANOUT_MIN_SECONDS: values['fanout-min'] } : {}),
};
const onCore = (core: number): ExtraWorkerOptions => ({
  env: { ...baseEnv, ENGINE_POOL_SIZE: '1' },
  commandPrefix: ['taskset', '-c', String(core)],
});
const CONFIGS: { label: string; workers: ExtraWorkerOptions[] }[] = [
  { label: '1 worker, 2 cores, ENGINE_POOL_SIZE=2', workers: [{ env: { ...baseEnv, ENGINE_POOL_SIZE: '2' } }] },
  { label: '1 worker on core 0, pool 1', workers: [onCore(0)] },
  { label: '2 workers on cores 0 and 1, pool 1 each', workers: [onCore(0), onCore(1)] },
];

const median = <T>(items: T[], by: (item: T) => number): T =>
  [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)]!;
const load = () => loadavg()[0]!;

async function measureRaw(recording: LongRecording, runs: number): Promise<Measured> {
  const done = [];
  for (let i = 0; i < runs; i += 1) done.push({ ...(await runRawPocketsphinx(recording.path)), load: load() });
  const mid = median(done, (r) => r.ms);
  const wer = wordErrorRate(recording.reference, mid.text).wer;
  return {
    label: 'pocketsphinx_continuous by hand (raw)',
    ms: mid.ms,
    wer,
    peakBytes: mid.peakRssBytes,
    load: mid.load,
  };
}

async function measureJobs(
  fleet: Fleet,
  user: BenchUser,
  config: (typeof CONFIGS)[number],
  input: { recording: LongRecording; mediaId: string; runs: number },
): Promise<{ measured: Measured; run: JobRun }> {
  const workers = [];
  for (const options of config.workers) workers.push(await fleet.startWorker(options));
  try {
    const done: { run: JobRun; load: number }[] = [];
    const pollMs =
      input.recording.durationSeconds > 120 ? Math.max(200, Number(values['poll-ms'])) : Number(values['poll-ms']);
    for (let i = 0; i < input.runs; i += 1) {
      const run = await runJob(fleet, user, { mediaId: input.mediaId, workers, pollMs });
      done.push({ run, load: load() });
    }
    const mid = median(done, (d) => d.run.totalMs);
    const { run } = mid;
    const measured = {
      label: config.label,
      ms: run.totalMs,
      wer: wordErrorRate(input.recording.reference, run.text).wer,
      peakBytes: run.memory.peakTotal,
      perTreeBytes: run.memory.peakPerTree,
      load: mid.load,
    };
    return { measured, run };
  } finally {
    for (const worker of workers) await worker.stop();
  }
}

console.log(
  `long recordings: ${lengths.map(lengthName).join(', ')}; ${availableParallelism()} cores; load average ${loadavg()
    .map((l) => fmt(l, 2))
    .join(' ')}`,
);
const recordings = new Map<number, LongRecording>();
for (const seconds of lengths) {
  const started = performance.now();
  const recording = await buildLongRecording({ seconds, seed });
  recordings.set(seconds, recording);
  console.log(
    `${lengthName(seconds)}: ${recording.segments.length} utterances, ${recording.reference.split(' ').length} reference words ` +
      `(${recording.path}, ready in ${fmt((performance.now() - started) / 1000, 1)} s)`,
  );
}

const fleet = await startFleet({ without: ['shares', 'worker'] });
try {
  const user = await benchUser(fleet, { credits: 1_000_000 });
  const results: LengthResult[] = [];
  const clipRuns: { label: string; run: JobRun }[] = [];
  for (const seconds of lengths) {
    const recording = recordings.get(seconds)!;
    const mediaId = await user.upload(recording.path, 'audio/wav', 900);
    const runs = seconds <= 60 ? rounds : 1;
    const raw = await measureRaw(recording, runs);
    console.log(`${HEADER}\n${row(seconds, raw, raw)}`);
    const jobs: Measured[] = [];
    for (const config of CONFIGS) {
      const { measured, run } = await measureJobs(fleet, user, config, { recording, mediaId, runs });
      jobs.push(measured);
      if (seconds <= 60) clipRuns.push({ label: config.label, run });
      console.log(row(seconds, measured, raw));
    }
    results.push({ seconds, raw, jobs });
  }
  console.log(`\nall runs (medians of ${rounds} for the 60 s clip):\n${HEADER}`);
  for (const r of results) for (const m of [r.raw, ...r.jobs]) console.log(row(r.seconds, m, r.raw));
  console.log('\nbars:');
  for (const line of barLines(results)) console.log(`  ${line}`);
  for (const { label, run } of clipRuns) {
    console.log(`\nwhere the 60 s clip's job spends its time (${label}, the median run):`);
    for (const line of breakdownLines(run)) console.log(line);
  }
  console.log(
    `\nload average at the end ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}`,
  );
} finally {
  await fleet.stop();
}
