/**
 * Webhook deliveries against a receiver on loopback:
 *
 * 1. Latency: `jobs` transcriptions (default 50) of a short flite clip started with `POST /transcribe`
 *    and a webhook, one at a time; for each, the time from the job's `finished_at` to the delivery's
 *    arrival at the receiver, p50 and p95, against the same job's end as a client polling
 *    `GET /transcribe/{jobId}` every 50 ms sees it (the baseline: what the webhook replaces).
 * 2. Throughput: `burst` jobs (default 300) started with webhooks while no worker runs, then
 *    cancelled while the dispatcher is stopped: each cancellation is a delivery waiting in the stream.
 *    The dispatcher started, the deliveries per second it sustains from the first arrival to the
 *    last, against the same number of signed POSTs this process sends the receiver one after
 *    another (the baseline: one sender's rate, no platform in between).
 *
 *   node tools/bench/src/webhook-delivery.ts [jobs] [burst]
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FleetService, startFleet, synthesizeSpeech } from '@tp/testing';
import { benchUser } from './bench-user.ts';
import { fmt } from './load.ts';

const jobs = Number(process.argv[2] ?? 50);
const burst = Number(process.argv[3] ?? 300);
const DISPATCHER: FleetService = 'webhook-dispatcher';
const SECRET = randomBytes(24).toString('hex');
const unreached = { limit: 100_000_000, window_seconds: 60 };
const privateTargets = { EGRESS_ALLOW_PRIVATE_TARGETS: 'true' };

/** Arrival time (Date.now()) of each delivery id's first request, and of each job's. */
const arrivals = new Map<string, number>();
const byJob = new Map<string, number>();
let invalid = 0;
const valid = (headers: IncomingHttpHeaders, raw: Buffer) => {
  const given = Buffer.from(String(headers['x-service-signature']));
  const mac = createHmac('sha256', SECRET).update(`${headers['x-service-timestamp']}.`).update(raw);
  const expected = Buffer.from(`sha256=${mac.digest('hex')}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
};
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = Date.now();
    const raw = Buffer.concat(chunks);
    const id = String(req.headers['x-service-delivery-id']);
    if (!valid(req.headers, raw)) invalid += 1;
    if (!arrivals.has(id)) arrivals.set(id, at);
    const { jobId } = JSON.parse(raw.toString()) as { jobId: string };
    if (!byJob.has(jobId)) byJob.set(jobId, at);
    res.writeHead(200).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/bench`;

const fleet = await startFleet({
  without: ['shares'],
  gatewayEnv: {
    ...privateTargets,
    RATE_LIMIT_PLANS: JSON.stringify({ default: { token: unreached, job_create: unreached } }),
  },
  mediaEnv: privateTargets,
  webhookDispatcherEnv: privateTargets,
});
const clip = await synthesizeSpeech('Glue the sheet to the dark blue background.', { voice: 'rms' });

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
};

try {
  const user = await benchUser(fleet, { credits: 100 });
  const { fileUrl } = await user.api<{ fileUrl: string }>('POST', '/upload', {
    file_name: 'clip.wav',
    content_type: 'audio/wav',
    data_base64: readFileSync(clip).toString('base64'),
  });
  const start = () =>
    user.api<{ jobId: string }>('POST', '/transcribe', {
      audio_url: fileUrl,
      language: 'en',
      webhook_url: hookUrl,
      webhook_secret: SECRET,
    });

  // 1. Latency, one job at a time.
  const webhook: number[] = [];
  const polled: number[] = [];
  for (let i = 0; i < jobs; i += 1) {
    const { jobId } = await start();
    let seenAt = 0;
    let finishedAt = '';
    await until(
      `job ${jobId} ended`,
      async () => {
        const job = await user.api<{ status: string; finished_at: string | null }>('GET', `/transcribe/${jobId}`);
        if (!['COMPLETED', 'FAILED', 'CANCELLED'].includes(job.status)) return false;
        seenAt = Date.now();
        finishedAt = job.finished_at!;
        return true;
      },
      120_000,
      50,
    );
    await until(`delivery of ${jobId}`, () => byJob.has(jobId), 60_000, 5);
    webhook.push(byJob.get(jobId)! - Date.parse(finishedAt));
    polled.push(seenAt - Date.parse(finishedAt));
  }
  const [w50, w95, p50, p95] = [
    percentile(webhook, 50),
    percentile(webhook, 95),
    percentile(polled, 50),
    percentile(polled, 95),
  ];
  console.log(
    `webhook latency over ${jobs} jobs (job finished_at → arrival at the receiver), one worker, one dispatcher:`,
  );
  console.log(`  polling GET /transcribe every 50 ms (baseline): p50 ${fmt(p50, 0)} ms, p95 ${fmt(p95, 0)} ms`);
  console.log(`  webhook delivery:                              p50 ${fmt(w50, 0)} ms, p95 ${fmt(w95, 0)} ms`);
  console.log(`  ratio (webhook / polling): p50 ${fmt(w50 / p50, 2)}, p95 ${fmt(w95 / p95, 2)}`);

  // 2. Throughput: a burst of deliveries waiting in the stream when the dispatcher starts.
  // The jobs are started while the dispatcher runs (their subscriptions are its), and cancelled
  // while it is stopped: their events wait in the stream.
  await fleet.stopService('worker');
  const burstJobs: string[] = [];
  for (let i = 0; i < burst; i += 1) burstJobs.push((await start()).jobId);
  await fleet.stopService(DISPATCHER);
  for (const jobId of burstJobs) await user.api('DELETE', `/api/v1/jobs/${jobId}`);
  const before = arrivals.size;
  await fleet.startService(DISPATCHER);
  await until('the burst delivered', () => arrivals.size - before >= burst, 600_000, 20);
  const times = [...arrivals.values()].slice(before);
  const dispatched = (burst - 1) / ((Math.max(...times) - Math.min(...times)) / 1000);

  const bodies = [...Array(burst)].map((_, i) =>
    JSON.stringify({ type: 'bench', delivery_id: `whd_${i}`, jobId: `job_${i}` }),
  );
  const sentStart = performance.now();
  for (const [i, body] of bodies.entries()) {
    const ts = String(Math.floor(Date.now() / 1000));
    const signature = `sha256=${createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('hex')}`;
    const res = await fetch(hookUrl, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'x-service-timestamp': ts,
        'x-service-signature': signature,
        'x-service-delivery-id': `bench_${i}`,
      },
    });
    await res.arrayBuffer();
  }
  const direct = burst / ((performance.now() - sentStart) / 1000);
  console.log(`dispatcher throughput, ${burst} deliveries (transcription.cancelled) queued while it was stopped:`);
  console.log(`  signed POSTs from this process, one after another (baseline): ${fmt(direct, 0)}/s`);
  console.log(`  the dispatcher, first to last arrival:                          ${fmt(dispatched, 0)}/s`);
  console.log(`  ratio: ${fmt(dispatched / direct, 2)}; signatures invalid: ${invalid}`);
} finally {
  await fleet.stop();
  receiver.closeAllConnections();
  receiver.close();
  await rm(clip, { force: true });
}
