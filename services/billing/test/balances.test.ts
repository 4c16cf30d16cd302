// A principal's credits through the service and its real ledger: who may call, the operator's
// grants and metered charges (each once per reference), the reads, the expiry of grants (on a read,
// by the sweeper, and of credits returned to an expired grant), and the database's own refusals.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Metadata } from '@grpc/grpc-js';
import { BillingServiceService, ChargeRequest, ReserveRequest, SettleRequest } from '@tp/proto';
import { assertCallerChecks } from '@tp/testing';
import { assertLedgerInvariants, billingForFile, CREDIT, HOUR_MS, rejectsWith } from './support.ts';

const harness = billingForFile({ PLAN_NAME: 'team', PLAN_MAX_CONCURRENT_JOBS: '7' });

describe('who may call (ADR 0011)', () => {
  it('refuses calls without a valid token, from a service a method does not list, and for another user', async () => {
    await assertCallerChecks({
      definition: BillingServiceService,
      address: `127.0.0.1:${harness().service.grpcPort}`,
      audience: 'billing',
      // The principal of a balance read is the user the gateway acts for.
      forUser: { method: 'getBalance', request: (userId) => ({ principalId: userId }) },
      notAllowed: [
        // Only jobs holds and settles credits; only ai-proxy charges.
        { method: 'settle', request: SettleRequest.fromPartial({ reference: 'job_x' }), caller: 'gateway' },
        { method: 'reserve', request: ReserveRequest.fromPartial({ principalId: 'usr_checked' }), caller: 'worker' },
        { method: 'charge', request: ChargeRequest.fromPartial({ principalId: 'usr_checked' }), caller: 'jobs' },
      ],
    });
  });

  it('keeps the operator API on its admin key', async () => {
    const h = harness();
    const wrong = new Metadata();
    wrong.set('x-admin-key', 'x'.repeat(64));
    const request = { principalId: 'usr_admin', amountMicro: CREDIT, reason: '', expiresAt: undefined, reference: '' };
    for (const metadata of [new Metadata(), wrong])
      await rejectsWith(h.admin.grantCredits(request, { metadata }), 'admin_required');
    assert.equal((await h.billing.getBalance({ principalId: 'usr_admin' })).availableMicro, 0);
    assert.equal((await h.admin.grantCredits(request, { metadata: h.adminKey })).grant!.reason, 'Operator grant');
  });
});

describe('grants and charges, once per reference', () => {
  it('granting a reference again grants once; other figures under it are a conflict; no reference is always new', async () => {
    const h = harness();
    const grant = (amountMicro: number, principalId = 'usr_grant') =>
      h.admin.grantCredits(
        { principalId, amountMicro, reason: 'welcome', expiresAt: undefined, reference: 'welcome-usr_grant' },
        { metadata: h.adminKey },
      );
    const first = await grant(2 * CREDIT);
    assert.equal((await grant(2 * CREDIT)).grant!.grantId, first.grant!.grantId);
    await rejectsWith(grant(3 * CREDIT), 'conflict', /already used/);
    await rejectsWith(grant(2 * CREDIT, 'usr_someone_else'), 'conflict');
    await h.grant('usr_grant', 1);
    await h.grant('usr_grant', 1);
    assert.equal((await h.billing.getBalance({ principalId: 'usr_grant' })).availableMicro, 4 * CREDIT);
    assert.deepEqual(await h.kinds('usr_grant'), ['grant', 'grant', 'grant']);
  });

  it('charging a usage again is a replay of its entry; other figures under it are a conflict', async () => {
    const h = harness();
    await h.grant('usr_charge', 1);
    const charge = (inputTokens: number) =>
      h.billing.charge({
        principalId: 'usr_charge',
        reference: 'use_1',
        model: 'svc-chat',
        inputTokens,
        outputTokens: 500,
      });
    const first = await charge(1000);
    assert.deepEqual([first.chargedMicro, first.replayed, first.balance!.availableMicro], [7_500, false, 992_500]);
    const again = await charge(1000);
    assert.deepEqual([again.replayed, again.entryId, again.balance!.availableMicro], [true, first.entryId, 992_500]);
    await rejectsWith(charge(1001), 'conflict');
    const [entry] = (await h.billing.listLedger({ principalId: 'usr_charge', limit: 1 })).entries;
    assert.deepEqual([entry!.kind, entry!.entryId, entry!.availableDeltaMicro], ['charge', first.entryId, -7_500]);
    await rejectsWith(
      h.billing.charge({
        principalId: 'usr_broke',
        reference: 'use_2',
        model: 'svc-chat',
        inputTokens: 1,
        outputTokens: 0,
      }),
      'insufficient_credits',
    );
    await assertLedgerInvariants(h.db, 'usr_charge');
  });
});

