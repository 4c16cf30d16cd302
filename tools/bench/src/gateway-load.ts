/**
 * The gateway under load, with autocannon:
 *
 * 1. `GET /api/v1/jobs/{id}` through the gateway (token check, gRPC to jobs, PostgreSQL) against a
 *    bare `node:http` handler that answers `{}` and does nothing else, on this machine in this run:
 *    the ratio of their throughput at full speed (closed loop), and p50/p99 of both at a fixed
 *    200 requests per second (open loop, the latency a client sees at a steady rate).
 * 2. Job creation at 50 per second for a minute (`POST /api/v1/jobs`, no worker: the jobs queue), then
 *    every job accounted for: each 202 names a distinct job that `GET /api/v1/jobs/{id}` finds queued,
 *    and the balance holds credits for exactly those jobs; no 5xx, no connection error.
 *
 *   node tools/bench/src/gateway-load.ts [seconds of each read run] [seconds of job creation]
 */
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { startFleet, synthesizeSpeech } from '@tp/testing';
import { benchUser, oracleJob } from './bench-user.ts';
import { type AutocannonRun as Run, autocannonRun as load, fmt } from './load.ts';

const readSeconds = Number(process.argv[2] ?? 15);
const createSeconds = Number(process.argv[3] ?? 60);
const CREATE_RATE = 50;
const STEADY_RATE = 200;

function line(label: string, run: Run): string {
  return `${label.padEnd(34)} ${fmt(run.perSecond, 0).padStart(6)} req/s   p50 ${fmt(run.p50).padStart(6)} ms   p99 ${fmt(run.p99).padStart(6)} ms   failed ${run.failures}`;
}

const bare = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{}');
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
// Rate limits counted as in production, at limits this load never reaches (gateway-auth measures their cost).
const unreachable = { limit: 100_000_000, window_seconds: 60 };
const fleet = await startFleet({
  without: ['worker', 'shares'],
  gatewayEnv: { RATE_LIMIT_PLANS: JSON.stringify({ default: { token: unreachable, job_create: unreachable } }) },
});
const clip = await synthesizeSpeech('Hello there.', { voice: 'rms' });

try {
  const user = await benchUser(fleet, { credits: 1000 });
  const mediaId = await user.upload(clip, 'audio/wav');
  const jobBody = oracleJob(mediaId);
  const { job_id: jobId } = await user.api<{ job_id: string }>('POST', '/api/v1/jobs', jobBody);
  const reserved = async () =>
    (await user.api<{ reserved_credits: number }>('GET', '/api/v1/billing/balance')).reserved_credits;
  const holdPerJob = await reserved();
  const headers = { authorization: `Bearer ${user.token}` };
  const jobUrl = `${fleet.gatewayUrl}/api/v1/jobs/${jobId}`;

  console.log(`gateway load: GET /api/v1/jobs/{id}, ${readSeconds} s per run, 16 connections`);
  await load({ url: jobUrl, headers, connections: 16, duration: 3 }); // warm-up
  const fullBare = await load({ url: bareUrl, connections: 16, duration: readSeconds });
  const fullGateway = await load({ url: jobUrl, headers, connections: 16, duration: readSeconds });
  console.log(line('bare handler, full speed (baseline)', fullBare));
  console.log(line('gateway, full speed', fullGateway));
  const steadyBare = await load({ url: bareUrl, connections: 16, duration: readSeconds, overallRate: STEADY_RATE });
  const steadyGateway = await load({
    url: jobUrl,
    headers,
    connections: 16,
    duration: readSeconds,
    overallRate: STEADY_RATE,
  });
  console.log(line(`bare handler at ${STEADY_RATE} req/s`, steadyBare));
  console.log(line(`gateway at ${STEADY_RATE} req/s`, steadyGateway));
  console.log(
    `ratio gateway/bare: ${fmt(fullGateway.perSecond / fullBare.perSecond, 3)}x throughput; at ${STEADY_RATE} req/s ` +
      `p50 ${fmt(steadyGateway.p50 / Math.max(steadyBare.p50, 0.01), 1)}x, p99 ${fmt(steadyGateway.p99 / Math.max(steadyBare.p99, 0.01), 1)}x`,
  );

  const created: string[] = [];
  const statuses = new Map<number, number>();
  const creation = await autocannon({
    url: `${fleet.gatewayUrl}/api/v1/jobs`,
    connections: 10,
    // A number of requests rather than a duration: the run ends when every request has its answer.
    amount: CREATE_RATE * createSeconds,
    overallRate: CREATE_RATE,
    requests: [
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(jobBody),
        onResponse: (status, body) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 202) created.push((JSON.parse(body) as { data: { job_id: string } }).data.job_id);
        },
      },
    ],
  });
  const accounted = await accountFor(created, (id) => user.api<{ status: string }>('GET', `/api/v1/jobs/${id}`));
  const heldFor = (await reserved()) / holdPerJob - 1;
  const answers = [...statuses].map(([status, count]) => `${status}: ${count}`).join(', ');
  console.log(
    `job creation at ${CREATE_RATE}/s for ${createSeconds} s: ${CREATE_RATE * createSeconds} requests answered in ${fmt(creation.duration, 1)} s (${answers}), ` +
      `p50 ${fmt(creation.latency.p50)} ms, p99 ${fmt(creation.latency.p99)} ms, errors ${creation.errors}; ` +
      `${accounted.found} of ${created.length} created jobs found queued, ${new Set(created).size} distinct ids, ` +
      `credits held for ${fmt(heldFor, 2)} jobs`,
  );
  const lost =
    created.length - accounted.found + (created.length - new Set(created).size) + Math.abs(heldFor - created.length);
  if (fullGateway.failures + steadyGateway.failures + creation.errors + creation['5xx'] + lost > 0.5)
    process.exitCode = 1;
} finally {
  await fleet.stop();
  bare.close();
  await rm(clip, { force: true });
}

/** How many of the created jobs the API finds queued (read 20 at a time). */
async function accountFor(ids: string[], get: (id: string) => Promise<{ status: string }>) {
  let found = 0;
  for (let i = 0; i < ids.length; i += 20) {
    const jobs = await Promise.all(ids.slice(i, i + 20).map((id) => get(id).catch(() => undefined)));
    found += jobs.filter((job) => job?.status === 'queued').length;
  }
  return { found };
}
