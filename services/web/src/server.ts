import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';

/** Where the app lives; every other path is 404 (the gateway routes /api and the rest). */
export const BASE = '/app';

export interface WebAppOptions {
  /** The built app: index.html and assets/ (Vite's hashed files). */
  distDir: string;
  /** Extra origins of CSP connect-src and media-src (the object store's public origin). */
  connectSources: string[];
}

/** The build command named when the built app is missing. */
export const BUILD_COMMAND = 'pnpm --filter @tp/web build (or make up, which builds it)';

export class MissingBuildError extends Error {
  constructor(distDir: string) {
    super(`The web app is not built: ${join(distDir, 'index.html')} does not exist. Build it with: ${BUILD_COMMAND}`);
    this.name = 'MissingBuildError';
  }
}

export function contentSecurityPolicy(sources: string[]): string {
  const extra = sources.map((source) => ` ${source}`).join('');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${extra}`,
    `media-src 'self' blob:${extra}`,
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
  ].join('; ');
}

function securityHeaders(sources: string[]): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(sources),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

function answer(res: ServerResponse, status: number, headers: Record<string, string> = {}, body = ''): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache', ...headers });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** The path's segments decoded; undefined when it cannot be decoded or tries to leave its folder. */
function safePath(rawPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return undefined;
  return decoded;
}

/**
 * The app's request handler: GET and HEAD only, under /app/ only. /app/assets/* are Vite's hashed
 * files (cached for a year, a missing one is 404); any other path under /app/ is index.html (the
 * client routes), never cached without asking again.
 */
export function createWebApp(options: WebAppOptions): RequestListener {
  const indexFile = join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) throw new MissingBuildError(options.distDir);
  const index = readFileSync(indexFile);
  const headers = securityHeaders(options.connectSources);
  const assets = sirv(options.distDir, {
    dev: false,
    etag: true,
    immutable: true,
    maxAge: 31_536_000,
    dotfiles: false,
    extensions: [],
    gzip: false,
    brotli: false,
  });
  return (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      answer(res, 405, { Allow: 'GET, HEAD' }, 'Method not allowed\n');
      return;
    }
    const raw = req.url ?? '/';
    const queryAt = raw.indexOf('?');
    const rawPath = queryAt < 0 ? raw : raw.slice(0, queryAt);
    const query = queryAt < 0 ? '' : raw.slice(queryAt);
    if (rawPath === BASE) {
      answer(res, 308, { Location: `${BASE}/${query}` }, `${BASE}/\n`);
      return;
    }
    const path = rawPath.startsWith(`${BASE}/`) ? safePath(rawPath) : undefined;
    if (path === undefined) {
      answer(res, 404, {}, 'Not found\n');
      return;
    }
    if (path.startsWith(`${BASE}/assets/`)) {
      req.url = rawPath.slice(BASE.length);
      // sirv keeps a header set before it (its own spelling has no spaces).
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      assets(req, res, () => answer(res, 404, {}, 'Not found\n'));
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': String(index.length),
      'Cache-Control': 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : index);
  };
}
