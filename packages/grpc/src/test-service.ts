// Test-only (not exported from index.ts): a JSON-encoded test service, its handlers and helpers.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createConnection, createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, isAppError } from '@tp/errors';
import { captureLogger as capture, currentRequestId } from '@tp/logging';
import { after, before } from 'node:test';
import { testPki } from '@tp/testing';
import { createClient, createGrpcServer, type GrpcTls, type ServiceHandlers, type UnaryMethod } from './index.ts';

/** Long enough that a `slow` call this long only ends when its call is cancelled (its signal aborts). */
export const UNTIL_CANCELLED_MS = 600_000;

/** A logger whose lines land in an array, so tests can read what was logged. */
export const captureLogger = () => capture('grpc-test');

/** The certificate of the test servers: they play billing (the tests' certificates, ADR 0037). */
export const serverTls = () => testPki().tls('billing');

/** The transport of a client of a test server: the gateway's certificate, billing expected at the address. */
export const toTestServer = (): { tls: GrpcTls; serverName: string } => ({
  tls: testPki().tls('gateway'),
  serverName: 'billing',
});

export function jsonMethod<Req, Res>(path: string): UnaryMethod<Req, Res> {
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

export const TestService = {
  echo: jsonMethod<
    { text: string },
    {
      text: string;
      requestId: string;
      scopedRequestId: string | null;
      deadline: string | null;
      peer: string;
      tag: string | null;
    }
  >('/test.v1.TestService/Echo'),
  fail: jsonMethod<{ kind: 'app' | 'crash' | 'away' }, Record<string, never>>('/test.v1.TestService/Fail'),
  slow: jsonMethod<{ ms: number }, { done: boolean }>('/test.v1.TestService/Slow'),
};

export const testHandlers: ServiceHandlers<typeof TestService> = {
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
    if (kind === 'away') throw await refusedConnection();
    throw new Error('secret database password in stack');
  },
  slow: async ({ ms }, ctx) => {
    await sleep(ms, undefined, { signal: ctx.signal });
    return { done: true };
  },
};

/** What a client of a dependency that is away throws: a real ECONNREFUSED from a port that was free a moment ago. */
async function refusedConnection(): Promise<Error> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  const [err] = (await once(createConnection({ host: '127.0.0.1', port }), 'error')) as [Error];
  return err;
}

export async function startTestServer(handlers = testHandlers) {
  const { log, lines } = captureLogger();
  const server = createGrpcServer({ log, tls: serverTls() });
  server.add(TestService, handlers);
  const port = await server.listen('127.0.0.1', 0);
  return { server, address: `127.0.0.1:${port}`, lines };
}

/**
 * For a describe block: a test server started before its tests and a client of it with a deadline
 * no answer comes near, both closed after them. Read the members inside the tests.
 */
export function useTestServer() {
  const fixture = {} as {
    env: Awaited<ReturnType<typeof startTestServer>>;
    client: ReturnType<typeof createClient<typeof TestService>>;
  };
  before(async () => {
    fixture.env = await startTestServer();
    fixture.client = createClient(TestService, fixture.env.address, { defaultDeadlineMs: 30_000, ...toTestServer() });
  });
  after(async () => {
    fixture.client.close();
    await fixture.env.server.shutdown(100);
  });
  return fixture;
}

export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(isAppError(err), `expected an AppError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected the call to fail');
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Polls until `predicate` holds; the deadline is only a generous upper bound for a broken system. */
export async function waitFor(predicate: () => boolean, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > until) assert.fail('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
