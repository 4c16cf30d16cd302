import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { Metadata } from '@grpc/grpc-js';
import {
  createSigner,
  createVerifier,
  generateServiceKeyPair,
  generateServiceKeys,
  type ServiceName,
} from '@tp/identity';
import { checkHealth, createClient, createGrpcServer, defineAccess, onBehalfOf, OPERATOR_ONLY } from './index.ts';
import {
  captureLogger,
  jsonMethod,
  rejection,
  serverTls,
  TestService,
  testHandlers,
  toTestServer,
} from './test-service.ts';
import { testPki } from '@tp/testing';

const keys = generateServiceKeys(['gateway', 'jobs', 'worker']);
const signer = (service: 'gateway' | 'jobs' | 'worker', now?: () => number) =>
  createSigner({ service, privateKey: keys.privateKeys[service]!, ...(now ? { now } : {}) });

/** A service whose requests name their user, as the platform's do. */
const OwnedService = {
  get: jsonMethod<{ userId: string }, { userId: string; caller: string | null; user: string | null }>(
    '/test.v1.Owned/Get',
  ),
  sweep: jsonMethod<{ userId: string }, { caller: string | null }>('/test.v1.Owned/Sweep'),
};
const OWNED_ACCESS = defineAccess(OwnedService, { get: { gateway: 'user' }, sweep: { jobs: 'service' } });
const TEST_ACCESS = defineAccess(TestService, { echo: { jobs: 'service', gateway: 'service' }, fail: {}, slow: {} });

/** The guarded server, and clients of it as each service (or none), closed by `stop`. */
async function startGuarded() {
  const { log, lines } = captureLogger();
  const server = createGrpcServer({
    log,
    verifier: createVerifier({ audience: 'billing', publicKeys: keys.publicKeys }),
    tls: serverTls(),
  });
  server.add(
    OwnedService,
    {
      get: async ({ userId }, ctx) => ({ userId, caller: ctx.caller?.service ?? null, user: ctx.caller?.user ?? null }),
      sweep: async (_request, ctx) => ({ caller: ctx.caller?.service ?? null }),
    },
    OWNED_ACCESS,
  );
  server.add(TestService, testHandlers, TEST_ACCESS);
  const address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
  const clients: { close(): void }[] = [];
  const track = <C extends { close(): void }>(client: C): C => {
    clients.push(client);
    return client;
  };
  return {
    address,
    lines,
    track,
    /** A client signing as `service` over the certificate of `over` (by default its own). */
    clientAs: (
      service: 'gateway' | 'jobs' | 'worker',
      audience: ServiceName = 'billing',
      now?: () => number,
      over: ServiceName = service,
    ) =>
      track(
        createClient(OwnedService, address, {
          defaultDeadlineMs: 30_000,
          identity: { signer: signer(service, now), audience },
          tls: testPki().tls(over),
          serverName: 'billing',
        }),
      ),
    bare: () => track(createClient(OwnedService, address, { defaultDeadlineMs: 30_000, ...toTestServer() })),
    async stop() {
      for (const client of clients) client.close();
      await server.shutdown(100);
    },
  };
}

