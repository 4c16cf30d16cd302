import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createLogger } from '@tp/logging';
import { readScrape, renderMetrics } from '@tp/metrics';
import { collectJobsMetrics, countJobStatus } from './metrics.ts';

const log = createLogger({ service: 'jobs-test', level: 'silent' });
const scrape = async () => readScrape(await renderMetrics({ log }));

describe('job counters', () => {
  it('count admission, start and each outcome by type and profile, never a batch parent', async () => {
    const before = await scrape();
    const job = { type: 'transcription', profile: 'oracle-mini', itemCount: 0 };
    for (const status of ['queued', 'running', 'succeeded', 'queued', 'failed', 'queued', 'cancelled'])
      countJobStatus({ ...job, status });
    countJobStatus({ ...job, status: 'queued', itemCount: 3 });
    countJobStatus({ ...job, status: 'succeeded', itemCount: 3 });
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      after.value(name, { profile: 'oracle-mini', ...labels }) -
      before.value(name, { profile: 'oracle-mini', ...labels });
    assert.equal(moved('tp_jobs_created_total', { type: 'transcription' }), 3);
    assert.equal(moved('tp_jobs_started_total'), 1);
    for (const outcome of ['succeeded', 'failed', 'cancelled'])
      assert.equal(moved('tp_jobs_finished_total', { outcome }), 1, outcome);
  });
});

describe('queue and consumer gauges', () => {
  it('read the waiting jobs (every pool 0 when none waits) and each consumer backlog at scrape', async () => {
    const now = new Date('2026-11-28T10:00:00Z');
    let waiting = [{ type: 'transcription', pool: 'cpu', depth: 4, oldestCreatedAt: new Date('2026-11-28T09:59:00Z') }];
    const stop = collectJobsMetrics({
      queueStats: {
        waiting: async (pools) => {
          assert.deepEqual(pools, ['cpu', 'gpu']);
          return waiting;
        },
      },
      bus: {
        consumerBacklogs: async (stream) =>
          stream === 'WORK' ? [{ consumer: 'work-transcription-cpu', pending: 4, ackPending: 1 }] : [],
      },
      now: () => now,
    });
    try {
      const first = await scrape();
      assert.equal(first.value('tp_jobs_queue_depth', { type: 'transcription', pool: 'cpu' }), 4);
      assert.equal(first.value('tp_jobs_queue_oldest_age_seconds', { type: 'transcription', pool: 'cpu' }), 60);
      assert.equal(first.value('tp_jobs_queue_depth', { type: 'caption_burn', pool: 'gpu' }), 0);
      const work = { stream: 'WORK', consumer: 'work-transcription-cpu' };
      assert.equal(first.value('tp_nats_consumer_pending_messages', work), 4);
      assert.equal(first.value('tp_nats_consumer_ack_pending_messages', work), 1);
      waiting = [];
      const drained = await scrape();
      assert.equal(drained.value('tp_jobs_queue_depth', { type: 'transcription', pool: 'cpu' }), 0);
      assert.equal(drained.value('tp_jobs_queue_oldest_age_seconds', { type: 'transcription', pool: 'cpu' }), 0);
    } finally {
      stop();
    }
    assert.ok(!(await scrape()).samples.some((s) => s.name === 'tp_jobs_queue_depth'), 'gone once stopped');
  });
});
