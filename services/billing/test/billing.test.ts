import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Metadata } from '@grpc/grpc-js';
import { fromGrpcError } from '@tp/errors';
import { CREDIT, HOUR_MS, assertLedgerInvariants, rejectsWith, startBilling, type BillingHarness } from './support.ts';

let h: BillingHarness;

before(async () => {
  h = await startBilling({ PLAN_NAME: 'team', PLAN_MAX_CONCURRENT_JOBS: '7' });
});

after(async () => {
  await h?.stop();
});

const kinds = async (principalId: string) => (await h.billing.listLedger({ principalId, limit: 0 })).entries.map((e) => e.kind);

describe('per-second pricing', () => {
  it('90 s of base audio hold and cost exactly 10000 micro-credits (0.01 credits)', async () => {
    await h.grant('usr_price', 1);
    const held = await h.billing.reserve({ principalId: 'usr_price', reference: 'job_price', profile: 'base', seconds: 90 });
    assert.equal(held.status, 'held');
    assert.equal(held.heldMicro, 10_000);
    assert.deepEqual([held.balance!.availableMicro, held.balance!.reservedMicro, held.balance!.totalMicro], [990_000, 10_000, 1_000_000]);

    const settled = await h.billing.settle({ reference: 'job_price', actualSeconds: 90 });
    assert.equal(settled.status, 'settled');
    assert.equal(settled.chargedMicro, 10_000);
    assert.ok(settled.settledAt);
    assert.deepEqual([settled.balance!.availableMicro, settled.balance!.reservedMicro], [990_000, 0]);
    await assertLedgerInvariants(h.db, 'usr_price');
  });

  it('settles the actual seconds and returns the unused hold; never charges above the hold', async () => {
    await h.grant('usr_partial', 1);
    await h.billing.reserve({ principalId: 'usr_partial', reference: 'job_partial', profile: 'base', seconds: 90 });
    const settled = await h.billing.settle({ reference: 'job_partial', actualSeconds: 45 });
    assert.equal(settled.chargedMicro, 5_000);
    assert.equal(settled.balance!.availableMicro, 995_000);

    await h.billing.reserve({ principalId: 'usr_partial', reference: 'job_longer', profile: 'oracle', seconds: 36 });
    const capped = await h.billing.settle({ reference: 'job_longer', actualSeconds: 3600 });
    assert.equal(capped.chargedMicro, 10_000, '36 s of oracle held; a longer actual is charged the hold only');
    assert.deepEqual(await kinds('usr_partial'), ['settlement', 'reservation', 'settlement', 'reservation', 'grant']);
    await assertLedgerInvariants(h.db, 'usr_partial');
  });
});

describe('insufficient credits', () => {
  it('refuses a reservation the available balance cannot cover, with the required and available credits', async () => {
    await h.grant('usr_short', 0.005);
    const err = await h.billing.reserve({ principalId: 'usr_short', reference: 'job_short', profile: 'base', seconds: 90 }).catch((e: unknown) => fromGrpcError(e));
    assert.equal((err as { code: string }).code, 'insufficient_credits');
    assert.deepEqual((err as { details: object }).details, { required_credits: 0.01, available_credits: 0.005 });
    assert.match((err as Error).message, /needs 0\.01 credits; 0\.005 are available/);
    assert.deepEqual(await kinds('usr_short'), ['grant'], 'nothing was held');
  });

  it('refuses a charge the balance cannot cover, and an unknown principal has nothing', async () => {
    await rejectsWith(h.billing.charge({ principalId: 'usr_broke', reference: 'use_broke', model: 'svc-chat', inputTokens: 1000, outputTokens: 0 }), 'insufficient_credits');
    const err = await h.billing.reserve({ principalId: 'usr_broke', reference: 'job_broke', profile: 'base', seconds: 1 }).catch((e: unknown) => fromGrpcError(e));
    assert.deepEqual((err as { details: object }).details, { required_credits: 0.000112, available_credits: 0 });
  });

  it('counts held credits as unavailable', async () => {
    await h.grant('usr_held', 0.01);
    await h.billing.reserve({ principalId: 'usr_held', reference: 'job_held_1', profile: 'base', seconds: 90 });
    await rejectsWith(h.billing.reserve({ principalId: 'usr_held', reference: 'job_held_2', profile: 'base', seconds: 1 }), 'insufficient_credits');
    await h.billing.release({ reference: 'job_held_1' });
    await h.billing.reserve({ principalId: 'usr_held', reference: 'job_held_2', profile: 'base', seconds: 1 });
    await assertLedgerInvariants(h.db, 'usr_held');
  });
});

