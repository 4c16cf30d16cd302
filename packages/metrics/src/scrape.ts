import type { Logger } from '@tp/logging';
import type { Gauge } from 'prom-client';
import { SCRAPE_METRICS } from './catalog.ts';
import { counter, metricsRegistry } from './registry.ts';

/** Gauges read from somewhere else (a database, NATS) when Prometheus scrapes, not kept up to date. */
export interface ScrapeCollector {
  /** Names the collector in logs and in tp_metrics_collect_failures_total. */
  name: string;
  /** The gauges `collect` sets; left out of a scrape at which it fails, rather than shown stale. */
  gauges: readonly Gauge<string>[];
  /** Reads and sets the gauges; it should be cheap (an indexed count), it runs at every scrape. */
  collect: () => Promise<void>;
}

const collectors = new Set<ScrapeCollector>();
const failures = counter(SCRAPE_METRICS.collectFailures);

/**
 * Runs `collector` at every scrape until the returned function removes it (a service registers its
 * collectors when it starts and removes them when it stops, with the connections they read).
 */
export function collectOnScrape(collector: ScrapeCollector): () => void {
  collectors.add(collector);
  return () => {
    collectors.delete(collector);
    for (const gauge of collector.gauges) gauge.reset();
  };
}

export interface RenderOptions {
  log: Logger;
  /** A collector slower than this is given up for this scrape (default 2 s). */
  timeoutMs?: number;
}

/** The Content-Type of `renderMetrics`'s text: Prometheus's text exposition format 0.0.4. */
export const METRICS_CONTENT_TYPE: string = metricsRegistry().contentType;

/**
 * The process's metrics in Prometheus's text format, after every collector ran. A collector that
 * fails or times out is logged and counted, and its gauges left out; the rest is answered.
 */
export async function renderMetrics(options: RenderOptions): Promise<string> {
  const timeoutMs = options.timeoutMs ?? 2_000;
  await Promise.all([...collectors].map((collector) => runCollector(collector, timeoutMs, options.log)));
  return metricsRegistry().metrics();
}

async function runCollector(collector: ScrapeCollector, timeoutMs: number, log: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([collector.collect(), timeout]);
  } catch (err) {
    log.warn({ err, collector: collector.name }, 'metrics collector failed; its gauges are left out of this scrape');
    failures.inc({ collector: collector.name });
    for (const gauge of collector.gauges) gauge.reset();
  } finally {
    clearTimeout(timer);
  }
}