describe('reads', () => {
  it('an unknown principal reads as zeros everywhere and gets no account', async () => {
    const h = harness();
    const balance = await h.billing.getBalance({ principalId: 'usr_nobody' });
    assert.deepEqual([balance.availableMicro, balance.reservedMicro, balance.totalMicro], [0, 0, 0]);
    assert.deepEqual((await h.billing.listLedger({ principalId: 'usr_nobody', limit: 0 })).entries, []);
    assert.deepEqual((await h.billing.listGrants({ principalId: 'usr_nobody', includeExpired: true })).grants, []);
    const { balances } = await h.billing.listPrincipalBalances({ userId: 'usr_nobody' });
    assert.deepEqual(
      balances.map((b) => [b.principalType, b.balance!.principalId, b.balance!.totalMicro]),
      [['user', 'usr_nobody', 0]],
    );
    const { rows } = await h.db.query(`SELECT 1 FROM credit_accounts WHERE principal_id = 'usr_nobody'`);
    assert.deepEqual(rows, []);
  });

  it('list the ledger newest first within the limit, with the balances after each entry', async () => {
    const h = harness();
    await h.grant('usr_list', 1);
    for (let i = 0; i < 3; i += 1)
      await h.billing.reserve({ principalId: 'usr_list', reference: `job_list_${i}`, profile: 'base', seconds: 90 });
    const { entries } = await h.billing.listLedger({ principalId: 'usr_list', limit: 2 });
    assert.deepEqual(
      entries.map((e) => [
        e.reference,
        e.availableDeltaMicro,
        e.reservedDeltaMicro,
        e.availableAfterMicro,
        e.reservedAfterMicro,
      ]),
      [
        ['job_list_2', -10_000, 10_000, 970_000, 30_000],
        ['job_list_1', -10_000, 10_000, 980_000, 20_000],
      ],
    );
    const { balances } = await h.billing.listPrincipalBalances({ userId: 'usr_list' });
    assert.equal(balances[0]?.balance?.totalMicro, 1_000_000);
  });

  it('answer the billing profile from the catalog and the plan settings', async () => {
    assert.deepEqual(await harness().billing.getProfile({ userId: 'usr_profile' }), {
      principalId: 'usr_profile',
      currency: 'USD',
      creditPriceMinorUnits: 120,
      plan: 'team',
      maxConcurrentJobs: 7,
      storageQuotaBytes: 53_687_091_200,
      maxUploadBytes: 5_368_709_120,
    });
  });

  it('the database refuses to change or delete a ledger entry, or to let a balance go negative', async () => {
    const h = harness();
    await h.grant('usr_immutable', 1);
    const where = `WHERE principal_id = 'usr_immutable'`;
    await assert.rejects(h.db.query(`UPDATE ledger_entries SET available_delta_micro = 0 ${where}`), /immutable/);
    await assert.rejects(h.db.query(`DELETE FROM ledger_entries ${where}`), /immutable/);
    await assert.rejects(h.db.query(`UPDATE credit_accounts SET available_micro = -1 ${where}`), /negative/);
    await assertLedgerInvariants(h.db, 'usr_immutable');
  });
});

describe('grant expiry', () => {
  it('expired credits stop counting, on a read and by the sweeper, with an expiry entry each', async () => {
    const h = harness();
    const { grantId } = await h.grant('usr_expiry', 2, { expiresInMs: HOUR_MS, reason: 'trial' });
    await h.grant('usr_expiry', 1);
    await h.grant('usr_sweep', 3, { expiresInMs: HOUR_MS });
    assert.equal((await h.billing.listGrants({ principalId: 'usr_expiry', includeExpired: false })).grants.length, 2);
    h.clock.advance(HOUR_MS);
    assert.equal((await h.billing.getBalance({ principalId: 'usr_expiry' })).availableMicro, CREDIT, 'at the instant');
    const [expiry] = (await h.billing.listLedger({ principalId: 'usr_expiry', limit: 1 })).entries;
    assert.deepEqual(
      [expiry!.kind, expiry!.reference, expiry!.availableDeltaMicro, expiry!.description],
      ['expiry', grantId, -2 * CREDIT, '2 credits of grant "trial" expired unused'],
    );
    const all = await h.billing.listGrants({ principalId: 'usr_expiry', includeExpired: true });
    const expired = all.grants.find((g) => g.grantId === grantId)!;
    assert.deepEqual([all.grants.length, expired.expired, expired.remainingMicro], [2, true, 0]);
    assert.equal((await h.billing.listGrants({ principalId: 'usr_expiry', includeExpired: false })).grants.length, 1);
    // Nobody read usr_sweep: the sweeper expires it, once.
    assert.deepEqual(await h.service.sweepExpired(h.clock.now()), { principals: 1, grants: 1 });
    assert.deepEqual(await h.service.sweepExpired(h.clock.now()), { principals: 0, grants: 0 });
    assert.deepEqual(await h.kinds('usr_sweep'), ['expiry', 'grant']);
    for (const p of ['usr_expiry', 'usr_sweep']) await assertLedgerInvariants(h.db, p, { expiredBy: h.clock.now() });
  });

  it('a hold spends the grant that expires first; what a release returns to an expired grant expires at once', async () => {
    const h = harness();
    const soon = await h.grant('usr_return', 0.006, { expiresInMs: HOUR_MS });
    const later = await h.grant('usr_return', 0.01, { expiresInMs: 10 * HOUR_MS });
    await h.grant('usr_return', 1);
    await h.billing.reserve({ principalId: 'usr_return', reference: 'job_return', profile: 'base', seconds: 90 });
    const { rows } = await h.db.query(
      'SELECT grant_id, amount_micro FROM reservation_allocations WHERE grant_id = ANY($1) ORDER BY position',
      [[soon.grantId, later.grantId]],
    );
    assert.deepEqual(
      rows.map((a) => [a.grant_id, a.amount_micro]),
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
    const h = harness();
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
    assert.deepEqual([settled.chargedMicro, settled.balance!.availableMicro], [5_000, 10_000]);
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
