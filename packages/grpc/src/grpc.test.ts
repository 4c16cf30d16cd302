import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { credentials, Metadata } from '@grpc/grpc-js';
import { AppError, ERROR_CODES, isAppError } from '@tp/errors';
import { createLogger, currentRequestId, withRequestId } from '@tp/logging';
import { AccountsServiceService, HealthClient, type HealthCheckResponse } from '@tp/proto';
import { checkHealth, createClient, createGrpcServer, type ServiceHandlers, type UnaryMethod } from './index.ts';

/** A logger whose lines land in an array, so tests can read what was logged. */
function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger({ service: 'grpc-test', level: 'debug', destination: { write: (line: string) => void lines.push(JSON.parse(line)) } });
  return { log, lines };
}

function jsonMethod<Req, Res>(path: string): UnaryMethod<Req, Res> {
  return {
    path,
    requestStream: false,
    responseStream: false,
    requestSerialize: (value) => Buffer.from(JSON.stringify(value)),
    requestDeserialize: (bytes) => JSON.parse(bytes.toString()) as Req,
    responseSerialize: (value) => Buffer.from(JSON.stringify(value)),
    responseDeserialize: (bytes) => JSON.parse(bytes.toString()) as Res,
  };
}

const TestService = {
  echo: jsonMethod<{ text: string }, { text: string; requestId: string; scopedRequestId: string | null; deadline: string | null; peer: string; tag: string | null }>(
    '/test.v1.TestService/Echo',
  ),
  fail: jsonMethod<{ kind: 'app' | 'crash' }, Record<string, never>>('/test.v1.TestService/Fail'),
  slow: jsonMethod<{ ms: number }, { done: boolean }>('/test.v1.TestService/Slow'),
};

const testHandlers: ServiceHandlers<typeof TestService> = {
  echo: async ({ text }, ctx) => ({
    text,
    requestId: ctx.requestId,
    scopedRequestId: currentRequestId() ?? null,
    deadline: ctx.deadline?.toISOString() ?? null,
    peer: ctx.peer,
    tag: (ctx.metadata.get('x-tag')[0] as string | undefined) ?? null,
  }),
  fail: async ({ kind }) => {
    if (kind === 'app') throw new AppError('insufficient_scope', 'Needs files:read.', { required_scope: 'files:read' });
    throw new Error('secret database password in stack');
  },
  slow: async ({ ms }, ctx) => {
    await sleep(ms, undefined, { signal: ctx.signal });
    return { done: true };
  },
};

