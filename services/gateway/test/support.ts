import assert from 'node:assert/strict';
import { it } from 'node:test';
import { loadConfig } from '@tp/config';
import { AppError, type ErrorCode, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@tp/errors';
import { createLogger, type Logger } from '@tp/logging';
import { ALL_SCOPES, type Scope } from '@tp/scopes';
import { createTestBusNamespace, type TestBusNamespace, testPki, testServiceKeys } from '@tp/testing';
import { GatewayConfigSchema } from '../src/config.ts';
import { type RunningGateway, startGatewayService } from '../src/service.ts';
import { type BackendName, type FakeBackends, type FakeHandlers, startFakeBackends } from './fake-backends.ts';

// Unexpected errors inside the gateway or the fakes still reach the test output.
export const log = createLogger({ service: 'gateway-test', level: 'error' });

export const PUBLIC_BASE_URL = 'https://transcribe.example';

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  // Bodies are checked field by field.
  body: any;
  text: string;
  headers: Headers;
}

export interface TestGateway {
  service: RunningGateway;
  backends: FakeBackends;
  namespace: TestBusNamespace;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  stop(): Promise<void>;
}

export interface TestGatewayOptions {
  /** Another gateway whose backends and NATS namespace this one shares (and leaves to it to stop). */
  beside?: TestGateway;
  /** The clock of the rate limit windows. */
  now?: () => number;
  /** Where its logs go. */
  log?: Logger;
}

/**
 * The real gateway (startGatewayService, on the real NATS) in front of fake backends. `env`
 * overrides its settings, e.g. a backend address where nothing listens.
 */
export async function startTestGateway(
  env: Record<string, string> = {},
  options: TestGatewayOptions = {},
): Promise<TestGateway> {
  const { beside } = options;
  const namespace = beside?.namespace ?? createTestBusNamespace();
  const backends = beside?.backends ?? (await startFakeBackends(log));
  const { addresses } = backends;
  const config = loadConfig(GatewayConfigSchema, {
    HOST: '127.0.0.1',
    PORT: '0',
    OPS_PORT: '0',
    PUBLIC_BASE_URL,
    ACCOUNTS_GRPC_ADDR: addresses.accounts,
    MEDIA_GRPC_ADDR: addresses.media,
    BILLING_GRPC_ADDR: addresses.billing,
    ARTIFACTS_GRPC_ADDR: addresses.artifacts,
    JOBS_GRPC_ADDR: addresses.jobs,
    SHARES_GRPC_ADDR: addresses.shares,
    WEBHOOKS_GRPC_ADDR: addresses.webhooks,
    SERVICE_PRIVATE_KEY: testServiceKeys().privateKeys.gateway,
    ...testPki().env('gateway'),
    // An upper bound only: the fakes answer at once.
    BACKEND_DEADLINE_MS: '60000',
    // Every request asks accounts, so each test's credentials decide.
    AUTH_CACHE_TTL_MS: '0',
    // Nor are reads kept: each test's fake answers decide (read-cache.test.ts has the cache on).
    READ_CACHE_MAX_ENTRIES: '0',
    ...(await namespace.serviceEnv('gateway')),
    ...env,
  });
  let service: RunningGateway;
  try {
    service = await startGatewayService(config, options.log ?? log, options.now ? { now: options.now } : {});
  } catch (err) {
    if (!beside) await backends.stop();
    throw err;
  }
  return {
    service,
    backends,
    namespace,
    call: (method, path, callOptions) => call(service.url, method, path, callOptions),
    async stop() {
      await service.stop();
      if (beside) return;
      await backends.stop();
      await namespace.cleanup();
    },
  };
}

async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}

/** The error envelope: `{detail:{code,message,...details}}`, with the status of the code. */
export function assertError(
  res: CallResult,
  status: number,
  code: string,
  message: string | RegExp,
  details: Record<string, unknown> = {},
): void {
  assert.equal(res.status, status, res.text);
  const { code: sentCode, message: sentMessage, ...sentDetails } = res.body?.detail ?? {};
  assert.equal(sentCode, code, res.text);
  if (typeof message === 'string') assert.equal(sentMessage, message);
  else assert.match(sentMessage, message);
  // service_unavailable always says when to retry, in detail and in the header (ADR 0038).
  const expected =
    code === 'service_unavailable' ? { retry_after_seconds: UNAVAILABLE_RETRY_AFTER_SECONDS, ...details } : details;
  assert.deepEqual(sentDetails, expected);
  if (code === 'service_unavailable')
    assert.equal(res.headers.get('retry-after'), String(expected.retry_after_seconds));
}

