import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertLedgerInvariants, rejectsWith, startBilling, type BillingHarness } from './support.ts';

let h: BillingHarness;

before(async () => {
  h = await startBilling({ PLAN_NAME: 'team', PLAN_MAX_CONCURRENT_JOBS: '7' });
});

after(async () => {
  await h?.stop();
});

describe('reads', () => {
  it('an unknown principal reads as zeros and gets no account', async () => {
    const balance = await h.billing.getBalance({ principalId: 'usr_nobody' });
    assert.deepEqual(
      [balance.principalId, balance.availableMicro, balance.reservedMicro, balance.totalMicro],
      ['usr_nobody', 0, 0, 0],
    );
    assert.deepEqual((await h.billing.listLedger({ principalId: 'usr_nobody', limit: 0 })).entries, []);
    assert.deepEqual((await h.billing.listGrants({ principalId: 'usr_nobody', includeExpired: true })).grants, []);
    const { balances } = await h.billing.listPrincipalBalances({ userId: 'usr_nobody' });
    assert.deepEqual(
      balances.map((b) => [b.principalType, b.balance!.principalId, b.balance!.totalMicro]),
      [['user', 'usr_nobody', 0]],
    );
    assert.equal(
      (await h.db.query(`SELECT count(*)::int AS n FROM credit_accounts WHERE principal_id = 'usr_nobody'`)).rows[0].n,
      0,
    );
  });

  it('lists the ledger newest first within the limit, with the balances after each entry', async () => {
    await h.grant('usr_list', 1);
    for (let i = 0; i < 3; i += 1)
      await h.billing.reserve({ principalId: 'usr_list', reference: `job_list_${i}`, profile: 'base', seconds: 90 });
    const { entries } = await h.billing.listLedger({ principalId: 'usr_list', limit: 2 });
    assert.deepEqual(
      entries.map((e) => e.reference),
      ['job_list_2', 'job_list_1'],
    );
    assert.deepEqual(
      [
        entries[0]!.availableDeltaMicro,
        entries[0]!.reservedDeltaMicro,
        entries[0]!.availableAfterMicro,
        entries[0]!.reservedAfterMicro,
      ],
      [-10_000, 10_000, 970_000, 30_000],
    );
    const { balances } = await h.billing.listPrincipalBalances({ userId: 'usr_list' });
    assert.deepEqual(
      [balances[0]!.balance!.availableMicro, balances[0]!.balance!.reservedMicro, balances[0]!.balance!.totalMicro],
      [970_000, 30_000, 1_000_000],
    );
  });

  it('answers the billing profile from the catalog and the plan settings', async () => {
    const profile = await h.billing.getProfile({ userId: 'usr_profile' });
    assert.deepEqual(profile, {
      principalId: 'usr_profile',
      currency: 'USD',
      creditPriceMinorUnits: 120,
      plan: 'team',
      maxConcurrentJobs: 7,
      storageQuotaBytes: 53_687_091_200,
      maxUploadBytes: 5_368_709_120,
    });
    // A request for no user does not even reach the handler: the gateway acts for someone (ADR 0011).
    await rejectsWith(h.billing.getProfile({ userId: '' }), 'caller_user_mismatch');
  });
});

describe('the ledger is insert only', () => {
  it('the database refuses to change or delete an entry', async () => {
    await h.grant('usr_immutable', 1);
    await assert.rejects(
      h.db.query(`UPDATE ledger_entries SET available_delta_micro = 0 WHERE principal_id = 'usr_immutable'`),
      /immutable/,
    );
    await assert.rejects(h.db.query(`DELETE FROM ledger_entries WHERE principal_id = 'usr_immutable'`), /immutable/);
    await assert.rejects(
      h.db.query(`UPDATE credit_accounts SET available_micro = -1 WHERE principal_id = 'usr_immutable'`),
      /negative/,
    );
    await assertLedgerInvariants(h.db, 'usr_immutable');
  });
});
