import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { readScrape } from '@tp/metrics';
import { startOpsServer } from './index.ts';
import { captureLogger } from './test-support.ts';

async function get(port: number, path: string, method = 'GET') {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
  };
}

describe('ops server: probes', () => {
  it('answers liveness without consulting dependencies', async () => {
    let asked = 0;
    const ops = await startOpsServer({
      host: '127.0.0.1',
      port: 0,
      log: captureLogger().log,
      ready: async () => (asked++, { db: false }),
    });
    try {
      assert.ok(ops.port > 0);
      const res = await get(ops.port, '/healthz');
      assert.equal(res.status, 200);
      assert.match(res.type ?? '', /^application\/json/);
      assert.deepEqual(res.body, { status: 'ok' });
      assert.equal(asked, 0);
    } finally {
      await ops.close();
    }
  });

  it('flips readiness with its checks', async () => {
    const checks = { db: true, nats: true };
    const ops = await startOpsServer({
      host: '127.0.0.1',
      port: 0,
      log: captureLogger().log,
      ready: async () => ({ ...checks }),
    });
    try {
      assert.deepEqual(await get(ops.port, '/readyz'), {
        status: 200,
        type: 'application/json; charset=utf-8',
        body: { status: 'ready', checks: { db: true, nats: true } },
      });
      checks.nats = false;
      assert.deepEqual((await get(ops.port, '/readyz')).body, {
        status: 'not_ready',
        checks: { db: true, nats: false },
      });
      assert.equal((await get(ops.port, '/readyz?verbose=1')).status, 503);
      checks.nats = true;
      assert.equal((await get(ops.port, '/readyz')).status, 200);
    } finally {
      await ops.close();
    }
  });

  it('is not ready when a check throws or hangs', async () => {
    const { log, lines } = captureLogger();
    let behaviour: 'throw' | 'hang' = 'throw';
    const ops = await startOpsServer({
      host: '127.0.0.1',
      port: 0,
      log,
      readyTimeoutMs: 100,
      ready: () => (behaviour === 'throw' ? Promise.reject(new Error('pool exhausted')) : new Promise(() => {})),
    });
    try {
      const thrown = await get(ops.port, '/readyz');
      assert.equal(thrown.status, 503);
      assert.equal(thrown.body?.status, 'not_ready');
      assert.equal(thrown.body?.error, 'pool exhausted');
      assert.ok(lines.some((l) => l.level === 'warn' && l.msg === 'readiness check failed'));
      behaviour = 'hang';
      // The check never settles: only the readiness timeout can answer, and the answer names it.
      const hung = await get(ops.port, '/readyz');
      assert.equal(hung.status, 503);
      assert.equal(hung.body?.error, 'readiness checks took longer than 100 ms');
    } finally {
      await ops.close();
    }
  });
});

describe('ops server: routes and port', () => {
  it('answers 404 JSON for anything else', async () => {
    const ops = await startOpsServer({ host: '127.0.0.1', port: 0, log: captureLogger().log, ready: async () => ({}) });
    try {
      for (const [path, method] of [
        ['/', 'GET'],
        ['/metricsz', 'GET'],
        ['/metrics', 'POST'],
        ['/healthz', 'POST'],
        ['/healthz/x', 'GET'],
      ] as const) {
        const res = await get(ops.port, path, method);
        assert.equal(res.status, 404, `${method} ${path}`);
        assert.match(res.type ?? '', /^application\/json/);
        assert.equal((res.body!.detail as { code: string }).code, 'route_not_found');
      }
      assert.deepEqual(await get(ops.port, '/healthz', 'HEAD'), {
        status: 200,
        type: 'application/json; charset=utf-8',
        body: undefined,
      });
    } finally {
      await ops.close();
    }
  });

  it("answers the process's Prometheus metrics on /metrics", async () => {
    const ops = await startOpsServer({ host: '127.0.0.1', port: 0, log: captureLogger().log, ready: async () => ({}) });
    try {
      const res = await fetch(`http://127.0.0.1:${ops.port}/metrics`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'text/plain; version=0.0.4; charset=utf-8');
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const scrape = readScrape(await res.text());
      assert.ok(scrape.value('process_cpu_seconds_total') > 0);
      assert.ok(scrape.declares('tp_metrics_collect_failures_total'));
      const head = await fetch(`http://127.0.0.1:${ops.port}/metrics`, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(await head.text(), '');
    } finally {
      await ops.close();
    }
  });

  it('fails to start when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = blocker.address() as { port: number };
      await assert.rejects(
        startOpsServer({ host: '127.0.0.1', port, log: captureLogger().log, ready: async () => ({}) }),
        /EADDRINUSE/,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('stops accepting connections after close', async () => {
    const ops = await startOpsServer({ host: '127.0.0.1', port: 0, log: captureLogger().log, ready: async () => ({}) });
    await get(ops.port, '/healthz');
    await ops.close();
    await assert.rejects(fetch(`http://127.0.0.1:${ops.port}/healthz`));
  });
});