describe('service identity on a server that checks callers', () => {
  const env = {} as Awaited<ReturnType<typeof startGuarded>>;
  before(async () => Object.assign(env, await startGuarded()));
  after(() => env.stop());

  it('lets an allowed caller through and tells the handler who called for whom', async () => {
    assert.deepEqual(await env.clientAs('gateway').get({ userId: 'usr_1' }, { user: 'usr_1' }), {
      userId: 'usr_1',
      caller: 'gateway',
      user: 'usr_1',
    });
    assert.deepEqual(await env.clientAs('jobs').sweep({ userId: 'usr_1' }), { caller: 'jobs' });
    assert.equal(
      (await onBehalfOf('usr_2', () => env.clientAs('gateway').get({ userId: 'usr_2' }))).user,
      'usr_2',
      'the enclosing onBehalfOf names the user',
    );
  });

  it('refuses a call without a token, with garbage, an expired one or one for another service as caller_unauthenticated', async () => {
    const garbage = new Metadata();
    garbage.set('authorization', 'Bearer not.a.jwt');
    const stranger = env.track(
      createClient(OwnedService, env.address, {
        defaultDeadlineMs: 30_000,
        identity: {
          signer: createSigner({ service: 'jobs', privateKey: generateServiceKeyPair().privateKey }),
          audience: 'billing',
        },
        tls: testPki().tls('jobs'),
      }),
    );
    const refusals = [
      [await rejection(env.bare().sweep({ userId: 'usr_1' })), /no service token/],
      [await rejection(env.bare().sweep({ userId: 'usr_1' }, { metadata: garbage })), /malformed/],
      [await rejection(env.clientAs('jobs', 'billing', () => Date.now() - 120_000).sweep({ userId: 'u' })), /expired/],
      [await rejection(env.clientAs('jobs', 'media').sweep({ userId: 'usr_1' })), /another service/],
      [await rejection(stranger.sweep({ userId: 'usr_1' })), /does not trust/],
    ] as const;
    for (const [err, reason] of refusals) {
      assert.equal(err.code, 'caller_unauthenticated');
      assert.match(err.message, reason);
    }
    const logged = env.lines.find((l) => l.msg === 'gRPC call refused' && l.claimed_caller === 'jobs');
    assert.equal(logged?.method, '/test.v1.Owned/Sweep');
    assert.equal(logged?.level, 'warn');
  });

  it('refuses a caller the method does not list as caller_not_allowed, and logs caller and method', async () => {
    const err = await rejection(env.clientAs('worker').sweep({ userId: 'usr_1' }));
    assert.equal(err.code, 'caller_not_allowed');
    assert.equal(
      (await rejection(env.clientAs('gateway').sweep({ userId: 'usr_1' }, { user: 'usr_1' }))).code,
      'caller_not_allowed',
    );
    assert.equal((await rejection(env.clientAs('jobs').get({ userId: 'usr_1' }))).code, 'caller_not_allowed');
    const line = env.lines.find((l) => l.code === 'caller_not_allowed' && l.caller === 'worker');
    assert.equal(line?.method, '/test.v1.Owned/Sweep');
  });

  it('holds a user-acting call to its user: no user, or another userId in the request, is caller_user_mismatch', async () => {
    const gateway = env.clientAs('gateway');
    assert.equal((await rejection(gateway.get({ userId: 'usr_1' }))).code, 'caller_user_mismatch');
    assert.equal((await rejection(gateway.get({ userId: 'usr_1' }, { user: 'usr_2' }))).code, 'caller_user_mismatch');
    assert.equal(
      (await rejection(onBehalfOf('usr_2', () => gateway.get({ userId: 'usr_1' })))).code,
      'caller_user_mismatch',
    );
    // A service acting for itself that still names a user is held to it.
    const err = await rejection(env.clientAs('jobs').sweep({ userId: 'usr_1' }, { user: 'usr_2' }));
    assert.equal(err.code, 'caller_user_mismatch');
  });

  it("refuses a valid token carried over another service's certificate (ADR 0037): a token read off the wire is worthless", async () => {
    const err = await rejection(env.clientAs('jobs', 'billing', undefined, 'worker').sweep({ userId: 'usr_1' }));
    assert.equal(err.code, 'caller_unauthenticated');
    assert.match(err.message, /A token of jobs came over the certificate of worker/);
    const line = env.lines.find((l) => l.claimed_caller === 'jobs' && l.peer === 'worker');
    assert.equal(line?.method, '/test.v1.Owned/Sweep');
    // The same token over its own certificate passes.
    assert.deepEqual(await env.clientAs('jobs').sweep({ userId: 'usr_1' }), { caller: 'jobs' });
  });

  it('keeps health open to any caller with a certificate', async () => {
    assert.equal(await checkHealth(env.address, '', { deadlineMs: 30_000, ...toTestServer() }), 'SERVING');
  });
});

describe('registering services on a server that checks callers', () => {
  const verifier = createVerifier({ audience: 'billing', publicKeys: keys.publicKeys });

  it('requires an allow-list, or OPERATOR_ONLY, for every service', async () => {
    const { log } = captureLogger();
    const server = createGrpcServer({ log, verifier, tls: serverTls() });
    assert.throws(() => server.add(TestService, testHandlers), /needs an allow-list/);
    server.add(TestService, testHandlers, OPERATOR_ONLY);
    const port = await server.listen('127.0.0.1', 0);
    const client = createClient(TestService, `127.0.0.1:${port}`, { defaultDeadlineMs: 30_000, ...toTestServer() });
    try {
      assert.equal((await client.echo({ text: 'operator' })).text, 'operator', 'adminGuard checks these instead');
    } finally {
      client.close();
      await server.shutdown(100);
    }
  });

  it('refuses an allow-list on a server without a verifier, which could not check it', () => {
    const server = createGrpcServer({ log: captureLogger().log, tls: serverTls() });
    assert.throws(() => server.add(TestService, testHandlers, TEST_ACCESS), /no verifier/);
  });
});

// Compile-time checks: `tsc` fails if any of these stops being an error.
export function accessTypeChecks(): void {
  // @ts-expect-error every method needs its callers, even an empty list
  defineAccess(OwnedService, { get: { gateway: 'user' } });
  // @ts-expect-error only the fleet's services can be allowed
  defineAccess(OwnedService, { get: { payments: 'service' }, sweep: {} });
  // @ts-expect-error 'user' needs a userId field in the request
  defineAccess(TestService, { echo: { gateway: 'user' }, fail: {}, slow: {} });
  // @ts-expect-error the user field must be a field of the request
  defineAccess(OwnedService, { get: { gateway: { user: 'ownerId' } }, sweep: {} });
  const caller: ServiceName = 'jobs';
  void caller;
}
