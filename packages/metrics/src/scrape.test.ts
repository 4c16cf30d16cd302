import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { captureLogger as capture } from '@tp/logging';
import { collectOnScrape, gauge, readScrape, renderMetrics } from './index.ts';

const captureLogger = () => capture('metrics-test');

const depth = gauge({ type: 'gauge', name: 'tp_test_depth', help: 'Depth.', labelNames: ['pool'] });
const other = gauge({ type: 'gauge', name: 'tp_test_other', help: 'Other.', labelNames: [] });

describe('collectors run at each scrape', () => {
  it('sets their gauges from what they read, and forgets them once removed', async () => {
    const { log } = captureLogger();
    let reads = 0;
    const remove = collectOnScrape({
      name: 'depth',
      gauges: [depth],
      collect: async () => {
        reads += 1;
        depth.set({ pool: 'cpu' }, reads * 10);
      },
    });
    try {
      assert.equal(readScrape(await renderMetrics({ log })).value('tp_test_depth', { pool: 'cpu' }), 10);
      assert.equal(readScrape(await renderMetrics({ log })).value('tp_test_depth', { pool: 'cpu' }), 20);
    } finally {
      remove();
    }
    const after = readScrape(await renderMetrics({ log }));
    assert.equal(reads, 2);
    assert.equal(after.samples.filter((s) => s.name === 'tp_test_depth').length, 0);
  });

  it('leaves out the gauges of a failing or hung collector and answers the rest', async () => {
    const { log, lines } = captureLogger();
    depth.set({ pool: 'cpu' }, 5);
    let behaviour: 'throw' | 'hang' = 'throw';
    const removeFailing = collectOnScrape({
      name: 'broken',
      gauges: [depth],
      collect: () => (behaviour === 'throw' ? Promise.reject(new Error('database down')) : new Promise(() => {})),
    });
    const removeWorking = collectOnScrape({ name: 'other', gauges: [other], collect: async () => other.set(7) });
    try {
      const failed = readScrape(await renderMetrics({ log }));
      assert.equal(failed.samples.filter((s) => s.name === 'tp_test_depth').length, 0, 'no stale value');
      assert.equal(failed.value('tp_test_other'), 7);
      assert.equal(failed.value('tp_metrics_collect_failures_total', { collector: 'broken' }), 1);
      assert.ok(
        lines.some((l) => l.collector === 'broken' && (l.err as { message: string }).message === 'database down'),
      );
      behaviour = 'hang';
      const hung = readScrape(await renderMetrics({ log, timeoutMs: 50 }));
      assert.equal(hung.value('tp_metrics_collect_failures_total', { collector: 'broken' }), 2);
      assert.equal(hung.value('tp_test_other'), 7);
    } finally {
      removeFailing();
      removeWorking();
    }
  });
});
