/**
 * The read path (issue 18): `GET /api/v1/jobs/{id}` and `GET /api/v1/billing/balance` through the
 * gateway (token check, gRPC, the service, Prisma, PostgreSQL) against a bare `node:http` process
 * doing the same SQL with `pg` on the same databases (bare-reader.ts). For each read: throughput at
 * 16 connections (closed loop) and p50/p99 at a steady 200 requests per second (open loop), bare and
 * gateway alternating, three rounds; medians and the ratios against the bars (gateway ≥ 50% of the
 * bare reader's throughput; gateway p99 at 200 req/s ≤ 2× the bare reader's).
 *
 * Two phases in one run: the gateway as deployed (its read cache on, the defaults: the bar applies
 * to this one), then the same gateway restarted with READ_CACHE_MAX_ENTRIES=0 (every read asks the
 * backend: the path behind a miss), each against the bare reader measured in the same phase.
 *
 *   node tools/bench/src/read-path.ts [seconds per run] [rounds]
 *   node tools/bench/src/read-path.ts --profile DIR   gateway, jobs and billing under --cpu-prof: 10 s of
 *                                                     job reads, then 10 s of balance reads
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Fleet, startFleet, synthesizeSpeech } from '@tp/testing';
import { benchUser, oracleJob } from './bench-user.ts';
import { type AutocannonRun, autocannonRun, fmt } from './load.ts';

const profileDir = process.argv[2] === '--profile' ? process.argv[3] : undefined;
const seconds = profileDir ? 10 : Number(process.argv[2] ?? 8);
const rounds = Number(process.argv[3] ?? 3);
const CONNECTIONS = 16;
const STEADY_RATE = 200;

interface Target {
  url: string;
  headers?: Record<string, string>;
}
interface Measured {
  full: AutocannonRun[];
  steady: AutocannonRun[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A service's DATABASE_URL as the fleet gave it (the process's environment). */
function databaseUrlOf(fleet: Fleet, service: 'jobs' | 'billing'): string {
  const env = readFileSync(`/proc/${fleet.pid(service)}/environ`, 'utf8').split('\0');
  const url = env.find((entry) => entry.startsWith('DATABASE_URL='));
  if (!url) throw new Error(`${service} has no DATABASE_URL`);
  return url.slice('DATABASE_URL='.length);
}