/** A 422 in FastAPI's HTTPValidationError shape, with exactly these issues. */
export function assertValidation(res: CallResult, detail: { loc: (string | number)[]; msg: string; type: string }[]) {
  assert.equal(res.status, 422, res.text);
  assert.deepEqual(res.body, { detail });
}

export interface RouteCase {
  method: string;
  path: string;
  /** The scope the route requires, or `app_session` for the app-only routes. */
  access: Scope | 'app_session';
  /** A valid request body, for routes that take one. */
  body?: unknown;
  /** The status of a successful call (the backends it needs faked by the test). */
  status: number;
}

/**
 * The route refuses a missing or unknown credential (401), a token without its scope (403
 * insufficient_scope) or any token on an app-only route (403 pat_route_not_allowed), and
 * serves a caller that has exactly what it requires.
 */
export async function assertAccess(gateway: TestGateway, route: RouteCase): Promise<void> {
  const send = (token?: string) =>
    gateway.call(route.method, route.path, { ...(token ? { token } : {}), body: route.body });
  const missing = await send();
  assertError(missing, 401, 'invalid_api_key', /^Missing access token/);
  assert.equal(missing.headers.get('www-authenticate'), 'Bearer');
  assertError(
    await send('tsk_unknown'),
    401,
    'invalid_api_key',
    'The access token is missing, invalid, expired or revoked.',
  );
  const { backends } = gateway;
  if (route.access === 'app_session') {
    assertError(
      await send(backends.pat(ALL_SCOPES)),
      403,
      'pat_route_not_allowed',
      'Personal access tokens cannot call this endpoint; sign in to the app instead.',
    );
  } else {
    const scope = route.access;
    assertError(
      await send(backends.pat(ALL_SCOPES.filter((s) => s !== scope))),
      403,
      'insufficient_scope',
      `This endpoint requires the ${scope} scope, which the token does not have.`,
      { required_scope: scope },
    );
    const enough = await send(backends.pat([scope]));
    assert.equal(enough.status, route.status, enough.text);
  }
  const session = await send(backends.appSession());
  assert.equal(session.status, route.status, session.text);
}

/** A backend's error code, and the HTTP status and message the gateway answers it with. */
export type MappedError = readonly [code: ErrorCode, status: number, message: string];

/** What every backend call can fail with: the backend down, or too slow. */
export const TRANSPORT_ERRORS: readonly MappedError[] = [
  ['service_unavailable', 503, 'A backend service is unavailable; retry later.'],
  ['upstream_timeout', 504, 'A backend service did not answer in time.'],
];

/**
 * One test per code: the backend `method` throws `AppError(code)`, and the route `call` reaches
 * answers its status with `{detail: {code, message}}`.
 */
export function itMapsBackendErrors(
  gateway: () => TestGateway,
  failing: { backend: BackendName; method: string },
  cases: readonly MappedError[],
  call: (gateway: TestGateway) => Promise<CallResult>,
): void {
  for (const [code, status, message] of cases) {
    it(`${code} from ${failing.backend} is ${status} ${code}`, async () => {
      const fail = async () => {
        throw new AppError(code);
      };
      gateway().backends.use({ [failing.backend]: { [failing.method]: fail } } as FakeHandlers);
      assertError(await call(gateway()), status, code, message);
    });
  }
}

/**
 * One test per route: no credential or an unknown one is 401, a token without the scope (or any
 * token on an app-session route) is 403, and exactly the required access succeeds.
 */
export function itChecksAccess(gateway: () => TestGateway, routes: readonly RouteCase[]): void {
  for (const route of routes) {
    it(`${route.method} ${route.path} requires ${route.access}`, () => assertAccess(gateway(), route));
  }
}
