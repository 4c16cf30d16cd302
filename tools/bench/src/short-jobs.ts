/**
 * Short jobs in parallel (issue 18): one worker (its defaults: a job and an engine process per core)
 * runs a short job alone, then as many short jobs at once as it has cores. Each job of a batch,
 * from `POST /api/v1/jobs` to `succeeded` as a client polling every 50 ms sees it, against the median
 * of the job alone in the same run. The bar: each no slower than 1.1 times alone.
 *
 *   node tools/bench/src/short-jobs.ts [rounds] [command|library]
 *
 * The second argument is the worker's POCKETSPHINX_RUNNER (default: the worker's own).
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { rm } from 'node:fs/promises';
import { concatSpeech, HARVARD_SENTENCES, startFleet } from '@tp/testing';
import { benchUser, oracleJob } from './bench-user.ts';
import { fmt } from './load.ts';

const rounds = Number(process.argv[2] ?? 3);
const runner = process.argv[3];
if (runner !== undefined && runner !== 'command' && runner !== 'library')
  throw new Error(`the runner is command or library, not ${runner}`);
const cores = availableParallelism();
// About 20 s of speech: one window (under WINDOW_TARGET_SECONDS), so one engine process per job.
const clip = await concatSpeech(HARVARD_SENTENCES.slice(0, 7), { voice: 'rms' });
// A client polling every 50 ms would meet the token's rate limit: not what is measured here.
const fleet = await startFleet({
  without: ['shares'],
  gatewayEnv: { RATE_LIMITS_ENABLED: 'false' },
  workerEnv: runner ? { POCKETSPHINX_RUNNER: runner } : {},
});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const user = await benchUser(fleet, { credits: 100 });
  const mediaId = await user.upload(clip.path, 'audio/wav');
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${fleet.gatewayUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${user.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as { data: { job_id: string; status: string } } };
  };
  /** One job, from its creation to its end as a polling client sees it; milliseconds. */
  const timedJob = async (): Promise<number> => {
    const started = performance.now();
    const created = await call('POST', '/api/v1/jobs', oracleJob(mediaId));
    if (created.status !== 202) throw new Error(`create answered ${created.status}`);
    const jobId = created.json.data.job_id;
    for (;;) {
      const job = (await call('GET', `/api/v1/jobs/${jobId}`)).json.data;
      if (job.status === 'succeeded') return performance.now() - started;
      if (!['queued', 'running'].includes(job.status)) throw new Error(`job ${jobId} ended ${job.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  console.log(
    `short jobs: a ${fmt(clip.durationSeconds, 1)} s clip, one worker with ${cores} cores (runner ${runner ?? 'default'}), ${rounds} rounds; load ${loadavg()
      .map((l) => fmt(l, 1))
      .join(' ')}`,
  );
  await timedJob(); // warm-up: the worker's first job loads what it loads once
  const alone: number[] = [];
  const together: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    alone.push(await timedJob());
    const batch = await Promise.all(Array.from({ length: cores }, () => timedJob()));
    together.push(...batch);
    console.log(
      `round ${round + 1}: alone ${fmt(alone.at(-1)! / 1000, 2)} s; ${cores} at once ${batch.map((ms) => fmt(ms / 1000, 2)).join(', ')} s`,
    );
  }
  const base = median(alone);
  const worst = Math.max(...together);
  console.log(
    `median alone ${fmt(base / 1000, 2)} s; ${cores} at once: median ${fmt(median(together) / 1000, 2)} s (${fmt(median(together) / base, 2)}×), slowest ${fmt(worst / 1000, 2)} s (${fmt(worst / base, 2)}×); bar: each ≤ 1.1× alone`,
  );
} finally {
  await fleet.stop();
  await rm(clip.path, { force: true });
}
