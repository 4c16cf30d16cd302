import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Metadata } from '@grpc/grpc-js';
import { AppError, ERROR_CODES } from '@tp/errors';
import { withRequestId } from '@tp/logging';
import { AccountsServiceService } from '@tp/proto';
import { createClient, createGrpcServer, type ServiceHandlers } from './index.ts';
import {
  captureLogger,
  rejection,
  serverTls,
  TestService,
  testHandlers,
  toTestServer,
  useTestServer,
} from './test-service.ts';

describe('unary calls', () => {
  const served = useTestServer();

  it('gives the handler the caller deadline, peer and metadata, and logs the call at debug', async () => {
    const metadata = new Metadata();
    metadata.set('x-tag', 'blue');
    const before = Date.now();
    const res = await served.client.echo({ text: 'hi' }, { deadlineMs: 30_000, metadata });
    assert.equal(res.text, 'hi');
    assert.equal(res.tag, 'blue');
    assert.match(res.peer, /127\.0\.0\.1/);
    const deadline = Date.parse(res.deadline ?? '');
    assert.ok(deadline >= before + 29_500 && deadline <= Date.now() + 30_000, `deadline ${res.deadline}`);
    assert.equal(metadata.get('x-request-id').length, 0, 'the caller metadata is not modified');
    const line = served.env.lines.find((l) => l.msg === 'gRPC call' && l.method === '/test.v1.TestService/Echo');
    assert.ok(line, 'a debug line per call');
    assert.equal(line.level, 'debug');
    assert.equal(line.code, 'OK');
    assert.equal(typeof line.ms, 'number');
  });

  it('propagates the current request id to the server and its log scope', async () => {
    const res = await withRequestId('req_from_gateway_1', () => served.client.echo({ text: 'x' }));
    assert.equal(res.requestId, 'req_from_gateway_1');
    assert.equal(res.scopedRequestId, 'req_from_gateway_1');
  });

  it('makes a request id when the caller has none', async () => {
    const res = await served.client.echo({ text: 'x' });
    assert.match(res.requestId, /^req_[0-9a-f]{32}$/);
    assert.equal(res.scopedRequestId, res.requestId);
  });

  it('keeps an AppError code, message and details across the wire', async () => {
    const err = await rejection(served.client.fail({ kind: 'app' }));
    assert.equal(err.code, 'insufficient_scope');
    assert.equal(err.message, 'Needs files:read.');
    assert.deepEqual(err.details, { required_scope: 'files:read' });
    const line = served.env.lines.find(
      (l) => l.method === '/test.v1.TestService/Fail' && l.code === 'PERMISSION_DENIED',
    );
    assert.ok(line, 'the call is logged with its status');
    assert.ok(
      !served.env.lines.some(
        (l) =>
          l.level === 'error' &&
          l.method === '/test.v1.TestService/Fail' &&
          !String(l.err && (l.err as { stack?: string }).stack).includes('secret'),
      ),
      'an AppError is not logged as an error',
    );
  });

  it('turns an unexpected throw into internal_error without internal text, and logs its stack', async () => {
    const err = await rejection(withRequestId('req_crash_1', () => served.client.fail({ kind: 'crash' })));
    assert.equal(err.code, 'internal_error');
    assert.equal(err.message, ERROR_CODES.internal_error.message);
    assert.ok(!JSON.stringify({ m: err.message, d: err.details }).includes('secret'));
    const logged = served.env.lines.find((l) => l.level === 'error' && l.request_id === 'req_crash_1');
    assert.ok(logged, 'logged at error with the request id');
    assert.match((logged.err as { stack: string }).stack, /secret database password in stack\n\s+at /);
  });

  it('answers a dependency away with service_unavailable and its Retry-After, logged as a warning (ADR 0038)', async () => {
    const err = await rejection(withRequestId('req_away_1', () => served.client.fail({ kind: 'away' })));
    assert.equal(err.code, 'service_unavailable');
    assert.deepEqual(err.details, { retry_after_seconds: 2 });
    assert.ok(!err.message.includes('ECONNREFUSED'));
    const logged = served.env.lines.find((l) => l.request_id === 'req_away_1' && l.err);
    assert.equal(logged?.level, 'warn');
    assert.equal(logged?.dependency, 'connect ECONNREFUSED');
  });
});

describe('service definitions', () => {
  it('round-trips a ts-proto service with protobuf encoding', async () => {
    const { log } = captureLogger();
    const server = createGrpcServer({ tls: serverTls(), log });
    const unimplemented = Object.fromEntries(
      Object.keys(AccountsServiceService).map((name) => [
        name,
        async () => Promise.reject(new AppError('route_not_found')),
      ]),
    ) as unknown as ServiceHandlers<typeof AccountsServiceService>;
    const expiresAt = new Date('2030-01-02T03:04:05.000Z');
    server.add(AccountsServiceService, {
      ...unimplemented,
      authenticate: async ({ credential }) => ({
        principal: {
          userId: `usr_${credential}`,
          kind: 'PRINCIPAL_KIND_PERSONAL_ACCESS_TOKEN',
          scopes: ['files:read'],
          tokenId: 'tok_1',
          deviceId: '',
          expiresAt,
          features: [],
        },
      }),
    });
    const port = await server.listen('127.0.0.1', 0);
    const accounts = createClient(AccountsServiceService, `127.0.0.1:${port}`, {
      ...toTestServer(),
      defaultDeadlineMs: 30_000,
    });
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

  it('refuses a handler map that misses a method', () => {
    const server = createGrpcServer({ tls: serverTls(), log: captureLogger().log });
    const { slow: _slow, ...incomplete } = testHandlers;
    assert.throws(
      () => server.add(TestService, incomplete as ServiceHandlers<typeof TestService>),
      /No handler for \/test\.v1\.TestService\/Slow/,
    );
  });
});

// Compile-time checks: `tsc` fails if any of these stops being an error.
export function typeChecks(): void {
  const server = createGrpcServer({ tls: serverTls(), log: captureLogger().log });
  const accounts = createClient(AccountsServiceService, '127.0.0.1:1', toTestServer());
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
