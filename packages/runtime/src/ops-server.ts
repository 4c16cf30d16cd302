import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpSettings, loadConfig, z } from '@tp/config';
import type { Logger } from '@tp/logging';
import { METRICS_CONTENT_TYPE, renderMetrics } from '@tp/metrics';
import { createHttpServer, type HttpTimeouts, httpTimeouts } from './http-server.ts';

export interface OpsServerOptions {
  host: string;
  port: number;
  log: Logger;
  /** Named dependency checks; the process is ready when every one is true. */
  ready: () => Promise<Record<string, boolean>>;
  /** A check that takes longer counts as not ready (a hung database must not hang the probe). */
  readyTimeoutMs?: number;
  /** The service's `httpSettings()` (default: their defaults). */
  http?: HttpTimeouts;
}

/** The probes take no body: a request that sends one gets 413 and the connection closed. */
function sendsBody(req: IncomingMessage): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

export interface OpsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The probe endpoints every service exposes on its own port, away from the API:
 * `/healthz` says the process is alive (no dependencies, so a database outage does not
 * restart every pod), `/readyz` says it should get traffic, `/metrics` is the process's
 * Prometheus metrics (@tp/metrics, ADR 0030).
 */
export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const { log, ready, readyTimeoutMs = 2000 } = options;

  const timeouts = options.http ?? httpTimeouts(loadConfig(z.object(httpSettings()), {}));
  const server = createHttpServer(timeouts, (req, res) => {
    if (sendsBody(req)) {
      res.setHeader('connection', 'close');
      return send(res, 413, {
        detail: { code: 'payload_too_large', message: 'The request body is too large.' },
      });
    }
    const path = (req.url ?? '/').split('?')[0];
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (isRead && path === '/healthz') return send(res, 200, { status: 'ok' });
    if (isRead && path === '/readyz') {
      void readiness(ready, readyTimeoutMs).then(
        (checks) => {
          const allReady = Object.values(checks).every(Boolean);
          send(res, allReady ? 200 : 503, { status: allReady ? 'ready' : 'not_ready', checks });
        },
        (err: unknown) => {
          log.warn({ err }, 'readiness check failed');
          send(res, 503, { status: 'not_ready', checks: {}, error: err instanceof Error ? err.message : String(err) });
        },
      );
      return;
    }
    if (isRead && path === '/metrics') {
      void renderMetrics({ log }).then(
        (text) => sendText(res, 200, text),
        (err: unknown) => {
          log.error({ err }, 'metrics could not be rendered');
          send(res, 500, { detail: { code: 'internal_error', message: 'The metrics could not be rendered.' } });
        },
      );
      return;
    }
    send(res, 404, { status: 'not_found', detail: { code: 'route_not_found', message: 'No such endpoint.' } });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as { port: number }).port;
  log.info({ host: options.host, port }, 'ops server listening');

  return {
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeIdleConnections();
      }),
  };
}

async function readiness(
  ready: () => Promise<Record<string, boolean>>,
  timeoutMs: number,
): Promise<Record<string, boolean>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`readiness checks took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([ready(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  sendText(res, status, JSON.stringify(body), 'application/json; charset=utf-8');
}

function sendText(res: ServerResponse, status: number, text: string, type = METRICS_CONTENT_TYPE): void {
  res.writeHead(status, {
    'content-type': type,
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}
