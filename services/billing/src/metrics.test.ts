import { it } from 'node:test';
import assert from 'node:assert/strict';
import { createLogger } from '@tp/logging';
import { readScrape, renderMetrics } from '@tp/metrics';
import { countHold, countHoldEnd } from './metrics.ts';

const scrape = async () =>
  readScrape(await renderMetrics({ log: createLogger({ service: 'billing-test', level: 'silent' }) }));

it('counts holds in credits: what a settlement charged is settled, the rest of any hold released', async () => {
  const before = await scrape();
  countHold('caption_burn', 2_500_000n);
  countHoldEnd('caption_burn', 2_500_000n, 2_000_000n); // settled for less than the hold
  countHold('caption_burn', 1_000_000n);
  countHoldEnd('caption_burn', 1_000_000n, 0n); // released whole
  countHold('caption_burn', 10n);
  countHoldEnd('caption_burn', 10n, 10n); // settled for all of it
  const after = await scrape();
  const moved = (name: string) =>
    after.value(name, { kind: 'caption_burn' }) - before.value(name, { kind: 'caption_burn' });
  assert.ok(Math.abs(moved('tp_credits_reserved_total') - 3.50001) < 1e-9);
  assert.ok(Math.abs(moved('tp_credits_settled_total') - 2.00001) < 1e-9);
  assert.ok(Math.abs(moved('tp_credits_released_total') - 1.5) < 1e-9);
});
