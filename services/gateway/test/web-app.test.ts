// The web app under /app (WEB_URL): the gateway forwards GET and HEAD to the web service and streams
// its answer back with its caching and security headers, and nothing of the caller's credentials.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import { assertError, startTestGateway, type TestGateway } from './support.ts';
import { APP_CSP, freePort, startStandInWebService, type StandInWebService } from './web-stand-in.ts';

let web: StandInWebService;
let gateway: TestGateway;
let down: TestGateway;
let unset: TestGateway;
let limited: TestGateway;
before(async () => {
  web = await startStandInWebService();
  // The stand-in's /app/hang never answers: a short wait for its headers.
  gateway = await startTestGateway({ WEB_URL: web.url, HTTP_HEADERS_TIMEOUT_MS: '1000' });
  down = await startTestGateway({ WEB_URL: `http://127.0.0.1:${await freePort()}` }, { beside: gateway });
  unset = await startTestGateway({}, { beside: gateway });
  limited = await startTestGateway(
    {
      WEB_URL: web.url,
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_IP: JSON.stringify({ app: { limit: 2, window_seconds: 60 } }),
    },
    { beside: gateway },
  );
});
after(async () => {
  await limited?.stop();
  await unset?.stop();
  await down?.stop();
  await gateway?.stop();
  await web?.stop();
});

/** The headers the stand-in saw on its last request. */
const seen = (): IncomingHttpHeaders => web.requests.at(-1)?.headers ?? {};

describe('forwarding GET and HEAD of /app', () => {
  it('streams the page back with its content type, caching and security headers', async () => {
    const res = await gateway.call('GET', '/app/');
    assert.equal(res.status, 200);
    assert.match(res.text, /<div id="root">/);
    assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(res.headers.get('content-security-policy'), APP_CSP);
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    assert.equal(res.headers.get('etag'), '"page-1"');
    assert.equal(res.headers.get('last-modified'), 'Wed, 01 Jan 2025 00:00:00 GMT');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
    assert.equal(res.headers.get('set-cookie'), null, 'nothing else of the web service');
    assert.equal(res.headers.get('x-served-by'), null);
    assert.ok(res.headers.get('x-request-id'));
    assert.equal(seen()['x-request-id'], res.headers.get('x-request-id'));
  });

  it('forwards /app and files under it, with their query', async () => {
    const bare = await gateway.call('GET', '/app');
    assert.equal(bare.status, 200);
    assert.equal(web.requests.at(-1)?.url, '/app');
    const asset = await gateway.call('GET', '/app/assets/index-abc.js?v=2&lang=en%20GB');
    assert.equal(asset.status, 200);
    assert.equal(asset.text, 'console.log("app");');
    assert.equal(asset.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(web.requests.at(-1)?.url, '/app/assets/index-abc.js?v=2&lang=en%20GB');
  });

  it('answers HEAD with the headers alone', async () => {
    const res = await gateway.call('HEAD', '/app/');
    assert.equal(res.status, 200);
    assert.equal(res.text, '');
    assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(res.headers.get('content-security-policy'), APP_CSP);
    assert.equal(web.requests.at(-1)?.method, 'HEAD');
  });

  it('passes a revalidation through: 304 with the validators', async () => {
    const res = await gateway.call('GET', '/app/', { headers: { 'if-none-match': '"page-1"' } });
    assert.equal(res.status, 304);
    assert.equal(res.text, '');
    assert.equal(res.headers.get('etag'), '"page-1"');
    assert.equal(seen()['if-none-match'], '"page-1"');
  });

  it('forwards what content negotiation needs and never a credential', async () => {
    await gateway.call('GET', '/app/', {
      token: 'tp_secret_token',
      headers: {
        cookie: 'session=secret',
        'x-api-key': 'tp_other_secret',
        accept: 'text/html',
        'accept-encoding': 'gzip',
        'user-agent': 'web-app-test',
        'if-modified-since': 'Wed, 01 Jan 2025 00:00:00 GMT',
      },
    });
    const headers = seen();
    assert.equal(headers.authorization, undefined);
    assert.equal(headers.cookie, undefined);
    assert.equal(headers['x-api-key'], undefined);
    assert.equal(headers.accept, 'text/html');
    assert.equal(headers['accept-encoding'], 'gzip');
    assert.equal(headers['user-agent'], 'web-app-test');
    assert.equal(headers['if-modified-since'], 'Wed, 01 Jan 2025 00:00:00 GMT');
  });
});

describe('other methods, redirects and the API description', () => {
  it('refuses other methods with 405 and the methods it takes', async () => {
    const count = web.requests.length;
    for (const [method, path] of [
      ['POST', '/app/'],
      ['PUT', '/app'],
      ['DELETE', '/app/assets/index-abc.js'],
    ] as const) {
      const res = await gateway.call(method, path, { body: {} });
      assertError(res, 405, 'method_not_allowed', `${method} is not allowed here; use GET, HEAD.`);
      assert.equal(res.headers.get('allow'), 'GET, HEAD');
    }
    assert.equal(web.requests.length, count, 'none reached the web service');
  });

  it('sends / to /app/', async () => {
    const res = await fetch(`${gateway.service.url}/`, { redirect: 'manual' });
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), '/app/');
  });

  it('keeps redirects of the web service on the public origin', async () => {
    const res = await fetch(`${gateway.service.url}/app/old`, { redirect: 'manual' });
    assert.equal(res.status, 301);
    assert.equal(res.headers.get('location'), '/app/new?from=old');
  });

  it('leaves /app out of the API description', async () => {
    const res = await gateway.call('GET', '/openapi.json');
    assert.equal(res.status, 200);
    assert.deepEqual(
      Object.keys(res.body.paths).filter((path) => path === '/' || path.startsWith('/app')),
      [],
    );
  });
});

describe('the web app’s failures, absence and limits', () => {
  it('is 502 app_unavailable when the web service cannot be reached, 504 when it does not answer', async () => {
    assertError(await down.call('GET', '/app/'), 502, 'app_unavailable', 'The web app is unavailable; retry later.');
    assert.equal((await down.call('HEAD', '/app/')).status, 502);
    assertError(await gateway.call('GET', '/app/hang'), 504, 'upstream_timeout', /did not answer in time/);
  });

  it('has no /app and no / without WEB_URL', async () => {
    for (const path of ['/', '/app', '/app/', '/app/assets/index-abc.js']) {
      assertError(await unset.call('GET', path), 404, 'route_not_found', `No endpoint GET ${path}.`);
    }
  });

  it('counts the app’s files per address in a class of their own', async () => {
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 2; i += 1) assert.equal((await limited.call('GET', '/app/', from('192.0.2.20'))).status, 200);
    const refused = await limited.call('GET', '/app/assets/index-abc.js', from('192.0.2.20'));
    assertError(refused, 429, 'rate_limited', /the app limit is 2 per 60 s/, {
      policy: 'app',
      retry_after_seconds: Number(refused.headers.get('retry-after')),
    });
    assert.equal((await limited.call('GET', '/app/', from('192.0.2.21'))).status, 200);
    assert.equal((await limited.call('GET', '/api/v1/models', from('192.0.2.20'))).status, 200, 'not anonymous');
  });
});