describe('idempotency', () => {
  it('reserving the same reference again answers the same reservation without a second hold', async () => {
    await h.grant('usr_idem', 1);
    const first = await h.billing.reserve({ principalId: 'usr_idem', reference: 'job_idem', profile: 'base', seconds: 90 });
    const again = await h.billing.reserve({ principalId: 'usr_idem', reference: 'job_idem', profile: 'base', seconds: 90 });
    assert.equal(again.reservationId, first.reservationId);
    assert.equal(again.balance!.reservedMicro, 10_000);
    await rejectsWith(h.billing.reserve({ principalId: 'usr_idem', reference: 'job_idem', profile: 'oracle', seconds: 90 }), 'conflict', /other work/);
    await rejectsWith(h.billing.reserve({ principalId: 'usr_other', reference: 'job_idem', profile: 'base', seconds: 90 }), 'conflict');
    assert.deepEqual(await kinds('usr_idem'), ['reservation', 'grant']);
  });

  it('a retried settle never charges twice; a different charge for it is a conflict', async () => {
    await h.grant('usr_settle', 1);
    await h.billing.reserve({ principalId: 'usr_settle', reference: 'job_settle', profile: 'base', seconds: 90 });
    const first = await h.billing.settle({ reference: 'job_settle', actualSeconds: 60 });
    const again = await h.billing.settle({ reference: 'job_settle', actualSeconds: 60 });
    assert.equal(again.chargedMicro, first.chargedMicro);
    assert.equal(again.balance!.availableMicro, first.balance!.availableMicro);
    await rejectsWith(h.billing.settle({ reference: 'job_settle', actualSeconds: 30 }), 'conflict', /already settled/);
    await rejectsWith(h.billing.release({ reference: 'job_settle' }), 'conflict', /settled; it cannot be released/);
    assert.deepEqual(await kinds('usr_settle'), ['settlement', 'reservation', 'grant']);
    await assertLedgerInvariants(h.db, 'usr_settle');
  });

  it('a retried release returns the hold once; settling a released reservation is a conflict', async () => {
    await h.grant('usr_release', 1);
    await h.billing.reserve({ principalId: 'usr_release', reference: 'job_release', profile: 'base', seconds: 90 });
    const first = await h.billing.release({ reference: 'job_release' });
    const again = await h.billing.release({ reference: 'job_release' });
    assert.equal(first.status, 'released');
    assert.equal(again.status, 'released');
    assert.deepEqual([again.balance!.availableMicro, again.balance!.reservedMicro, again.chargedMicro], [1_000_000, 0, 0]);
    await rejectsWith(h.billing.settle({ reference: 'job_release', actualSeconds: 10 }), 'conflict', /released; it cannot be settled/);
    assert.deepEqual(await kinds('usr_release'), ['release', 'reservation', 'grant']);
    await assertLedgerInvariants(h.db, 'usr_release');
  });

  it('charging the same usage again is a replay; other figures under it are a conflict', async () => {
    await h.grant('usr_charge', 1);
    const first = await h.billing.charge({ principalId: 'usr_charge', reference: 'use_1', model: 'svc-chat', inputTokens: 1000, outputTokens: 500 });
    assert.equal(first.chargedMicro, 7_500); // 1000 × 2.5 + 500 × 10 micro-credits
    assert.equal(first.replayed, false);
    assert.equal(first.balance!.availableMicro, 992_500);
    const again = await h.billing.charge({ principalId: 'usr_charge', reference: 'use_1', model: 'svc-chat', inputTokens: 1000, outputTokens: 500 });
    assert.deepEqual([again.replayed, again.entryId, again.chargedMicro, again.balance!.availableMicro], [true, first.entryId, 7_500, 992_500]);
    await rejectsWith(h.billing.charge({ principalId: 'usr_charge', reference: 'use_1', model: 'svc-chat', inputTokens: 1001, outputTokens: 500 }), 'conflict');
    const entries = (await h.billing.listLedger({ principalId: 'usr_charge', limit: 1 })).entries;
    assert.deepEqual([entries[0]!.kind, entries[0]!.entryId, entries[0]!.reference, entries[0]!.availableDeltaMicro], ['charge', first.entryId, 'use_1', -7_500]);
    await assertLedgerInvariants(h.db, 'usr_charge');
  });

  it('granting the same reference twice grants once; other figures under it are a conflict', async () => {
    const grant = (amountMicro: number, principalId = 'usr_grant') =>
      h.admin.grantCredits({ principalId, amountMicro, reason: 'welcome', expiresAt: undefined, reference: 'welcome-usr_grant' }, { metadata: h.adminKey });
    const first = await grant(2 * CREDIT);
    const again = await grant(2 * CREDIT);
    assert.equal(again.grant!.grantId, first.grant!.grantId);
    assert.equal(again.balance!.availableMicro, 2 * CREDIT);
    await rejectsWith(grant(3 * CREDIT), 'conflict', /already used/);
    await rejectsWith(grant(2 * CREDIT, 'usr_someone_else'), 'conflict');
    assert.deepEqual(await kinds('usr_grant'), ['grant']);
    // Without a reference every call is a new grant.
    await h.grant('usr_grant', 1);
    await h.grant('usr_grant', 1);
    assert.equal((await h.billing.getBalance({ principalId: 'usr_grant' })).availableMicro, 4 * CREDIT);
  });
});

