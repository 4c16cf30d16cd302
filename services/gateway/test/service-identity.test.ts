// The gateway's calls carry its service token (ADR 0011): for the signed-in user on every call it
// makes for a request, for nobody when it checks a credential. The fake backends verify the
// tokens as the real ones do, so a gateway with a key they do not trust gets nothing from them.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateServiceKeyPair } from '@tp/identity';
import { DeleteAccountResponse } from '@tp/proto';
import { ALL_SCOPES } from '@tp/scopes';
import { USER_ID } from './fake-backends.ts';
import { sampleBalance } from './samples.ts';
import { assertError, startTestGateway, type TestGateway } from './support.ts';

let gateway: TestGateway;
let untrusted: TestGateway;

before(async () => {
  gateway = await startTestGateway();
  untrusted = await startTestGateway({ SERVICE_PRIVATE_KEY: generateServiceKeyPair().privateKey });
});
beforeEach(() => {
  for (const g of [gateway, untrusted])
    g.backends.use({
      accounts: { deleteAccount: async () => DeleteAccountResponse.fromPartial({}) },
      billing: { getBalance: async () => sampleBalance() },
    });
});
after(async () => {
  await gateway.stop();
  await untrusted.stop();
});

describe('the gateway as a caller of the backends', () => {
  it('signs each call of a request for its user, and a credential check for nobody', async () => {
    const token = gateway.backends.pat([...ALL_SCOPES]);
    assert.equal((await gateway.call('GET', '/api/v1/billing/balance', { token })).status, 200);
    const session = gateway.backends.appSession();
    assert.equal((await gateway.call('DELETE', '/api/v1/account', { token: session })).status, 204);

    const [balanceRead] = gateway.backends.callers('billing', 'getBalance');
    assert.deepEqual([balanceRead?.service, balanceRead?.user], ['gateway', USER_ID]);
    const [deletion] = gateway.backends.callers('accounts', 'deleteAccount');
    assert.deepEqual([deletion?.service, deletion?.user], ['gateway', USER_ID]);
    const checks = gateway.backends.callers('accounts', 'authenticate');
    assert.ok(checks.length >= 2);
    assert.ok(checks.every((caller) => caller.service === 'gateway' && caller.user === null));
  });

  it('gets nothing from a backend that does not trust its key: a 500 that names the refusal', async () => {
    const res = await untrusted.call('GET', '/api/v1/billing/balance', {
      token: untrusted.backends.pat([...ALL_SCOPES]),
    });
    assertError(res, 500, 'caller_unauthenticated', /signed by a key this service does not trust/);
    assert.equal(untrusted.backends.received('billing', 'getBalance').length, 0);
  });
});
