import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@tp/errors';
import { freePort } from '@tp/testing';
import { assertError, startTestGateway, type TestGateway } from './support.ts';

/** Transport failures between the gateway and a backend, and what a client sees of them. */

const signIn = { email: 'ada@example.com', password: 'correct horse' };

describe('a backend that is not running', () => {
  let jobsDown: TestGateway;
  let accountsDown: TestGateway;

  before(async () => {
    // Ports claimed for this file where nothing listens.
    jobsDown = await startTestGateway({ JOBS_GRPC_ADDR: `127.0.0.1:${await freePort()}` });
    accountsDown = await startTestGateway({ ACCOUNTS_GRPC_ADDR: `127.0.0.1:${await freePort()}` });
  });
  after(async () => {
    await jobsDown?.stop();
    await accountsDown?.stop();
  });

  it('is 503 service_unavailable, without internals', async () => {
    const res = await jobsDown.call('GET', '/api/v1/jobs', { token: jobsDown.backends.pat(['jobs:read']) });
    assertError(res, 503, 'service_unavailable', 'A backend service is unavailable; retry later.');
  });

  it('lets no credential through unchecked when it is accounts', async () => {
    const res = await accountsDown.call('GET', '/api/v1/billing/balance', {
      token: accountsDown.backends.pat(['billing:read']),
    });
    assertError(res, 503, 'service_unavailable', 'A backend service is unavailable; retry later.');
    assert.equal(accountsDown.backends.received('billing', 'getBalance').length, 0);
  });

  it('leaves the gateway ready: backends are not part of readiness', async () => {
    const res = await jobsDown.call('GET', '/readyz');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { status: 'ready' });
    const ops = await fetch(`http://127.0.0.1:${jobsDown.service.opsPort}/readyz`);
    assert.deepEqual(await ops.json(), { status: 'ready', checks: { nats: true } });
  });
});

describe('a backend that does not answer', () => {
  let gateway: TestGateway;

  before(async () => {
    // The fake never answers, so the deadline is the only way this call can end: its length
    // cannot change the outcome, only how soon it comes.
    gateway = await startTestGateway({ BACKEND_DEADLINE_MS: '100' });
    gateway.backends.use({
      accounts: {
        signIn: (_request, ctx) =>
          new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason))),
      },
    });
  });
  after(() => gateway?.stop());

  it('is 504 upstream_timeout once the backend deadline has passed', async () => {
    const res = await gateway.call('POST', '/api/v1/auth/sessions', { body: signIn });
    assertError(res, 504, 'upstream_timeout', 'A backend service did not answer in time.');
  });
});

describe('a backend that fails', () => {
  let gateway: TestGateway;

  before(async () => {
    gateway = await startTestGateway();
  });
  after(() => gateway?.stop());

  it('with internal_error is 500 internal_error with the generic message', async () => {
    gateway.backends.use({
      accounts: {
        signIn: async () => {
          throw new AppError('internal_error');
        },
      },
    });
    const res = await gateway.call('POST', '/api/v1/auth/sessions', { body: signIn });
    assertError(res, 500, 'internal_error', 'An internal error occurred.');
  });
});