describe('refusals', () => {
  it('refuses unknown profiles, aliases and references, and malformed requests', async () => {
    await h.grant('usr_bad', 1);
    await rejectsWith(h.billing.reserve({ principalId: 'usr_bad', reference: 'job_bad', profile: 'oracle-ultra', seconds: 10 }), 'bad_request', /Unknown profile/);
    await rejectsWith(h.billing.reserve({ principalId: 'usr_bad', reference: 'job_bad', profile: 'base', seconds: 0 }), 'bad_request', /seconds/);
    await rejectsWith(h.billing.reserve({ principalId: 'usr_bad', reference: '', profile: 'base', seconds: 10 }), 'bad_request', /reference/);
    await rejectsWith(h.billing.reserve({ principalId: '', reference: 'job_bad', profile: 'base', seconds: 10 }), 'bad_request', /principal_id/);
    await rejectsWith(h.billing.charge({ principalId: 'usr_bad', reference: 'use_bad', model: 'gpt-x', inputTokens: 1, outputTokens: 1 }), 'bad_request', /Unknown model alias/);
    await rejectsWith(h.billing.charge({ principalId: 'usr_bad', reference: 'use_bad', model: 'svc-chat', inputTokens: -1, outputTokens: 1 }), 'bad_request', /input_tokens/);
    await rejectsWith(h.billing.settle({ reference: 'job_nope', actualSeconds: 1 }), 'not_found', /job_nope/);
    await rejectsWith(h.billing.release({ reference: 'job_nope' }), 'not_found');
    await h.billing.reserve({ principalId: 'usr_bad', reference: 'job_bad', profile: 'base', seconds: 10 });
    await rejectsWith(h.billing.settle({ reference: 'job_bad', actualSeconds: -1 }), 'bad_request', /actual_seconds/);
    await rejectsWith(h.billing.listLedger({ principalId: 'usr_bad', limit: 201 }), 'bad_request', /between 1 and 200/);
    await rejectsWith(h.billing.getBalance({ principalId: 'not an id' }), 'bad_request');
    assert.deepEqual(await kinds('usr_bad'), ['reservation', 'grant']);
  });
});

describe('operator API', () => {
  it('requires the admin key', async () => {
    const wrong = new Metadata();
    wrong.set('x-admin-key', 'x'.repeat(64));
    const request = { principalId: 'usr_admin', amountMicro: CREDIT, reason: '', expiresAt: undefined, reference: '' };
    for (const metadata of [new Metadata(), wrong]) await rejectsWith(h.admin.grantCredits(request, { metadata }), 'admin_required');
    assert.equal((await h.billing.getBalance({ principalId: 'usr_admin' })).availableMicro, 0);
    const { grant } = await h.admin.grantCredits(request, { metadata: h.adminKey });
    assert.equal(grant!.reason, 'Operator grant');
  });

  it('refuses non-positive amounts and past expiries', async () => {
    const request = { principalId: 'usr_admin2', amountMicro: CREDIT, reason: 'x', expiresAt: undefined, reference: '' };
    await rejectsWith(h.admin.grantCredits({ ...request, amountMicro: 0 }, { metadata: h.adminKey }), 'bad_request', /amount_micro/);
    await rejectsWith(h.admin.grantCredits({ ...request, amountMicro: -5 }, { metadata: h.adminKey }), 'bad_request', /amount_micro/);
    await rejectsWith(h.admin.grantCredits({ ...request, expiresAt: h.clock.now() }, { metadata: h.adminKey }), 'bad_request', /future/);
    assert.equal((await h.billing.listGrants({ principalId: 'usr_admin2', includeExpired: true })).grants.length, 0);
  });
});

