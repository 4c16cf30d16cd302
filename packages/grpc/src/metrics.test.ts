import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createLogger } from '@tp/logging';
import { readScrape, renderMetrics } from '@tp/metrics';
import { rejection, useTestServer } from './test-service.ts';

const NAME = 'tp_grpc_server_request_duration_seconds';
const scrape = async () =>
  readScrape(await renderMetrics({ log: createLogger({ service: 'grpc-test', level: 'silent' }) }));

describe('gRPC server metrics', () => {
  const served = useTestServer();

  it('observes each call by full method name and status code', async () => {
    const before = await scrape();
    await served.client.echo({ text: 'a' });
    await served.client.echo({ text: 'b' });
    await rejection(served.client.fail({ kind: 'app' }));
    await rejection(served.client.fail({ kind: 'crash' }));
    const after = await scrape();
    const calls = (labels: Record<string, string>) =>
      after.value(`${NAME}_count`, labels) - before.value(`${NAME}_count`, labels);
    assert.equal(calls({ method: 'test.v1.TestService/Echo', code: 'OK' }), 2);
    assert.equal(calls({ method: 'test.v1.TestService/Fail', code: 'PERMISSION_DENIED' }), 1);
    assert.equal(calls({ method: 'test.v1.TestService/Fail', code: 'INTERNAL' }), 1);
    assert.ok(after.value(`${NAME}_sum`, { method: 'test.v1.TestService/Echo' }) > 0);
    assert.ok(!after.samples.some((s) => s.name.startsWith(NAME) && /^\//.test(s.labels.method ?? '')));
  });
});
