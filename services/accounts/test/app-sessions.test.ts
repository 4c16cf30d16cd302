import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type AccountsHarness, startAccounts } from './support.ts';

let h: AccountsHarness;

before(async () => {
  h = await startAccounts();
});

after(async () => {
  await h?.stop();
});

describe('app sessions', () => {
  it('authenticate until the device is logged out', async () => {
    await h.operator.createUser({ email: 'app@example.com', password: 'app password 1234' }, { metadata: h.admin });
    const { sessionToken, device } = await h.accounts.signIn({
      email: 'app@example.com',
      password: 'app password 1234',
      deviceName: '',
      userAgent: 'ua',
    });
    assert.equal(device!.deviceName, 'Unnamed device');
    const principal = (await h.accounts.authenticate({ credential: sessionToken })).principal!;
    assert.equal(principal.kind, 'PRINCIPAL_KIND_APP_SESSION');
    assert.equal(principal.deviceId, device!.deviceId);
    assert.equal(principal.scopes.length, 14);
    await h.accounts.revokeDeviceSession({ userId: principal.userId, deviceId: device!.deviceId });
    await assert.rejects(h.accounts.authenticate({ credential: sessionToken }), { code: 'invalid_api_key' });
    await assert.rejects(h.accounts.revokeDeviceSession({ userId: 'usr_other', deviceId: device!.deviceId }), {
      code: 'not_found',
    });
  });

  it('a user without a password cannot sign in', async () => {
    await h.operator.createUser({ email: 'nopass@example.com', password: '' }, { metadata: h.admin });
    await assert.rejects(
      h.accounts.signIn({ email: 'nopass@example.com', password: 'anything long', deviceName: '', userAgent: '' }),
      { code: 'invalid_credentials' },
    );
  });
});
