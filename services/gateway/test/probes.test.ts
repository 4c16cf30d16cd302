// The probes of the gateway: the public port says whether it is ready and nothing more; the ops
// port (internal) names the checks, as every backend's does.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '@tp/errors';
import { metricNamesOf } from '@tp/metrics';
import { scrapeMetrics } from '@tp/testing';
import { createGatewayApp } from '../src/http/app.ts';
import { closeHttpServer, listenHttp } from '../src/http/server.ts';
import { log, startTestGateway, type TestGateway } from './support.ts';

describe('the gateway’s probes', () => {
  let gateway: TestGateway;
  before(async () => {
    gateway = await startTestGateway();
  });
  after(() => gateway?.stop());

  it('answers /readyz on the public port with its status alone', async () => {
    const res = await gateway.call('GET', '/readyz');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { status: 'ready' });
    assert.deepEqual((await gateway.call('GET', '/healthz')).body, { status: 'ok' });
  });

  it('names the checks on the ops port only', async () => {
    assert.notEqual(gateway.service.opsPort, gateway.service.port);
    const ops = await fetch(`http://127.0.0.1:${gateway.service.opsPort}/readyz`);
    assert.equal(ops.status, 200);
    assert.deepEqual(await ops.json(), { status: 'ready', checks: { nats: true } });
    assert.equal((await fetch(`http://127.0.0.1:${gateway.service.opsPort}/api/v1/models`)).status, 404);
  });

  it('serves its request metrics on the ops port, by route template', async () => {
    const duration = 'tp_http_server_request_duration_seconds_count';
    const opsUrl = `http://127.0.0.1:${gateway.service.opsPort}`;
    const before = await scrapeMetrics(opsUrl);
    await gateway.call('GET', '/api/v1/jobs/job_01METRICS');
    await gateway.call('GET', '/no/such/route');
    const after = await scrapeMetrics(opsUrl);
    const served = (labels: Record<string, string>) => after.value(duration, labels) - before.value(duration, labels);
    assert.equal(served({ method: 'GET', route: '/api/v1/jobs/:job_id', status_code: '401' }), 1);
    assert.equal(served({ method: 'GET', route: 'unmatched', status_code: '404' }), 1);
    assert.ok(!after.text.includes('job_01METRICS'));
    for (const name of metricNamesOf('gateway')) assert.ok(after.declares(name), name);
    assert.equal((await gateway.call('GET', '/metrics')).status, 404, 'never on the public port');
  });
});

describe('a gateway that is not ready', () => {
  const servers: Server[] = [];
  after(async () => {
    for (const server of servers) await closeHttpServer(server);
  });

  /** The public app with this readiness; its base URL. */
  async function appWith(ready: () => Promise<boolean>): Promise<string> {
    const app = createGatewayApp({
      routes: [],
      authenticate: async () => {
        throw new AppError('invalid_api_key');
      },
      log,
      openApiDocument: {},
      ready,
    });
    const server = await listenHttp(app, '127.0.0.1', 0, {
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      idleTimeoutMs: 30_000,
    });
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('says 503 not_ready, and nothing of why, also when a check throws', async () => {
    for (const ready of [async () => false, async () => Promise.reject(new Error('nats://10.0.0.7:4222 closed'))]) {
      const res = await fetch(`${await appWith(ready)}/readyz`);
      assert.equal(res.status, 503);
      assert.deepEqual(await res.json(), { status: 'not_ready' });
    }
  });
});
