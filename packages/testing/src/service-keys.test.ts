import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createGrpcServer, defineAccess, type GrpcServer, type UnaryMethod } from '@tp/grpc';
import { createVerifier } from '@tp/identity';
import { createLogger } from '@tp/logging';
import { testClient, testPki, testServiceKeys } from './index.ts';

function jsonMethod<Req>(path: string): UnaryMethod<Req, { caller: string; user: string | null }> {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value));
  return {
    path,
    requestStream: false,
    responseStream: false,
    requestSerialize: encode,
    requestDeserialize: (bytes) => JSON.parse(bytes.toString()) as Req,
    responseSerialize: encode,
    responseDeserialize: (bytes) => JSON.parse(bytes.toString()),
  };
}

/** Answers who called, as the server verified it. */
const WhoService = {
  mine: jsonMethod<{ userId: string }>('/test.v1.Who/Mine'),
  balance: jsonMethod<{ principalId: string }>('/test.v1.Who/Balance'),
  settle: jsonMethod<{ reference: string }>('/test.v1.Who/Settle'),
};
const WHO_ACCESS = defineAccess(WhoService, {
  mine: { gateway: 'user' },
  balance: { gateway: { user: 'principalId' } },
  settle: { jobs: 'service', gateway: 'service' },
});

describe('testClient', () => {
  let server: GrpcServer;
  let address: string;
  before(async () => {
    const verifier = createVerifier({ audience: 'billing', publicKeys: testServiceKeys().publicKeys });
    server = createGrpcServer({
      log: createLogger({ service: 'testing-test', level: 'silent' }),
      verifier,
      tls: testPki().tls('billing'),
    });
    const who = async (_request: unknown, ctx: { caller: { service: string; user: string | null } | null }) => ({
      caller: ctx.caller!.service,
      user: ctx.caller!.user,
    });
    server.add(WhoService, { mine: who, balance: who, settle: who }, WHO_ACCESS);
    address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
  });
  after(() => server.shutdown(100));

  it('calls each method as the first caller its allow-list names, for the user its rule reads', async () => {
    const client = testClient(WhoService, address, { audience: 'billing', as: WHO_ACCESS, defaultDeadlineMs: 30_000 });
    try {
      assert.deepEqual(await client.mine({ userId: 'usr_1' }), { caller: 'gateway', user: 'usr_1' });
      assert.deepEqual(await client.balance({ principalId: 'usr_2' }), { caller: 'gateway', user: 'usr_2' });
      assert.deepEqual(await client.settle({ reference: 'job_1' }), { caller: 'jobs', user: null });
    } finally {
      client.close();
    }
  });

  it('calls as one service, the gateway for the user a request names, and per method as told', async () => {
    const client = testClient(WhoService, address, {
      audience: 'billing',
      as: 'gateway',
      methods: { settle: 'jobs' },
      defaultDeadlineMs: 30_000,
    });
    try {
      assert.deepEqual(await client.balance({ principalId: 'usr_3' }), { caller: 'gateway', user: 'usr_3' });
      assert.deepEqual(await client.settle({ reference: 'job_2' }), { caller: 'jobs', user: null });
      await assert.rejects(client.mine({ userId: 'usr_4' }, { user: 'usr_5' }), { code: 'caller_user_mismatch' });
    } finally {
      client.close();
    }
  });

  it('gives every service its own key and the same public list', () => {
    const keys = testServiceKeys();
    assert.equal(keys, testServiceKeys(), 'one set per test process');
    assert.notEqual(keys.env('jobs').SERVICE_PRIVATE_KEY, keys.env('worker').SERVICE_PRIVATE_KEY);
    assert.equal(keys.env('jobs').SERVICE_PUBLIC_KEYS, keys.env('worker').SERVICE_PUBLIC_KEYS);
    assert.deepEqual(
      Object.keys(JSON.parse(keys.env('jobs').SERVICE_PUBLIC_KEYS)).sort(),
      Object.keys(keys.publicKeys).sort(),
    );
  });
});
