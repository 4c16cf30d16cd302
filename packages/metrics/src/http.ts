import type { IncomingMessage, ServerResponse } from 'node:http';
import { HTTP_METRICS } from './catalog.ts';
import { histogram } from './registry.ts';

/** A request as Express hands it on: the route that matched, if any, and the path it is mounted under. */
export interface RoutedRequest extends IncomingMessage {
  route?: { path?: unknown };
  baseUrl?: string;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route's template (`/api/v1/jobs/:job_id`), never the path itself: ids would make a series each. */
export function routeLabel(req: RoutedRequest): string {
  const path = req.route?.path;
  return typeof path === 'string' ? `${req.baseUrl ?? ''}${path}` : 'unmatched';
}

/**
 * Express middleware (first in the chain) that observes every request's duration when its response is
 * done or the client went away: tp_http_server_request_duration_seconds by method, route template and
 * status code (`aborted` when the client left before the answer was sent).
 */
export function httpServerMetrics(): (req: RoutedRequest, res: ServerResponse, next: () => void) => void {
  const durations = histogram(HTTP_METRICS.requestDuration);
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('close', () => {
      durations.observe(
        {
          method: METHODS.has(req.method ?? '') ? req.method : 'OTHER',
          route: routeLabel(req),
          status_code: res.writableFinished ? String(res.statusCode) : 'aborted',
        },
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    });
    next();
  };
}