describe('reads', () => {
  it('an unknown principal reads as zeros and gets no account', async () => {
    const balance = await h.billing.getBalance({ principalId: 'usr_nobody' });
    assert.deepEqual([balance.principalId, balance.availableMicro, balance.reservedMicro, balance.totalMicro], ['usr_nobody', 0, 0, 0]);
    assert.deepEqual((await h.billing.listLedger({ principalId: 'usr_nobody', limit: 0 })).entries, []);
    assert.deepEqual((await h.billing.listGrants({ principalId: 'usr_nobody', includeExpired: true })).grants, []);
    const { balances } = await h.billing.listPrincipalBalances({ userId: 'usr_nobody' });
    assert.deepEqual(balances.map((b) => [b.principalType, b.balance!.principalId, b.balance!.totalMicro]), [['user', 'usr_nobody', 0]]);
    assert.equal((await h.db.query(`SELECT count(*)::int AS n FROM credit_accounts WHERE principal_id = 'usr_nobody'`)).rows[0].n, 0);
  });

  it('lists the ledger newest first within the limit, with the balances after each entry', async () => {
    await h.grant('usr_list', 1);
    for (let i = 0; i < 3; i += 1) await h.billing.reserve({ principalId: 'usr_list', reference: `job_list_${i}`, profile: 'base', seconds: 90 });
    const { entries } = await h.billing.listLedger({ principalId: 'usr_list', limit: 2 });
    assert.deepEqual(entries.map((e) => e.reference), ['job_list_2', 'job_list_1']);
    assert.deepEqual([entries[0]!.availableDeltaMicro, entries[0]!.reservedDeltaMicro, entries[0]!.availableAfterMicro, entries[0]!.reservedAfterMicro], [-10_000, 10_000, 970_000, 30_000]);
    const { balances } = await h.billing.listPrincipalBalances({ userId: 'usr_list' });
    assert.deepEqual([balances[0]!.balance!.availableMicro, balances[0]!.balance!.reservedMicro, balances[0]!.balance!.totalMicro], [970_000, 30_000, 1_000_000]);
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
    await rejectsWith(h.billing.getProfile({ userId: '' }), 'bad_request', /user_id/);
  });
});

