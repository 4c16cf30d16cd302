// fleet.ts: where `make up` says each service's metrics are (its ops port's /metrics).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fleet, metricsUrl } from './fleet.ts';
import { layout } from './layout.ts';
import { platformFrom } from './platform.ts';
import { PLATFORM_SECRETS } from './test-fixtures.ts';

const platform = (env: NodeJS.ProcessEnv) => platformFrom(env, PLATFORM_SECRETS, layout('/tmp/tp-platform-test'));

test("every service's metrics are on its own ops port, moved with it", () => {
  const urls = Object.fromEntries(fleet(platform({})).map((spec) => [spec.name, metricsUrl(spec)]));
  assert.deepEqual(urls, {
    accounts: 'http://127.0.0.1:9101/metrics',
    billing: 'http://127.0.0.1:9103/metrics',
    artifacts: 'http://127.0.0.1:9104/metrics',
    media: 'http://127.0.0.1:9102/metrics',
    jobs: 'http://127.0.0.1:9105/metrics',
    worker: 'http://127.0.0.1:9106/metrics',
    shares: 'http://127.0.0.1:9107/metrics',
    'webhook-dispatcher': 'http://127.0.0.1:9109/metrics',
    'ai-proxy': 'http://127.0.0.1:9110/metrics',
    web: 'http://127.0.0.1:9111/metrics',
    gateway: 'http://127.0.0.1:9108/metrics',
  });
  const moved = fleet(platform({ JOBS_OPS_PORT: '19105' })).find((spec) => spec.name === 'jobs')!;
  assert.equal(metricsUrl(moved), 'http://127.0.0.1:19105/metrics');
});
