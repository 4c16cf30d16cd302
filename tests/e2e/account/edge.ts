// The gateway's public edge: validation errors in the HTTPValidationError shape (limits, malformed
// and missing bodies, wrong types, a body too large), authentication before the body, unknown
// routes and methods, /openapi.json valid with the scope of every operation, request ids and the
// public health probes; then, alone and last (edgeWithoutAccountsTests), accounts stopped: 503
// without internals, and no unchecked credential let through.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import { call } from '../support/http.ts';
import { world } from './world.ts';

let session: string;

const noStack = (text: string) => {
  assert.ok(!/\bat .+\.(ts|js):\d+/.test(text), `stack trace leaked: ${text}`);
  assert.ok(!text.includes('node_modules'), text);
};

export function edgeTests(): void {
  describe('the public edge', { concurrency: false }, () => {
    before(async () => {
      assert.equal(
        (await world.fleet.tsctl('users', 'create', '--email', 'edge@example.com', '--password', 'edge password 123'))
          .code,
        0,
      );
      const res = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/auth/sessions', {
        body: { email: 'edge@example.com', password: 'edge password 123' },
      });
      session = res.body.data.session_token;
    });
    describe('validation errors are 422 HTTPValidationError', validationErrors);
    describe('unknown routes and methods', unknownRoutes);
    describe('/openapi.json', openApiDocument);
    describe('request ids and health', requestIdsAndHealth);
  });
}

/** Stops accounts for good: the fleet's last test. */
export function edgeWithoutAccountsTests(): void {
  describe('when accounts is down', whenAccountsIsDown);
}

function validationErrors(): void {
  it('for limit outside 1..200 and non-numbers', async () => {
    for (const [limit, type] of [
      ['0', 'greater_than_equal'],
      ['201', 'less_than_equal'],
      ['-5', 'greater_than_equal'],
      ['abc', 'int_parsing'],
    ]) {
      const res = await call(world.fleet.gatewayUrl, 'GET', `/api/v1/auth/tokens?limit=${limit}`, { token: session });
      assert.equal(res.status, 422, res.text);
      assert.deepEqual(res.body.detail[0].loc, ['query', 'limit']);
      assert.equal(res.body.detail[0].type, type);
      assert.equal(typeof res.body.detail[0].msg, 'string');
    }
    assert.equal(
      (await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/tokens?limit=200', { token: session })).status,
      200,
    );
    assert.equal(
      (await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/tokens?limit=1', { token: session })).status,
      200,
    );
  });

  it('for malformed JSON, a missing body and wrong field types', async () => {
    const malformed = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/auth/sessions', {
      rawBody: '{"email": "edge@example.com",',
    });
    assert.equal(malformed.status, 422);
    assert.deepEqual(malformed.body, {
      detail: [{ loc: ['body'], msg: 'JSON decode error: the body is not valid JSON', type: 'json_invalid' }],
    });
    noStack(malformed.text);

    const missing = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/auth/sessions');
    assert.equal(missing.status, 422);
    assert.deepEqual(missing.body.detail, [{ loc: ['body'], msg: 'Field required', type: 'missing' }]);

    const wrong = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/auth/sessions', {
      body: { email: 42, password: 'x', surprise: 1 },
    });
    assert.equal(wrong.status, 422);
    const locs = wrong.body.detail.map((d: { loc: string[] }) => d.loc.join('.'));
    assert.deepEqual(locs.sort(), ['body.email', 'body.surprise']);
  });

  it('authenticates before reading a body: no token and malformed JSON is a 401', async () => {
    const res = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/auth/tokens', { rawBody: '{"name": ' });
    assert.equal(res.status, 401);
    assert.equal(res.body.detail.code, 'invalid_api_key');
  });

  it('for a body that is too large: 413 in the error envelope', async () => {
    const res = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/auth/sessions', {
      rawBody: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    assert.equal(res.status, 413);
    assert.equal(res.body.detail.code, 'payload_too_large');
  });
}

function unknownRoutes(): void {
  it('404 route_not_found in the error envelope', async () => {
    for (const path of ['/api/v1/nope', '/api/v2/models', '/']) {
      const res = await call(world.fleet.gatewayUrl, 'GET', path);
      assert.equal(res.status, 404);
      assert.equal(res.body.detail.code, 'route_not_found');
    }
  });

  it('405 with Allow on a known path', async () => {
    const res = await call(world.fleet.gatewayUrl, 'PUT', '/api/v1/models');
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'GET');
    assert.equal(res.body.detail.code, 'method_not_allowed');
  });
}

function openApiDocument(): void {
  it('is a valid OpenAPI 3.1 document naming the scope of every operation', async () => {
    const res = await call(world.fleet.gatewayUrl, 'GET', '/openapi.json');
    assert.equal(res.status, 200);
    const result = await new Validator().validate(res.body);
    assert.equal(result.valid, true, JSON.stringify(result.errors));
    for (const [path, ops] of Object.entries(
      res.body.paths as Record<string, Record<string, Record<string, unknown>>>,
    )) {
      for (const [method, op] of Object.entries(ops)) assert.ok('x-required-scope' in op, `${method} ${path}`);
    }
    assert.equal(res.body.paths['/api/v1/account/features'].get['x-required-scope'], 'account:read');
  });
}

function requestIdsAndHealth(): void {
  it('echoes a sane X-Request-Id and makes one otherwise', async () => {
    const echoed = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/models', {
      headers: { 'x-request-id': 'client-abc-1' },
    });
    assert.equal(echoed.headers.get('x-request-id'), 'client-abc-1');
    const made = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/models', {
      headers: { 'x-request-id': 'bad id!' },
    });
    assert.match(made.headers.get('x-request-id')!, /^req_[0-9a-f]{32}$/);
  });

  it('answers /healthz and /readyz with a status and nothing of what it depends on', async () => {
    assert.deepEqual((await call(world.fleet.gatewayUrl, 'GET', '/healthz')).body, { status: 'ok' });
    const ready = await call(world.fleet.gatewayUrl, 'GET', '/readyz');
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.body, { status: 'ready' });
  });
}

function whenAccountsIsDown(): void {
  it('answers 503 service_unavailable without internals, and lets no unchecked credential through', async () => {
    const token = (
      await world.fleet.tsctl('tokens', 'create', '--email', 'edge@example.com', '--preset', 'read-only')
    ).stdout.trim();
    await world.fleet.stopService('accounts');
    // A credential the gateway has not seen cannot be checked: it must not get through.
    const res = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/devices', { token });
    assert.equal(res.status, 503, res.text);
    assert.equal(res.body.detail.code, 'service_unavailable');
    noStack(res.text);
    const anonymous = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/models', { token: 'tsk_definitelynotvalid' });
    assert.equal(anonymous.status, 503);
    assert.equal(anonymous.body.detail.code, 'service_unavailable');
    noStack(anonymous.text);
  });
}
