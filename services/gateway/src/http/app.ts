import express, { type RequestHandler } from 'express';
import { REQUEST_ID_HEADER, requestIdFrom, withRequestId, type Logger } from '@tp/logging';
import { httpServerMetrics } from '@tp/metrics';
import { withIncomingHttpSpan } from '@tp/telemetry';
import type { Authenticate } from '../auth/authenticator.ts';
import { type EdgeLimits, NO_EDGE_LIMITS } from '../limits/edge-limits.ts';
import { COMPAT_PREFIX, compatErrors } from '../routes/ai/compat-errors.ts';
import { errorHandler, notFoundHandler } from './errors.ts';
import { loggablePath } from './loggable-path.ts';
import { type MountOptions, mountMethodNotAllowed, mountRoute } from './mount.ts';
import { type AnyRoute, DEFAULT_JSON_LIMIT_BYTES } from './route.ts';
import { mountWebApp, type WebAppOptions } from './web-app.ts';

export interface GatewayAppOptions {
  routes: AnyRoute[];
  authenticate: Authenticate;
  log: Logger;
  openApiDocument: unknown;
  /** Public JSON documents served as they are (e.g. the transcript JSON Schema). */
  documents?: Record<string, unknown>;
  /** Whether the gateway should get traffic; the checks behind it are on the ops port only. */
  ready: () => Promise<boolean>;
  /** Largest JSON body accepted. */
  jsonLimitBytes?: number;
  /** Rate limits (none when absent). */
  limits?: EdgeLimits;
  /** Express's `trust proxy`: which peers' X-Forwarded-For names the client address. */
  trustProxy?: string | boolean | number;
  /** Told when a caller's write is done (the read cache forgets what it may have changed). */
  afterWrite?: MountOptions['afterWrite'];
  /** The web service (WEB_URL) that /app is forwarded to; absent, /app and / are unknown paths. */
  webApp?: WebAppOptions;
}

/** Request id in and out, one span and one access-log line per request. */
function requestScope(log: Logger): RequestHandler {
  return (req, res, next) => {
    const path = loggablePath(req.path);
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    res.setHeader('X-Request-Id', requestId);
    const startedAt = process.hrtime.bigint();
    void withRequestId(requestId, () =>
      withIncomingHttpSpan(
        req.headers,
        { name: `${req.method} ${path}`, attributes: { 'http.request.method': req.method, 'url.path': path } },
        (span) => {
          // The span lasts until the response is done, so the promise settles on finish or close.
          const done = new Promise<void>((resolve) => {
            res.once('close', () => {
              span.setAttribute('http.response.status_code', res.statusCode);
              const ms = Number(process.hrtime.bigint() - startedAt) / 1e6;
              log.info(
                {
                  method: req.method,
                  path,
                  status: res.statusCode,
                  ms: Math.round(ms * 10) / 10,
                  ua: req.headers['user-agent'],
                },
                'request',
              );
              resolve();
            });
          });
          next();
          return done;
        },
      ),
    );
  };
}

export function createGatewayApp(options: GatewayAppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.set('trust proxy', options.trustProxy ?? false);
  // Request durations by route template, served on the ops port's /metrics (ADR 0030).
  app.use(httpServerMetrics());
  app.use(requestScope(options.log));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Public: ready or not, nothing about what the gateway depends on (the ops port has the checks).
  app.get('/readyz', async (_req, res) => {
    const ready = await options.ready().catch(() => false);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready' });
  });
  // Serialized once: the document is half a megabyte and never changes while the gateway runs.
  const openApiText = JSON.stringify(options.openApiDocument);
  app.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(openApiText);
  });
  for (const [path, document] of Object.entries(options.documents ?? {})) {
    app.get(path, (_req, res) => {
      res.type('application/schema+json').send(JSON.stringify(document));
    });
  }

  if (options.webApp) mountWebApp(app, options.webApp, options.limits ?? NO_EDGE_LIMITS, options.log);

  // Errors of the OpenAI-compatible routes also carry the contract's shape (ADR 0020).
  app.use(COMPAT_PREFIX, compatErrors());
  const api = express.Router({ caseSensitive: true, strict: false });
  const mount = {
    authenticate: options.authenticate,
    limits: options.limits ?? NO_EDGE_LIMITS,
    jsonLimitBytes: options.jsonLimitBytes ?? DEFAULT_JSON_LIMIT_BYTES,
    afterWrite: options.afterWrite,
  };
  for (const route of options.routes) mountRoute(api, route, mount);
  mountMethodNotAllowed(api, options.routes);
  app.use(api);

  app.use(notFoundHandler());
  app.use(errorHandler(options.log));
  return app;
}
