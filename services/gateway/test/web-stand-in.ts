// A minimal stand-in for the web service (services/web) on loopback: a page, a file, a redirect
// and a path that never answers, with the headers the real one sends. It records what it was asked.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const APP_CSP =
  "default-src 'self'; script-src 'self'; connect-src 'self' https://s3.example; frame-ancestors 'none'";

const PAGE = '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>';
const PAGE_ETAG = '"page-1"';
const SECURITY_HEADERS = {
  'Content-Security-Policy': APP_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // Headers the gateway must not pass on.
  'Set-Cookie': 'tracking=1',
  'X-Served-By': 'stand-in',
};

export interface StandInWebService {
  url: string;
  requests: { method: string; url: string; headers: IncomingHttpHeaders }[];
  stop(): Promise<void>;
}

function answerPage(ifNoneMatch: string | undefined, res: ServerResponse): void {
  const headers = {
    ...SECURITY_HEADERS,
    'Cache-Control': 'no-cache',
    ETag: PAGE_ETAG,
    'Last-Modified': 'Wed, 01 Jan 2025 00:00:00 GMT',
  };
  if (ifNoneMatch === PAGE_ETAG) {
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
}

export async function startStandInWebService(): Promise<StandInWebService> {
  const requests: StandInWebService['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const path = (req.url ?? '').split('?')[0];
    if (path === '/app/hang') return;
    if (path === '/app' || path === '/app/') return answerPage(req.headers['if-none-match'], res);
    if (path === '/app/old') {
      res.writeHead(301, { Location: `http://${req.headers.host}/app/new?from=old` }).end();
      return;
    }
    if (path === '/app/assets/index-abc.js') {
      res
        .writeHead(200, {
          ...SECURITY_HEADERS,
          'Content-Type': 'text/javascript; charset=utf-8',
          'Cache-Control': 'public, max-age=31536000, immutable',
        })
        .end('console.log("app");');
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A loopback port where nothing listens (bound, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