describe('grant expiry', () => {
  it('expired credits stop counting, on read and by the sweeper, with an expiry entry each', async () => {
    const { grantId } = await h.grant('usr_expiry', 2, { expiresInMs: HOUR_MS, reason: 'trial' });
    await h.grant('usr_expiry', 1);
    await h.grant('usr_sweep', 3, { expiresInMs: HOUR_MS });
    assert.equal((await h.billing.getBalance({ principalId: 'usr_expiry' })).availableMicro, 3 * CREDIT);
    assert.equal((await h.billing.listGrants({ principalId: 'usr_expiry', includeExpired: false })).grants.length, 2);

    h.clock.advance(HOUR_MS);
    assert.equal((await h.billing.getBalance({ principalId: 'usr_expiry' })).availableMicro, 1 * CREDIT, 'read at the expiry instant');
    const [expiry] = (await h.billing.listLedger({ principalId: 'usr_expiry', limit: 1 })).entries;
    assert.deepEqual([expiry!.kind, expiry!.reference, expiry!.availableDeltaMicro, expiry!.availableAfterMicro], ['expiry', grantId, -2 * CREDIT, CREDIT]);
    assert.match(expiry!.description, /2 credits of grant "trial" expired unused/);
    const active = await h.billing.listGrants({ principalId: 'usr_expiry', includeExpired: false });
    const all = await h.billing.listGrants({ principalId: 'usr_expiry', includeExpired: true });
    assert.equal(active.grants.length, 1);
    const expired = all.grants.find((g) => g.grantId === grantId)!;
    assert.deepEqual([expired.expired, expired.remainingMicro, expired.amountMicro], [true, 0, 2 * CREDIT]);
    await rejectsWith(h.billing.reserve({ principalId: 'usr_expiry', reference: 'job_expiry', profile: 'oracle', seconds: 3601 }), 'insufficient_credits');

    // Nobody read usr_sweep: the sweeper expires it.
    assert.equal((await h.db.query(`SELECT available_micro FROM credit_accounts WHERE principal_id = 'usr_sweep'`)).rows[0].available_micro, String(3 * CREDIT));
    const swept = await h.service.sweepExpired(h.clock.now());
    assert.ok(swept.principals >= 1 && swept.grants >= 1);
    assert.equal((await h.db.query(`SELECT available_micro FROM credit_accounts WHERE principal_id = 'usr_sweep'`)).rows[0].available_micro, '0');
    assert.deepEqual(await h.service.sweepExpired(h.clock.now()), { principals: 0, grants: 0 }, 'sweeping again changes nothing');
    for (const p of ['usr_expiry', 'usr_sweep']) await assertLedgerInvariants(h.db, p, { expiredBy: h.clock.now() });
  });

  it('spends the grant that expires first, and what a release returns to an expired grant expires at once', async () => {
    const soon = await h.grant('usr_return', 0.006, { expiresInMs: HOUR_MS });
    const later = await h.grant('usr_return', 0.01, { expiresInMs: 10 * HOUR_MS });
    await h.grant('usr_return', 1);
    // 0.01 credits: 0.006 from the grant expiring first, 0.004 from the next one.
    await h.billing.reserve({ principalId: 'usr_return', reference: 'job_return', profile: 'base', seconds: 90 });
    const allocations = (await h.db.query('SELECT grant_id, amount_micro FROM reservation_allocations ORDER BY position')).rows.filter((a) => [soon.grantId, later.grantId].includes(a.grant_id));
    assert.deepEqual(allocations.map((a) => [a.grant_id, a.amount_micro]), [[soon.grantId, '6000'], [later.grantId, '4000']]);

    h.clock.advance(2 * HOUR_MS);
    const released = await h.billing.release({ reference: 'job_return' });
    assert.equal(released.balance!.availableMicro, CREDIT + 10_000, 'the 0.006 back to the expired grant is gone');
    const latest = (await h.billing.listLedger({ principalId: 'usr_return', limit: 2 })).entries;
    assert.deepEqual(latest.map((e) => [e.kind, e.reference, e.availableDeltaMicro]), [['expiry', soon.grantId, -6_000], ['release', 'job_return', 10_000]]);
    await assertLedgerInvariants(h.db, 'usr_return', { expiredBy: h.clock.now() });
  });

  it('a settlement returns its unused part to the later grants, and expires what lands on an expired one', async () => {
    const soon = await h.grant('usr_settle_exp', 0.006, { expiresInMs: HOUR_MS });
    await h.grant('usr_settle_exp', 0.01);
    await h.billing.reserve({ principalId: 'usr_settle_exp', reference: 'job_settle_exp', profile: 'base', seconds: 90 });
    h.clock.advance(2 * HOUR_MS);
    // Charged 0.005: taken from the expired grant first, so 0.001 of its 0.006 returns and expires.
    const settled = await h.billing.settle({ reference: 'job_settle_exp', actualSeconds: 45 });
    assert.equal(settled.chargedMicro, 5_000);
    assert.equal(settled.balance!.availableMicro, 10_000, 'the never-expiring grant got its 0.004 back');
    const latest = (await h.billing.listLedger({ principalId: 'usr_settle_exp', limit: 2 })).entries;
    assert.deepEqual(latest.map((e) => [e.kind, e.reference, e.availableDeltaMicro, e.reservedDeltaMicro]), [['expiry', soon.grantId, -1_000, 0], ['settlement', 'job_settle_exp', 5_000, -10_000]]);
    await assertLedgerInvariants(h.db, 'usr_settle_exp', { expiredBy: h.clock.now() });
  });
});

describe('the ledger is insert only', () => {
  it('the database refuses to change or delete an entry', async () => {
    await h.grant('usr_immutable', 1);
    await assert.rejects(h.db.query(`UPDATE ledger_entries SET available_delta_micro = 0 WHERE principal_id = 'usr_immutable'`), /immutable/);
    await assert.rejects(h.db.query(`DELETE FROM ledger_entries WHERE principal_id = 'usr_immutable'`), /immutable/);
    await assert.rejects(h.db.query(`UPDATE credit_accounts SET available_micro = -1 WHERE principal_id = 'usr_immutable'`), /negative/);
    await assertLedgerInvariants(h.db, 'usr_immutable');
  });
});
