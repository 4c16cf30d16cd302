import autocannon from 'autocannon';

/** A closed-loop HTTP load: `concurrency` clients each send requests back to back. */
export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function runLoad(
  url: string,
  headers: Record<string, string>,
  options: { requests: number; concurrency: number; expectStatus: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < options.requests) {
        next += 1;
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== options.expectStatus) errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
  };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** One autocannon run: 2xx answers per second, latency percentiles (ms) and every failed request. */
export interface AutocannonRun {
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

export async function autocannonRun(options: autocannon.Options): Promise<AutocannonRun> {
  const result = await autocannon(options);
  return {
    perSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
