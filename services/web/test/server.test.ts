import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '@tp/config';
import { createLogger } from '@tp/logging';
import { WebConfigSchema } from '../src/config.ts';
import { type RunningWeb, startWebService } from '../src/service.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request (fetch would normalise the path before it leaves). */
function send(port: number, path: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const INDEX = '<!doctype html><title>app</title><script type="module" src="/app/assets/index-abc123.js"></script>';
const SOURCES = 'https://s3.example.com, http://127.0.0.1:9000';
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; " +
  "connect-src 'self' https://s3.example.com http://127.0.0.1:9000; " +
  "media-src 'self' blob: https://s3.example.com http://127.0.0.1:9000; base-uri 'none'; form-action 'self'; " +
  "frame-ancestors 'none'; manifest-src 'self'";

function writeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tp-web-'));
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets/index-abc123.js'), 'console.log("app");\n');
  writeFileSync(join(dist, 'assets/index-abc123.css'), 'body { color: black; }\n');
  writeFileSync(join(dist, '.build-hash'), 'abc\n');
  writeFileSync(join(dir, 'secret.txt'), 'outside the dist folder\n');
  return dist;
}

function config(dist: string, sources = SOURCES) {
  return loadConfig(WebConfigSchema, {
    PORT: '0',
    OPS_PORT: '0',
    WEB_DIST_DIR: dist,
    WEB_CONNECT_SOURCES: sources,
    LOG_LEVEL: 'silent',
  });
}

const log = createLogger({ service: 'web', level: 'silent' });

let dist: string;
let web: RunningWeb;
before(async () => {
  dist = writeDist();
  web = await startWebService(config(dist), log);
});
after(async () => {
  await web?.stop();
  rmSync(join(dist, '..'), { recursive: true, force: true });
});

describe('the web server: the app and its assets', () => {
  it('answers index.html for the app and its client routes, never cached, with the security headers', async () => {
    for (const path of ['/app/', '/app/sign-in', '/app/account/api-access?x=1', '/app/assets']) {
      const answer = await send(web.port, path);
      assert.equal(answer.status, 200, path);
      assert.equal(answer.body, INDEX, path);
      assert.equal(answer.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(answer.headers['cache-control'], 'no-cache');
      assert.equal(answer.headers['content-security-policy'], CSP);
      assert.equal(answer.headers['x-content-type-options'], 'nosniff');
      assert.equal(answer.headers['referrer-policy'], 'no-referrer');
      assert.equal(answer.headers['cross-origin-opener-policy'], 'same-origin');
    }
  });

  it('serves hashed assets cached for a year with their content types, and HEAD without a body', async () => {
    const js = await send(web.port, '/app/assets/index-abc123.js');
    assert.equal(js.status, 200);
    assert.equal(js.body, 'console.log("app");\n');
    assert.match(String(js.headers['content-type']), /^text\/javascript/);
    assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(js.headers['content-security-policy'], CSP);
    const css = await send(web.port, '/app/assets/index-abc123.css', 'HEAD');
    assert.equal(css.status, 200);
    assert.equal(css.body, '');
    assert.match(String(css.headers['content-type']), /^text\/css/);
  });

  it('answers 404 for a missing asset and outside /app, and redirects /app to /app/', async () => {
    for (const path of ['/app/assets/index-missing.js', '/app/assets/', '/', '/api/v1/models', '/application']) {
      const answer = await send(web.port, path);
      assert.equal(answer.status, 404, path);
      assert.notEqual(answer.body, INDEX, path);
      assert.equal(answer.headers['content-security-policy'], CSP, path);
    }
    const redirect = await send(web.port, '/app?next=1');
    assert.equal(redirect.status, 308);
    assert.equal(redirect.headers.location, '/app/?next=1');
    assert.equal(redirect.headers['x-content-type-options'], 'nosniff');
  });
});

describe('the web server: refusals and ops', () => {
  it('refuses path traversal', async () => {
    for (const path of [
      '/app/assets/../../secret.txt',
      '/app/assets/%2e%2e/%2e%2e/secret.txt',
      '/app/assets/..%2f..%2fsecret.txt',
      '/app/assets/%2e%2e%5c..%5csecret.txt',
      '/app/assets/.build-hash',
      '/app/assets/../.build-hash',
      '/app/../secret.txt',
      '/app/%00',
    ]) {
      const answer = await send(web.port, path);
      assert.equal(answer.status, 404, path);
      assert.doesNotMatch(answer.body, /outside the dist folder|abc/, path);
    }
  });

  it('takes only GET and HEAD', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const answer = await send(web.port, '/app/', method);
      assert.equal(answer.status, 405, method);
      assert.equal(answer.headers.allow, 'GET, HEAD');
      assert.equal(answer.headers['content-security-policy'], CSP);
    }
  });

  it('is ready on its ops port, with metrics there', async () => {
    const ready = await send(web.opsPort, '/readyz');
    assert.equal(ready.status, 200);
    assert.equal((await send(web.opsPort, '/healthz')).status, 200);
    const metrics = await send(web.opsPort, '/metrics');
    assert.equal(metrics.status, 200);
    assert.match(metrics.body, /process_/);
  });
});

describe('the web configuration', () => {
  it('refuses to start without a build, naming the build command', async () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'tp-web-')), 'dist');
    await assert.rejects(startWebService(config(missing), log), /not built.*pnpm --filter @tp\/web build/s);
  });

  it('takes only http(s) origins as connect sources, and none by default', () => {
    assert.deepEqual(config('/tmp/dist', '').WEB_CONNECT_SOURCES, []);
    assert.deepEqual(config('/tmp/dist', 'https://a.example.com/,http://b:9000').WEB_CONNECT_SOURCES, [
      'https://a.example.com',
      'http://b:9000',
    ]);
    for (const bad of [
      'ftp://a.example.com',
      'https://a.example.com/path',
      's3.example.com',
      "https://a.com 'unsafe-inline'",
    ]) {
      assert.throws(() => config('/tmp/dist', bad), /WEB_CONNECT_SOURCES/, bad);
    }
  });
});