async function startBareReader(fleet: Fleet): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'bare-reader.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      JOBS_DATABASE_URL: databaseUrlOf(fleet, 'jobs'),
      BILLING_DATABASE_URL: databaseUrlOf(fleet, 'billing'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const found = /listening (\d+)/.exec(String(chunk));
      if (found) resolve(found[1]!);
    });
    child.on('exit', (code) => reject(new Error(`bare reader exited (${code})`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

async function expectOk(target: Target): Promise<string> {
  const res = await fetch(target.url, { headers: target.headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${target.url} answered ${res.status}: ${text}`);
  return text;
}

/** Bare and gateway alternating, `rounds` times each, at full speed and at the steady rate. */
async function measure(bare: Target, gateway: Target): Promise<{ bare: Measured; gateway: Measured }> {
  const result = { bare: { full: [], steady: [] } as Measured, gateway: { full: [], steady: [] } as Measured };
  for (const target of [bare, gateway]) await autocannonRun({ ...target, connections: CONNECTIONS, duration: 3 });
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, target] of [
      ['bare', bare],
      ['gateway', gateway],
    ] as const) {
      result[name].full.push(await autocannonRun({ ...target, connections: CONNECTIONS, duration: seconds }));
      result[name].steady.push(
        await autocannonRun({ ...target, connections: CONNECTIONS, duration: seconds, overallRate: STEADY_RATE }),
      );
    }
  }
  return result;
}

function report(label: string, runs: { bare: Measured; gateway: Measured }, barApplies: boolean): number {
  const m = (runs: AutocannonRun[], key: keyof AutocannonRun) => median(runs.map((run) => run[key]));
  const row = (name: string, x: Measured) =>
    `  ${name.padEnd(8)} ${fmt(m(x.full, 'perSecond'), 0).padStart(7)} req/s  (rounds ${x.full.map((r) => fmt(r.perSecond, 0)).join(', ')})` +
    `   at ${STEADY_RATE}/s p50 ${fmt(m(x.steady, 'p50')).padStart(5)} ms  p99 ${fmt(m(x.steady, 'p99')).padStart(5)} ms` +
    `  (p99 rounds ${x.steady.map((r) => fmt(r.p99)).join(', ')})`;
  const throughput = m(runs.gateway.full, 'perSecond') / m(runs.bare.full, 'perSecond');
  const p99 = m(runs.gateway.steady, 'p99') / Math.max(m(runs.bare.steady, 'p99'), 0.01);
  console.log(label);
  console.log(row('bare', runs.bare));
  console.log(row('gateway', runs.gateway));
  const verdict = (met: boolean, bar: string) => (barApplies ? ` (bar ${bar}: ${met ? 'met' : 'NOT met'})` : '');
  console.log(
    `  gateway/bare: throughput ${fmt(throughput * 100, 0)}%${verdict(throughput >= 0.5, '≥ 50%')}, ` +
      `p99 at ${STEADY_RATE}/s ${fmt(p99, 2)}x${verdict(p99 <= 2, '≤ 2x')}`,
  );
  return [...runs.bare.full, ...runs.bare.steady, ...runs.gateway.full, ...runs.gateway.steady].reduce(
    (sum, run) => sum + run.failures,
    0,
  );
}

const PHASES = [
  {
    title:
      'Gateway as deployed: read cache on (defaults: a queued job and a balance kept 500 ms, evicted by job events ' +
      "and the caller's writes). The bar applies to this phase.",
    suffix: ', cached',
    barApplies: true,
    restartWith: undefined,
  },
  {
    title: 'Gateway restarted with READ_CACHE_MAX_ENTRIES=0: every read asks jobs or billing (the path behind a miss).',
    suffix: ', uncached',
    barApplies: false,
    restartWith: { READ_CACHE_MAX_ENTRIES: '0' },
  },
];

// Rate limits counted as in production, at limits this load never reaches (gateway-auth measures their cost).
const unreachable = { limit: 100_000_000, window_seconds: 60 };
const profiled: Record<string, string> = profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {};
const fleet = await startFleet({
  without: ['worker', 'shares'],
  gatewayEnv: {
    RATE_LIMIT_PLANS: JSON.stringify({ default: { token: unreachable, job_create: unreachable } }),
    ...profiled,
  },
  jobsEnv: profiled,
  billingEnv: profiled,
});
const clip = await synthesizeSpeech('Hello there.', { voice: 'rms' });
let bareReader: ChildProcess | undefined;

try {
  const user = await benchUser(fleet, { credits: 1000 });
  const { job_id: jobId } = await user.api<{ job_id: string }>(
    'POST',
    '/api/v1/jobs',
    oracleJob(await user.upload(clip, 'audio/wav')),
  );
  const headers = { authorization: `Bearer ${user.token}` };
  const gatewayJob = { url: `${fleet.gatewayUrl}/api/v1/jobs/${jobId}`, headers };
  const gatewayBalance = { url: `${fleet.gatewayUrl}/api/v1/billing/balance`, headers };
  if (profileDir) {
    for (const [name, target] of [
      ['job', gatewayJob],
      ['balance', gatewayBalance],
    ] as const) {
      await autocannonRun({ ...target, connections: CONNECTIONS, duration: 2 });
      const run = await autocannonRun({ ...target, connections: CONNECTIONS, duration: seconds });
      console.log(
        `profiled ${name}: ${fmt(run.perSecond, 0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, failed ${run.failures}`,
      );
    }
  } else {
    const bare = await startBareReader(fleet);
    bareReader = bare.child;
    const bareJob = { url: `${bare.url}/jobs/${jobId}?user=${user.userId}` };
    const bareBalance = { url: `${bare.url}/balance?user=${user.userId}` };
    for (const target of [bareJob, gatewayJob, bareBalance, gatewayBalance]) await expectOk(target);
    console.log(
      `read path: ${CONNECTIONS} connections for ${seconds} s (throughput), ${STEADY_RATE} req/s for ${seconds} s (latency), ` +
        `bare and gateway alternating, ${rounds} rounds, medians`,
    );
    let failed = 0;
    for (const phase of PHASES) {
      if (phase.restartWith) {
        await fleet.stopService('gateway');
        await fleet.startService('gateway', phase.restartWith);
        for (const target of [gatewayJob, gatewayBalance]) await expectOk(target);
      }
      console.log(phase.title);
      const job = `GET /api/v1/jobs/{id} (a queued job: the row and its queue place)${phase.suffix}`;
      failed += report(job, await measure(bareJob, gatewayJob), phase.barApplies);
      failed += report(
        `GET /api/v1/billing/balance${phase.suffix}`,
        await measure(bareBalance, gatewayBalance),
        phase.barApplies,
      );
    }
    if (failed > 0) {
      console.log(`${failed} requests failed`);
      process.exitCode = 1;
    }
  }
} finally {
  bareReader?.kill('SIGTERM');
  await fleet.stop();
  await rm(clip, { force: true });
}
