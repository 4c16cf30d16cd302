/**
 * Gateway authentication cost: GET /api/v1/models with a personal access token, through a
 * gateway whose credential cache is off (every request asks accounts over gRPC, which reads
 * PostgreSQL) against one with the cache on (the default). Both also ask jobs what the deployment
 * runs (GetDeployment, answered from memory), the same in both. Both fleets run in this process's
 * machine in the same run; the ratio is what to compare across machines. A third fleet adds the
 * rate limits (a compare-and-set in NATS KV per request; a limit the load never reaches), to show
 * what counting costs. The first two run without them, so that only the cache differs.
 *
 *   make bench            (or: node tools/bench/src/gateway-auth.ts [requests] [concurrency])
 */
import { startFleet, type Fleet } from '@tp/testing';
import { fmt, runLoad, type LoadResult } from './load.ts';

const requests = Number(process.argv[2] ?? 3000);
const concurrency = Number(process.argv[3] ?? 16);

async function measure(label: string, gatewayEnv: Record<string, string>): Promise<LoadResult> {
  const fleet: Fleet = await startFleet({ without: ['worker', 'shares'], gatewayEnv });
  try {
    const email = 'bench@example.com';
    const created = await fleet.tsctl('users', 'create', '--email', email);
    if (created.code !== 0) throw new Error(created.stderr);
    const token = (await fleet.tsctl('tokens', 'create', '--email', email, '--preset', 'read-only')).stdout.trim();
    const url = `${fleet.gatewayUrl}/api/v1/models`;
    const headers = { authorization: `Bearer ${token}` };
    await runLoad(url, headers, { requests: 300, concurrency, expectStatus: 200 }); // warm-up
    const result = await runLoad(url, headers, { requests, concurrency, expectStatus: 200 });
    console.log(
      `${label.padEnd(28)} ${fmt(result.perSecond, 0).padStart(7)} req/s   p50 ${fmt(result.p50Ms).padStart(6)} ms   p99 ${fmt(result.p99Ms).padStart(6)} ms   errors ${result.errors}`,
    );
    return result;
  } finally {
    await fleet.stop();
  }
}

console.log(`gateway auth benchmark: ${requests} requests, concurrency ${concurrency}`);
const unlimited = { RATE_LIMITS_ENABLED: 'false' };
const baseline = await measure('cache off (baseline)', { ...unlimited, AUTH_CACHE_TTL_MS: '0' });
const cached = await measure('cache on (default 30 s)', unlimited);
const limited = await measure('cache on, rate limits on', {
  RATE_LIMIT_PLANS: JSON.stringify({ default: { token: { limit: 1_000_000, window_seconds: 60 } } }),
});
console.log(
  `ratio cached/baseline: ${fmt(cached.perSecond / baseline.perSecond, 2)}x throughput, ${fmt(baseline.p50Ms / cached.p50Ms, 2)}x lower p50`,
);
console.log(
  `ratio limited/cached: ${fmt(limited.perSecond / cached.perSecond, 2)}x throughput, p50 +${fmt(limited.p50Ms - cached.p50Ms)} ms`,
);
if (baseline.errors + cached.errors + limited.errors > 0) process.exitCode = 1;