async function startTestServer(handlers = testHandlers) {
  const { log, lines } = captureLogger();
  const server = createGrpcServer({ log });
  server.add(TestService, handlers);
  const port = await server.listen('127.0.0.1', 0);
  return { server, address: `127.0.0.1:${port}`, lines };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(isAppError(err), `expected an AppError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected the call to fail');
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('unary calls', () => {
  let env: Awaited<ReturnType<typeof startTestServer>>;
  let client: ReturnType<typeof createClient<typeof TestService>>;
  before(async () => {
    env = await startTestServer();
    client = createClient(TestService, env.address, { defaultDeadlineMs: 2000 });
  });
  after(async () => {
    client.close();
    await env.server.shutdown(100);
  });

  it('round-trips a ts-proto service with protobuf encoding', async () => {
    const { log } = captureLogger();
    const server = createGrpcServer({ log });
    const unimplemented = Object.fromEntries(
      Object.keys(AccountsServiceService).map((name) => [name, async () => Promise.reject(new AppError('route_not_found'))]),
    ) as unknown as ServiceHandlers<typeof AccountsServiceService>;
    const expiresAt = new Date('2030-01-02T03:04:05.000Z');
    server.add(AccountsServiceService, {
      ...unimplemented,
      authenticate: async ({ credential }) => ({
        principal: { userId: `usr_${credential}`, kind: 'PRINCIPAL_KIND_PERSONAL_ACCESS_TOKEN', scopes: ['files:read'], tokenId: 'tok_1', deviceId: '', expiresAt, features: [] },
      }),
    });
    const port = await server.listen('127.0.0.1', 0);
    const accounts = createClient(AccountsServiceService, `127.0.0.1:${port}`);
    try {
      const { principal } = await accounts.authenticate({ credential: 'abc' });
      assert.equal(principal?.userId, 'usr_abc');
      assert.equal(principal?.kind, 'PRINCIPAL_KIND_PERSONAL_ACCESS_TOKEN');
      assert.deepEqual(principal?.scopes, ['files:read']);
      assert.equal(principal?.expiresAt?.toISOString(), expiresAt.toISOString());
      assert.equal((await rejection(accounts.listFeatures({ userId: 'usr_1' }))).code, 'route_not_found');
    } finally {
      accounts.close();
      await server.shutdown(100);
    }
  });

  it('gives the handler the caller deadline, peer and metadata, and logs the call at debug', async () => {
    const metadata = new Metadata();
    metadata.set('x-tag', 'blue');
    const before = Date.now();
    const res = await client.echo({ text: 'hi' }, { deadlineMs: 3000, metadata });
    assert.equal(res.text, 'hi');
    assert.equal(res.tag, 'blue');
    assert.match(res.peer, /127\.0\.0\.1/);
    const deadline = Date.parse(res.deadline ?? '');
    assert.ok(deadline >= before + 2500 && deadline <= Date.now() + 3000, `deadline ${res.deadline}`);
    assert.equal(metadata.get('x-request-id').length, 0, 'the caller metadata is not modified');
    const line = env.lines.find((l) => l.msg === 'gRPC call' && l.method === '/test.v1.TestService/Echo');
    assert.ok(line, 'a debug line per call');
    assert.equal(line.level, 'debug');
    assert.equal(line.code, 'OK');
    assert.equal(typeof line.ms, 'number');
  });

  it('propagates the current request id to the server and its log scope', async () => {
    const res = await withRequestId('req_from_gateway_1', () => client.echo({ text: 'x' }));
    assert.equal(res.requestId, 'req_from_gateway_1');
    assert.equal(res.scopedRequestId, 'req_from_gateway_1');
  });

  it('makes a request id when the caller has none', async () => {
    const res = await client.echo({ text: 'x' });
    assert.match(res.requestId, /^req_[0-9a-f]{32}$/);
    assert.equal(res.scopedRequestId, res.requestId);
  });

  it('keeps an AppError code, message and details across the wire', async () => {
    const err = await rejection(client.fail({ kind: 'app' }));
    assert.equal(err.code, 'insufficient_scope');
    assert.equal(err.message, 'Needs files:read.');
    assert.deepEqual(err.details, { required_scope: 'files:read' });
    const line = env.lines.find((l) => l.method === '/test.v1.TestService/Fail' && l.code === 'PERMISSION_DENIED');
    assert.ok(line, 'the call is logged with its status');
    assert.ok(!env.lines.some((l) => l.level === 'error' && l.method === '/test.v1.TestService/Fail' && !String(l.err && (l.err as { stack?: string }).stack).includes('secret')), 'an AppError is not logged as an error');
  });

  it('turns an unexpected throw into internal_error without internal text, and logs its stack', async () => {
    const err = await rejection(withRequestId('req_crash_1', () => client.fail({ kind: 'crash' })));
    assert.equal(err.code, 'internal_error');
    assert.equal(err.message, ERROR_CODES.internal_error.message);
    assert.ok(!JSON.stringify({ m: err.message, d: err.details }).includes('secret'));
    const logged = env.lines.find((l) => l.level === 'error' && l.request_id === 'req_crash_1');
    assert.ok(logged, 'logged at error with the request id');
    assert.match((logged.err as { stack: string }).stack, /secret database password in stack\n\s+at /);
  });

  it('fails a slow call at the client deadline with upstream_timeout', async () => {
    const started = Date.now();
    const err = await rejection(client.slow({ ms: 1500 }, { deadlineMs: 150 }));
    assert.equal(err.code, 'upstream_timeout');
    assert.ok(Date.now() - started < 1000, 'did not wait for the handler');
    // The server cancels the call at the same deadline, so the handler's signal stops it early.
    await waitFor(() => env.lines.some((l) => l.method === '/test.v1.TestService/Slow' && l.code === 'CANCELLED'), 1000);
    assert.ok(!env.lines.some((l) => l.level === 'error' && l.method === '/test.v1.TestService/Slow'), 'a cancelled call is not an error');
  });

  it('uses the default deadline when the call gives none', async () => {
    const quick = createClient(TestService, env.address, { defaultDeadlineMs: 150 });
    try {
      assert.equal((await rejection(quick.slow({ ms: 1500 }))).code, 'upstream_timeout');
      assert.deepEqual(await quick.slow({ ms: 1 }), { done: true });
    } finally {
      quick.close();
    }
  });

  it('rejects with service_unavailable when nothing listens at the address', async () => {
    const nowhere = createClient(TestService, `127.0.0.1:${await freePort()}`, { defaultDeadlineMs: 2000 });
    try {
      assert.equal((await rejection(nowhere.echo({ text: 'x' }))).code, 'service_unavailable');
    } finally {
      nowhere.close();
    }
  });

  it('refuses a handler map that misses a method', () => {
    const server = createGrpcServer({ log: captureLogger().log });
    const { slow: _slow, ...incomplete } = testHandlers;
    assert.throws(() => server.add(TestService, incomplete as ServiceHandlers<typeof TestService>), /No handler for \/test\.v1\.TestService\/Slow/);
  });
});

describe('message size', () => {
  it('refuses a message over the 4 MiB default with payload_too_large, and carries it when both sides allow more', async () => {
    const big = 'x'.repeat(6 * 1024 * 1024);
    const limit = 16 * 1024 * 1024;
    const strict = await startTestServer();
    const toStrict = createClient(TestService, strict.address, { maxMessageBytes: limit });
    assert.equal((await rejection(toStrict.echo({ text: big }))).code, 'payload_too_large');

    const { log } = captureLogger();
    const roomy = createGrpcServer({ log, maxMessageBytes: limit });
    roomy.add(TestService, testHandlers);
    const port = await roomy.listen('127.0.0.1', 0);
    const toRoomy = createClient(TestService, `127.0.0.1:${port}`, { maxMessageBytes: limit });
    assert.equal((await toRoomy.echo({ text: big })).text.length, big.length);
    const defaultClient = createClient(TestService, `127.0.0.1:${port}`);
    assert.equal((await rejection(defaultClient.echo({ text: big }))).code, 'payload_too_large', 'the answer is over the client default');

    for (const client of [toStrict, toRoomy, defaultClient]) client.close();
    await strict.server.shutdown(100);
    await roomy.shutdown(100);
  });
});

describe('health', () => {
  it('answers SERVING, NOT_SERVING and SERVICE_UNKNOWN per service and overall', async () => {
    const { server, address } = await startTestServer();
    try {
      assert.equal(await checkHealth(address), 'SERVING');
      assert.equal(await checkHealth(address, 'test.v1.TestService'), 'SERVING');
      assert.equal(await checkHealth(address, 'no.such.Service'), 'SERVICE_UNKNOWN');

      server.setServing('test.v1.TestService', false);
      assert.equal(await checkHealth(address, 'test.v1.TestService'), 'NOT_SERVING');
      assert.equal(await checkHealth(address), 'NOT_SERVING', 'overall follows every service');

      server.setServing('test.v1.TestService', true);
      assert.equal(await checkHealth(address), 'SERVING');
      server.setServing('', false);
      assert.equal(await checkHealth(address), 'NOT_SERVING');
      assert.equal(await checkHealth(address, 'test.v1.TestService'), 'SERVING');
    } finally {
      await server.shutdown(100);
    }
  });

  it('rejects with service_unavailable when the server is not there', async () => {
    const err = await rejection(checkHealth(`127.0.0.1:${await freePort()}`));
    assert.equal(err.code, 'service_unavailable');
  });
});

describe('shutdown', () => {
  it('turns NOT_SERVING at once, lets an in-flight call finish, then refuses new calls', async () => {
    const { server, address } = await startTestServer();
    const client = createClient(TestService, address, { defaultDeadlineMs: 5000 });
    const health = new HealthClient(address, credentials.createInsecure());
    try {
      const watch = health.watch({ service: '' });
      const seen: string[] = [];
      const ended = new Promise<void>((resolve) => {
        watch.on('data', (res: HealthCheckResponse) => seen.push(res.status));
        watch.on('end', resolve);
        watch.on('error', () => resolve());
      });
      await waitFor(() => seen.length === 1);
      assert.deepEqual(seen, ['SERVING']);

      const inFlight = client.slow({ ms: 400 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const stopped = server.shutdown(3000);
      assert.equal(server.health(), 'NOT_SERVING');
      await ended;
      assert.deepEqual(seen, ['SERVING', 'NOT_SERVING'], 'a watcher hears NOT_SERVING when shutdown starts');

      assert.deepEqual(await inFlight, { done: true });
      const started = Date.now();
      await stopped;
      assert.ok(Date.now() - started < 2000, 'did not wait for the grace period');
      assert.equal((await rejection(client.echo({ text: 'late' }))).code, 'service_unavailable');
    } finally {
      health.close();
      client.close();
    }
  });

  it('cuts calls still running when the grace period ends', async () => {
    const { server, address } = await startTestServer();
    const client = createClient(TestService, address, { defaultDeadlineMs: 10_000 });
    try {
      const inFlight = rejection(client.slow({ ms: 5000 }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = Date.now();
      await server.shutdown(200);
      assert.ok(Date.now() - started < 1500, 'forced after the grace period');
      const err = await inFlight;
      assert.notEqual(err.code, 'upstream_timeout');
    } finally {
      client.close();
    }
  });
});

async function waitFor(predicate: () => boolean, timeoutMs = 2000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > until) assert.fail('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// Compile-time checks: `tsc` fails if any of these stops being an error.
export function typeChecks(): void {
  const server = createGrpcServer({ log: captureLogger().log });
  const accounts = createClient(AccountsServiceService, '127.0.0.1:1');
  // @ts-expect-error the request type comes from the definition
  void accounts.authenticate({ credentials: 'typo' });
  // @ts-expect-error the response type comes from the definition
  const wrongResponse: Promise<{ nope: string }> = accounts.authenticate({ credential: 'x' });
  void wrongResponse;
  server.add(TestService, {
    ...testHandlers,
    // @ts-expect-error a handler must resolve to the method's response type
    echo: async () => ({ text: 1 }),
  });
  // @ts-expect-error every method needs a handler
  server.add(TestService, { echo: testHandlers.echo, fail: testHandlers.fail });
}
