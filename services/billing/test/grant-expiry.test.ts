import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertLedgerInvariants, CREDIT, HOUR_MS, rejectsWith, startBilling, type BillingHarness } from './support.ts';

let h: BillingHarness;

before(async () => {
  h = await startBilling();
});

after(async () => {
  await h?.stop();
});

describe('grant expiry', () => {
  it('expired credits stop counting, on read and by the sweeper, with an expiry entry each', async () => {
    const { grantId } = await h.grant('usr_expiry', 2, { expiresInMs: HOUR_MS, reason: 'trial' });
    await h.grant('usr_expiry', 1);
    await h.grant('usr_sweep', 3, { expiresInMs: HOUR_MS });
    assert.equal((await h.billing.getBalance({ principalId: 'usr_expiry' })).availableMicro, 3 * CREDIT);
    assert.equal((await h.billing.listGrants({ principalId: 'usr_expiry', includeExpired: false })).grants.length, 2);

    h.clock.advance(HOUR_MS);
    assert.equal(
      (await h.billing.getBalance({ principalId: 'usr_expiry' })).availableMicro,
      1 * CREDIT,
      'read at the expiry instant',
    );
    const [expiry] = (await h.billing.listLedger({ principalId: 'usr_expiry', limit: 1 })).entries;
    assert.deepEqual(
      [expiry!.kind, expiry!.reference, expiry!.availableDeltaMicro, expiry!.availableAfterMicro],
      ['expiry', grantId, -2 * CREDIT, CREDIT],
    );
    assert.match(expiry!.description, /2 credits of grant "trial" expired unused/);
    const active = await h.billing.listGrants({ principalId: 'usr_expiry', includeExpired: false });
    const all = await h.billing.listGrants({ principalId: 'usr_expiry', includeExpired: true });
    assert.equal(active.grants.length, 1);
    const expired = all.grants.find((g) => g.grantId === grantId)!;
    assert.deepEqual([expired.expired, expired.remainingMicro, expired.amountMicro], [true, 0, 2 * CREDIT]);
    await rejectsWith(
      h.billing.reserve({ principalId: 'usr_expiry', reference: 'job_expiry', profile: 'oracle', seconds: 3601 }),
      'insufficient_credits',
    );

    // Nobody read usr_sweep: the sweeper expires it.
    assert.equal(
      (await h.db.query(`SELECT available_micro FROM credit_accounts WHERE principal_id = 'usr_sweep'`)).rows[0]
        .available_micro,
      String(3 * CREDIT),
    );
    const swept = await h.service.sweepExpired(h.clock.now());
    assert.ok(swept.principals >= 1 && swept.grants >= 1);
    assert.equal(
      (await h.db.query(`SELECT available_micro FROM credit_accounts WHERE principal_id = 'usr_sweep'`)).rows[0]
        .available_micro,
      '0',
    );
    assert.deepEqual(
      await h.service.sweepExpired(h.clock.now()),
      { principals: 0, grants: 0 },
      'sweeping again changes nothing',
    );
    for (const p of ['usr_expiry', 'usr_sweep']) await assertLedgerInvariants(h.db, p, { expiredBy: h.clock.now() });
  });
});

describe('grant expiry and returned credits', () => {
  it('spends the grant that expires first, and what a release returns to an expired grant expires at once', async () => {
    const soon = await h.grant('usr_return', 0.006, { expiresInMs: HOUR_MS });
    const later = await h.grant('usr_return', 0.01, { expiresInMs: 10 * HOUR_MS });
    await h.grant('usr_return', 1);
    // 0.01 credits: 0.006 from the grant expiring first, 0.004 from the next one.
    await h.billing.reserve({ principalId: 'usr_return', reference: 'job_return', profile: 'base', seconds: 90 });
    const allocations = (
      await h.db.query('SELECT grant_id, amount_micro FROM reservation_allocations ORDER BY position')
    ).rows.filter((a) => [soon.grantId, later.grantId].includes(a.grant_id));
    assert.deepEqual(
      allocations.map((a) => [a.grant_id, a.amount_micro]),
      [
        [soon.grantId, '6000'],
        [later.grantId, '4000'],
      ],
    );

    h.clock.advance(2 * HOUR_MS);
    const released = await h.billing.release({ reference: 'job_return' });
    assert.equal(released.balance!.availableMicro, CREDIT + 10_000, 'the 0.006 back to the expired grant is gone');
    const latest = (await h.billing.listLedger({ principalId: 'usr_return', limit: 2 })).entries;
    assert.deepEqual(
      latest.map((e) => [e.kind, e.reference, e.availableDeltaMicro]),
      [
        ['expiry', soon.grantId, -6_000],
        ['release', 'job_return', 10_000],
      ],
    );
    await assertLedgerInvariants(h.db, 'usr_return', { expiredBy: h.clock.now() });
  });

  it('a settlement returns its unused part to the later grants, and expires what lands on an expired one', async () => {
    const soon = await h.grant('usr_settle_exp', 0.006, { expiresInMs: HOUR_MS });
    await h.grant('usr_settle_exp', 0.01);
    await h.billing.reserve({
      principalId: 'usr_settle_exp',
      reference: 'job_settle_exp',
      profile: 'base',
      seconds: 90,
    });
    h.clock.advance(2 * HOUR_MS);
    // Charged 0.005: taken from the expired grant first, so 0.001 of its 0.006 returns and expires.
    const settled = await h.billing.settle({ reference: 'job_settle_exp', actualSeconds: 45 });
    assert.equal(settled.chargedMicro, 5_000);
    assert.equal(settled.balance!.availableMicro, 10_000, 'the never-expiring grant got its 0.004 back');
    const latest = (await h.billing.listLedger({ principalId: 'usr_settle_exp', limit: 2 })).entries;
    assert.deepEqual(
      latest.map((e) => [e.kind, e.reference, e.availableDeltaMicro, e.reservedDeltaMicro]),
      [
        ['expiry', soon.grantId, -1_000, 0],
        ['settlement', 'job_settle_exp', 5_000, -10_000],
      ],
    );
    await assertLedgerInvariants(h.db, 'usr_settle_exp', { expiredBy: h.clock.now() });
  });
});
