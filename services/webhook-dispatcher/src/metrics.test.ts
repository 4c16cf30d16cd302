import { it } from 'node:test';
import assert from 'node:assert/strict';
import { createLogger } from '@tp/logging';
import { readScrape, renderMetrics } from '@tp/metrics';
import { collectWebhookMetrics, countAttempt } from './metrics.ts';

const scrape = async () =>
  readScrape(await renderMetrics({ log: createLogger({ service: 'webhook-test', level: 'silent' }) }));

it('counts attempts by what they left the delivery in, and reads the pending ones at scrape', async () => {
  const before = await scrape();
  for (const status of ['delivered', 'pending', 'pending', 'failed', 'gone'] as const) countAttempt(status);
  let summary = { pending: 2, oldestCreatedAt: new Date('2026-11-28T09:58:00Z') as Date | null };
  const stop = collectWebhookMetrics({
    deliveries: { pendingSummary: async () => summary },
    now: () => new Date('2026-11-28T10:00:00Z'),
  });
  try {
    const after = await scrape();
    const moved = (outcome: string) =>
      after.value('tp_webhook_deliveries_total', { outcome }) -
      before.value('tp_webhook_deliveries_total', { outcome });
    assert.deepEqual(['delivered', 'retrying', 'failed', 'gone'].map(moved), [1, 2, 1, 1]);
    assert.equal(after.value('tp_webhook_pending_deliveries'), 2);
    assert.equal(after.value('tp_webhook_oldest_pending_age_seconds'), 120);
    summary = { pending: 0, oldestCreatedAt: null };
    const none = await scrape();
    assert.equal(none.value('tp_webhook_pending_deliveries'), 0);
    assert.equal(none.value('tp_webhook_oldest_pending_age_seconds'), 0);
  } finally {
    stop();
  }
});
