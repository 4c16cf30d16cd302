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
 * Each job runs on workers started for it and warmed by a short job first (a worker in production
 * is long-lived). It reports each time as a multiple of the raw tool's on the same file, the CPU
 * seconds each path used (the raw tool's, the worker trees': steadier than wall time on a shared
 * machine), the word error rates against the reference, the worker trees' peak memory (VmRSS of
 * the worker and its descendants every 200 ms), the bars, and where a 60 s clip's job spends its
 * time outside the engine.
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
  type FleetWorker,
  type LongRecording,
  startFleet,
  wordErrorRate,
} from '@tp/testing';
import { type BenchUser, benchUser } from './bench-user.ts';
import { breakdownLines } from './job-breakdown.ts';
import { fmt } from './load.ts';
import { type JobRun, runJob } from './long-job.ts';
import { barLines, HEADER, type LengthResult, lengthName, type Measured, row } from './long-report.ts';
import { runRawPocketsphinx, workerSearch } from './raw-pocketsphinx.ts';
import type { PocketsphinxSearch } from '@tp/engines';

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

// The workers search as the bench's raw "same bounds" run does: theirs by default, or what this
// process is given (the fleet's processes do not inherit its environment).
const search = workerSearch();
const baseEnv = {
  LOG_LEVEL: 'info',
  POCKETSPHINX_MAX_HMM_PER_FRAME: String(search.maxHmmPerFrame),
  POCKETSPHINX_MAX_WORDS_PER_FRAME: String(search.maxWordsPerFrame),
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

/** One run of one path: a raw tool run or a job. */
interface PathRun {
  ms: number;
  cpuMs: number;
  text: string;
  peakBytes: number;
  perTreeBytes?: number[];
  load: number;
  job?: JobRun;
}

async function rawRun(recording: LongRecording, search?: PocketsphinxSearch): Promise<PathRun> {
  const run = await runRawPocketsphinx(recording.path, search);
  return { ms: run.ms, cpuMs: run.cpuMs, text: run.text, peakBytes: run.peakRssBytes, load: load() };
}

/** A job on freshly started workers of `config` (stopped afterwards, so that paths never share a core). */
async function jobRun(
  fleet: Fleet,
  user: BenchUser,
  config: (typeof CONFIGS)[number],
  input: { recording: LongRecording; mediaId: string; warmUpMediaId: string },
): Promise<PathRun> {
  const workers: FleetWorker[] = [];
  try {
    for (const options of config.workers) workers.push(await fleet.startWorker(options));
    // A job per worker first, at once (one each: a worker runs one job at a time), so that the
    // measured job finds warm workers (their connections open, their code compiled), as in production.
    await Promise.all(workers.map(() => runJob(fleet, user, { mediaId: input.warmUpMediaId, workers, pollMs: 100 })));
    const poll = Number(values['poll-ms']);
    const pollMs = input.recording.durationSeconds > 120 ? Math.max(200, poll) : poll;
    const job = await runJob(fleet, user, { mediaId: input.mediaId, workers, pollMs });
    const { peakTotal, peakPerTree } = job.memory;
    return {
      ms: job.totalMs,
      cpuMs: job.cpuMs,
      text: job.text,
      peakBytes: peakTotal,
      perTreeBytes: peakPerTree,
      load: load(),
      job,
    };
  } finally {
    for (const worker of workers) await worker.stop();
  }
}

/** The median run (by time) of a path, scored against the reference. */
function summarize(label: string, runs: PathRun[], reference: string): Measured & { run: PathRun } {
  const mid = median(runs, (r) => r.ms);
  const { ms, cpuMs, peakBytes, perTreeBytes, load } = mid;
  return { label, ms, cpuMs, wer: wordErrorRate(reference, mid.text).wer, peakBytes, perTreeBytes, load, run: mid };
}

/** `runs` rounds of the raw tool and each job path, alternating, each run's row printed as it ends; the medians. */
async function measureLength(
  fleet: Fleet,
  user: BenchUser,
  input: { recording: LongRecording; mediaId: string; warmUpMediaId: string; runs: number },
): Promise<{ raw: Measured; rawSearch: Measured; jobs: (Measured & { run: PathRun })[] }> {
  const { recording } = input;
  const seconds = recording.durationSeconds;
  const raws: PathRun[] = [];
  const rawSearches: PathRun[] = [];
  const rawSearchLabel = `raw, -maxhmmpf ${search.maxHmmPerFrame} -maxwpf ${search.maxWordsPerFrame}`;
  const jobs: PathRun[][] = CONFIGS.map(() => []);
  const rawLabel = 'pocketsphinx_continuous by hand (raw)';
  for (let round = 0; round < input.runs; round += 1) {
    const raw = await rawRun(recording);
    raws.push(raw);
    const rawRow = summarize(rawLabel, [raw], recording.reference);
    console.log(row(seconds, rawRow, rawRow));
    const rawSearch = await rawRun(recording, search);
    rawSearches.push(rawSearch);
    console.log(row(seconds, summarize(rawSearchLabel, [rawSearch], recording.reference), rawRow));
    for (const [i, config] of CONFIGS.entries()) {
      const run = await jobRun(fleet, user, config, input);
      jobs[i]!.push(run);
      console.log(row(seconds, summarize(config.label, [run], recording.reference), rawRow));
    }
  }
  return {
    raw: summarize(rawLabel, raws, recording.reference),
    rawSearch: summarize(rawSearchLabel, rawSearches, recording.reference),
    jobs: CONFIGS.map((config, i) => summarize(config.label, jobs[i]!, recording.reference)),
  };
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

// Rate limits off: a client polling every 50 ms for minutes is far over a token's limit.
const fleet = await startFleet({ without: ['shares', 'worker'], gatewayEnv: { RATE_LIMITS_ENABLED: 'false' } });
try {
  const user = await benchUser(fleet, { credits: 1_000_000 });
  const warmUpMediaId = await user.upload((await buildLongRecording({ seconds: 12, seed })).path, 'audio/wav');
  const results: LengthResult[] = [];
  const clipRuns: { label: string; run: JobRun }[] = [];
  for (const seconds of lengths) {
    const recording = recordings.get(seconds)!;
    const mediaId = await user.upload(recording.path, 'audio/wav', 900);
    console.log(`\n${lengthName(seconds)}, run by run:\n${HEADER}`);
    const runs = seconds <= 60 ? rounds : 1;
    const { raw, rawSearch, jobs } = await measureLength(fleet, user, { recording, mediaId, warmUpMediaId, runs });
    if (seconds <= 60) for (const job of jobs) clipRuns.push({ label: job.label, run: job.run.job! });
    results.push({ seconds, raw, rawSearch, jobs });
  }
  console.log(
    `\nmedians (${rounds === 1 ? 'one run' : `${rounds} rounds`} of the 60 s clip, one run of longer files):\n${HEADER}`,
  );
  for (const r of results) for (const m of [r.raw, r.rawSearch, ...r.jobs]) console.log(row(r.seconds, m, r.raw));
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
