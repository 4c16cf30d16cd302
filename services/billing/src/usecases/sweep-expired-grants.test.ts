import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sweepExpiredGrants } from './sweep-expired-grants.ts';
import { billingWorld, NOW } from './testing/fakes.ts';

describe('sweepExpiredGrants', () => {
  it('expires every principal’s past-due grants, batch by batch, and logs what it did', async () => {
    const { deps, grants, callsOf, lines } = billingWorld();
    for (const principalId of ['usr_a', 'usr_b', 'usr_c', 'usr_d', 'usr_e'])
      grants.push({ principalId, remainingMicro: 1_000n, due: true });
    grants.push({ principalId: 'usr_a', remainingMicro: 1_000n, due: true });
    grants.push({ principalId: 'usr_f', remainingMicro: 1_000n, due: false });
    assert.deepEqual(await sweepExpiredGrants({ ...deps, batchSize: 2 }, NOW), { principals: 5, grants: 6 });
    assert.deepEqual(
      callsOf('principalsWithDueGrants').map(([, limit]) => limit),
      [2, 2, 2],
      'batches of 2 until one comes back short',
    );
    assert.deepEqual(
      grants.map((g) => g.remainingMicro),
      [0n, 0n, 0n, 0n, 0n, 0n, 1_000n],
    );
    assert.deepEqual(
      lines.map((l) => [l.msg, l.principals, l.grants]),
      [['expired grants swept', 5, 6]],
    );
  });

  it('takes batches of 100 by default, and a sweep with nothing due logs nothing', async () => {
    const { deps, callsOf, lines } = billingWorld();
    assert.deepEqual(await sweepExpiredGrants(deps, NOW), { principals: 0, grants: 0 });
    assert.deepEqual(callsOf('principalsWithDueGrants'), [[NOW, 100]]);
    assert.deepEqual(lines, []);
  });

  it('counts only principals it expired something of, and stops after 20 batches', async () => {
    const { deps, grants, callsOf } = billingWorld();
    grants.push({ principalId: 'usr_a', remainingMicro: 1_000n, due: true });
    // Another replica expires the grant first: the principal keeps being listed, nothing is expired here.
    const raced = { ...deps.grants, expireDue: async () => 0 };
    assert.deepEqual(await sweepExpiredGrants({ ...deps, grants: raced, batchSize: 1 }, NOW), {
      principals: 0,
      grants: 0,
    });
    assert.equal(callsOf('principalsWithDueGrants').length, 20);
  });
});
