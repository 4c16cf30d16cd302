import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import express from 'express';
import { createLogger } from '@tp/logging';
import { httpServerMetrics, readScrape, renderMetrics } from './index.ts';

const log = createLogger({ service: 'metrics-test', level: 'silent' });
const NAME = 'tp_http_server_request_duration_seconds';
let server: Server;
let base: string;

before(async () => {
  const app = express();
  app.use(httpServerMetrics());
  const api = express.Router();
  api.get('/jobs/:job_id', (_req, res) => void res.json({ ok: true }));
  api.post('/jobs', (_req, res) => void res.status(500).json({ ok: false }));
  api.get('/slow', (_req, res) => void setTimeout(() => res.end('late'), 2_000));
  app.use('/api/v1', api);
  app.use((_req: express.Request, res: express.Response) => void res.status(404).json({ missing: true }));
  server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const count = async (labels: Record<string, string>) =>
  readScrape(await renderMetrics({ log })).value(`${NAME}_count`, labels);

describe('HTTP request metrics', () => {
  it('label requests with their route template, never the path', async () => {
    for (const id of ['job_1', 'job_2', 'job_3']) assert.equal((await fetch(`${base}/api/v1/jobs/${id}`)).status, 200);
    const scrape = readScrape(await renderMetrics({ log }));
    assert.equal(
      scrape.value(`${NAME}_count`, { method: 'GET', route: '/api/v1/jobs/:job_id', status_code: '200' }),
      3,
    );
    assert.ok(!scrape.text.includes('job_1'), 'no id in any label');
    assert.ok(scrape.value(`${NAME}_sum`, { route: '/api/v1/jobs/:job_id' }) > 0);
  });

  it('counts errors by status and what no route took as unmatched', async () => {
    await fetch(`${base}/api/v1/jobs`, { method: 'POST' });
    await fetch(`${base}/api/v1/nothing/here/42`);
    assert.equal(await count({ method: 'POST', route: '/api/v1/jobs', status_code: '500' }), 1);
    assert.equal(await count({ method: 'GET', route: 'unmatched', status_code: '404' }), 1);
  });

  it('records a request whose client left before the answer as aborted', async () => {
    await assert.rejects(fetch(`${base}/api/v1/slow`, { signal: AbortSignal.timeout(100) }));
    // The server sees the close a moment after the client gave up.
    for (let i = 0; i < 100 && (await count({ route: '/api/v1/slow', status_code: 'aborted' })) === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(await count({ route: '/api/v1/slow', status_code: 'aborted' }), 1);
  });
});
