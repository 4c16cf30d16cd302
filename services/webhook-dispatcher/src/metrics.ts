import { collectOnScrape, counter, gauge, WEBHOOK_METRICS } from '@tp/metrics';
import type { DeliveryStatus } from './domain/outcome.ts';
import type { DeliveryStore } from './store/index.ts';

// The dispatcher's metrics (catalogue: WEBHOOK_METRICS of @tp/metrics; ADR 0030).

const deliveries = counter(WEBHOOK_METRICS.deliveries);
const pending = gauge(WEBHOOK_METRICS.pending);
const oldestPendingAge = gauge(WEBHOOK_METRICS.oldestPendingAge);

/** What a recorded attempt left its delivery in: delivered, retrying (another attempt is due), failed or gone. */
export function countAttempt(status: DeliveryStatus): void {
  deliveries.inc({ outcome: status === 'pending' ? 'retrying' : status });
}

/** The deliveries still to be tried, read from the database at each scrape; a function that stops it. */
export function collectWebhookMetrics(deps: {
  deliveries: Pick<DeliveryStore, 'pendingSummary'>;
  now: () => Date;
}): () => void {
  return collectOnScrape({
    name: 'webhook_pending',
    gauges: [pending, oldestPendingAge],
    collect: async () => {
      const summary = await deps.deliveries.pendingSummary();
      pending.set(summary.pending);
      const oldest = summary.oldestCreatedAt;
      oldestPendingAge.set(oldest ? Math.max(0, (deps.now().getTime() - oldest.getTime()) / 1000) : 0);
    },
  });
}
