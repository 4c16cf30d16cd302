import { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, request } from 'node:http';
import { request as requestTls } from 'node:https';
import { pipeline } from 'node:stream/promises';
import type { Express, Request, RequestHandler, Response } from 'express';
import { AppError } from '@tp/errors';
import { currentRequestId, type Logger, REQUEST_ID_HEADER } from '@tp/logging';
import type { EdgeLimits } from '../limits/edge-limits.ts';
import { sendAppError } from './errors.ts';
import { loggablePath } from './loggable-path.ts';

/** Where the web app lives on the public port. */
export const APP_PATH = '/app';

/** The web service the gateway forwards /app to (WEB_URL). */
export interface WebAppOptions {
  /** Its origin, e.g. http://transcription-web:8080. */
  url: URL;
  /** Until the web service has answered with its status and headers (connecting included). */
  answerTimeoutMs: number;
  /** The whole exchange, body included (0: no limit). */
  timeoutMs: number;
}

/** What of the browser's request the web service sees; never a credential (authorization, cookies, x-api-key). */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-encoding',
  'accept-language',
  'if-none-match',
  'if-modified-since',
  'user-agent',
] as const;

/** What of the web service's answer the browser sees: the content, its caching and its security headers. */
const PASSED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'vary',
  'cache-control',
  'expires',
  'etag',
  'last-modified',
  'content-security-policy',
  'content-security-policy-report-only',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'strict-transport-security',
] as const;

const ALLOW = 'GET, HEAD';

function forwardedHeaders(req: Request): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = req.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  const requestId = currentRequestId();
  if (requestId) headers[REQUEST_ID_HEADER] = requestId;
  return headers;
}

/** A redirect of the web service, as the browser may follow it: a path of ours, never the internal origin. */
function publicLocation(location: string, origin: URL): string | undefined {
  if (location.startsWith('/') && !location.startsWith('//')) return location;
  try {
    const target = new URL(location);
    return target.origin === origin.origin ? `${target.pathname}${target.search}` : undefined;
  } catch {
    return undefined;
  }
}

function passedHeaders(upstream: IncomingHttpHeaders, origin: URL): OutgoingHttpHeaders {
  const headers: Record<string, string | string[]> = {};
  for (const name of PASSED_RESPONSE_HEADERS) {
    const value = upstream[name];
    if (value !== undefined) headers[name] = value;
  }
  const location = upstream.location && publicLocation(upstream.location, origin);
  if (location) headers.location = location;
  return headers;
}

class AppTimeout extends Error {}

/** Sends the request to the web service; resolves with its answer (headers in), or rejects. */
function fetchFromWebService(req: Request, res: Response, options: WebAppOptions): Promise<IncomingMessage> {
  const { url } = options;
  const send = url.protocol === 'https:' ? requestTls : request;
  const outgoing = send({
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port || undefined,
    method: req.method,
    path: req.originalUrl,
    headers: forwardedHeaders(req),
  });
  const timers: NodeJS.Timeout[] = [];
  const fail = (err: Error) => outgoing.destroy(err);
  const stopTimers = () => {
    for (const timer of timers) clearTimeout(timer);
  };
  if (options.timeoutMs > 0) timers.push(setTimeout(() => fail(new AppTimeout('exchange')), options.timeoutMs));
  // The browser left: nothing more to fetch.
  res.once('close', () => {
    stopTimers();
    if (!res.writableFinished) outgoing.destroy();
  });
  outgoing.once('close', stopTimers);
  return new Promise<IncomingMessage>((resolve, reject) => {
    const answerTimer = setTimeout(() => fail(new AppTimeout('answer')), options.answerTimeoutMs);
    outgoing.once('response', (answer) => {
      clearTimeout(answerTimer);
      resolve(answer);
    });
    outgoing.once('error', (err) => {
      clearTimeout(answerTimer);
      reject(err);
    });
    outgoing.end();
  });
}

/** GET and HEAD of /app and /app/*: the web service's answer, streamed; nothing else of it. */
function forwardToWebService(options: WebAppOptions, limits: EdgeLimits, log: Logger): RequestHandler {
  const admitted = { rateClass: 'app' as const, checksCredential: false };
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', ALLOW);
      sendAppError(res, new AppError('method_not_allowed', `${req.method} is not allowed here; use ${ALLOW}.`));
      return;
    }
    await limits.admit(req, res, admitted, async () => null);
    let answer: IncomingMessage;
    try {
      answer = await fetchFromWebService(req, res, options);
    } catch (err) {
      if (res.destroyed) return;
      const timedOut = err instanceof AppTimeout;
      log.warn({ err, path: loggablePath(req.path), timedOut }, 'web app: the web service did not answer');
      throw timedOut
        ? new AppError('upstream_timeout', 'The web app did not answer in time; retry later.')
        : new AppError('app_unavailable');
    }
    res.writeHead(answer.statusCode ?? 502, passedHeaders(answer.headers, options.url));
    // A failure after the headers went out can only cut the answer short (pipeline destroys both).
    await pipeline(answer, res).catch(() => undefined);
  };
}

/** Mounts the web app's routes: / → /app/, and /app forwarded to the web service. */
export function mountWebApp(app: Express, options: WebAppOptions, limits: EdgeLimits, log: Logger): void {
  app.get('/', (_req, res) => {
    res.redirect(302, `${APP_PATH}/`);
  });
  const forward = forwardToWebService(options, limits, log);
  app.all(APP_PATH, forward);
  app.all(`${APP_PATH}/{*path}`, forward);
}
