import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createLogger } from '@tp/logging';
import {
  counter,
  gauge,
  histogram,
  metricNamesOf,
  renderMetrics,
  SERVICE_METRICS,
  type CounterSpec,
  readScrape,
} from './index.ts';

const log = createLogger({ service: 'metrics-test', level: 'silent' });
const render = async () => readScrape(await renderMetrics({ log }));

describe('the process registry', () => {
  it('answers the process and Node.js metrics', async () => {
    const scrape = await render();
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds'])
      assert.ok(scrape.declares(name), name);
    assert.ok(scrape.value('process_cpu_seconds_total') > 0);
  });

  it('defines a metric once: the same name gives the same instrument, another type is refused', async () => {
    const spec: CounterSpec<'kind'> = {
      type: 'counter',
      name: 'tp_test_things_total',
      help: 'Things.',
      labelNames: ['kind'],
    };
    const first = counter(spec);
    assert.equal(counter(spec), first);
    first.inc({ kind: 'a' });
    counter(spec).inc({ kind: 'a' }, 2);
    assert.equal((await render()).value('tp_test_things_total', { kind: 'a' }), 3);
    assert.throws(() => gauge({ ...spec, type: 'gauge' }), /already registered as another type/);
  });

  it('observes histograms into the buckets the spec names', async () => {
    const spec = {
      type: 'histogram',
      name: 'tp_test_wait_seconds',
      help: 'Waits.',
      labelNames: [],
      buckets: [1, 5],
    } as const;
    histogram(spec).observe(3);
    const scrape = await render();
    assert.equal(scrape.value('tp_test_wait_seconds_bucket', { le: '1' }), 0);
    assert.equal(scrape.value('tp_test_wait_seconds_bucket', { le: '5' }), 1);
    assert.equal(scrape.value('tp_test_wait_seconds_count'), 1);
  });
});

describe('the catalogue', () => {
  it('names every metric once, with the tp_ prefix and unit suffixes', () => {
    const specs = Object.values(SERVICE_METRICS).flatMap((metrics) => Object.values(metrics));
    const byName = new Map(specs.map((spec) => [spec.name, spec]));
    for (const spec of specs) assert.equal(byName.get(spec.name), spec, `${spec.name} is one spec, shared`);
    for (const spec of byName.values()) {
      assert.match(spec.name, /^tp_[a-z_]+$/, spec.name);
      if (spec.type === 'counter') assert.match(spec.name, /_total$/, spec.name);
      else assert.doesNotMatch(spec.name, /_total$/, spec.name);
      for (const label of spec.labelNames) assert.doesNotMatch(label, /(^|_)id$/, `${spec.name}: ${label} is an id`);
    }
  });

  it("lists a service's own names with the shared ones", () => {
    assert.deepEqual(metricNamesOf('gateway'), [
      'tp_http_server_request_duration_seconds',
      'tp_metrics_collect_failures_total',
    ]);
    const jobs = metricNamesOf('jobs');
    assert.ok(jobs.includes('tp_grpc_server_request_duration_seconds'));
    assert.ok(jobs.includes('tp_jobs_queue_depth'));
    assert.ok(!jobs.includes('tp_credits_reserved_total'));
  });
});
