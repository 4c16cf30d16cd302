import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { currentBalance } from './current-balance.ts';
import { balanceOf, billingWorld, NOW, PRINCIPAL } from './testing/fakes.ts';

describe('currentBalance', () => {
  it('answers the balance as read when no grant of the principal is past due', async () => {
    const { deps, grants, calls } = billingWorld();
    grants.push({ principalId: PRINCIPAL, remainingMicro: 5_000n, due: false });
    assert.deepEqual(await currentBalance(deps, PRINCIPAL, NOW), balanceOf(5_000n));
    assert.deepEqual(calls, [], 'nothing expired');
  });

  it('expires past-due grants first, then answers the balance without them', async () => {
    const { deps, grants, callsOf } = billingWorld();
    grants.push({ principalId: PRINCIPAL, remainingMicro: 5_000n, due: false });
    grants.push({ principalId: PRINCIPAL, remainingMicro: 2_000n, due: true });
    assert.deepEqual(await currentBalance(deps, PRINCIPAL, NOW), balanceOf(5_000n));
    assert.deepEqual(callsOf('expireDue'), [[PRINCIPAL, NOW]]);
  });

  it('answers zeros for a principal without grants', async () => {
    const { deps } = billingWorld();
    assert.deepEqual(await currentBalance(deps, 'usr_nobody', NOW), balanceOf(0n, 0n, 'usr_nobody'));
  });
});
