import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertLedgerInvariants, CREDIT, rejectsWith, startBilling, type BillingHarness } from './support.ts';

let h: BillingHarness;

before(async () => {
  h = await startBilling();
});

after(async () => {
  await h?.stop();
});

describe('idempotency of holds', () => {
  it('reserving the same reference again answers the same reservation without a second hold', async () => {
    await h.grant('usr_idem', 1);
    const first = await h.billing.reserve({
      principalId: 'usr_idem',
      reference: 'job_idem',
      profile: 'base',
      seconds: 90,
    });
    const again = await h.billing.reserve({
      principalId: 'usr_idem',
      reference: 'job_idem',
      profile: 'base',
      seconds: 90,
    });
    assert.equal(again.reservationId, first.reservationId);
    assert.equal(again.balance!.reservedMicro, 10_000);
    await rejectsWith(
      h.billing.reserve({ principalId: 'usr_idem', reference: 'job_idem', profile: 'oracle', seconds: 90 }),
      'conflict',
      /other work/,
    );
    await rejectsWith(
      h.billing.reserve({ principalId: 'usr_other', reference: 'job_idem', profile: 'base', seconds: 90 }),
      'conflict',
    );
    assert.deepEqual(await h.kinds('usr_idem'), ['reservation', 'grant']);
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
    assert.deepEqual(await h.kinds('usr_settle'), ['settlement', 'reservation', 'grant']);
    await assertLedgerInvariants(h.db, 'usr_settle');
  });

  it('a retried release returns the hold once; settling a released reservation is a conflict', async () => {
    await h.grant('usr_release', 1);
    await h.billing.reserve({ principalId: 'usr_release', reference: 'job_release', profile: 'base', seconds: 90 });
    const first = await h.billing.release({ reference: 'job_release' });
    const again = await h.billing.release({ reference: 'job_release' });
    assert.equal(first.status, 'released');
    assert.equal(again.status, 'released');
    assert.deepEqual(
      [again.balance!.availableMicro, again.balance!.reservedMicro, again.chargedMicro],
      [1_000_000, 0, 0],
    );
    await rejectsWith(
      h.billing.settle({ reference: 'job_release', actualSeconds: 10 }),
      'conflict',
      /released; it cannot be settled/,
    );
    assert.deepEqual(await h.kinds('usr_release'), ['release', 'reservation', 'grant']);
    await assertLedgerInvariants(h.db, 'usr_release');
  });
});

describe('idempotency of charges and grants', () => {
  it('charging the same usage again is a replay; other figures under it are a conflict', async () => {
    await h.grant('usr_charge', 1);
    const first = await h.billing.charge({
      principalId: 'usr_charge',
      reference: 'use_1',
      model: 'svc-chat',
      inputTokens: 1000,
      outputTokens: 500,
    });
    assert.equal(first.chargedMicro, 7_500); // 1000 × 2.5 + 500 × 10 micro-credits
    assert.equal(first.replayed, false);
    assert.equal(first.balance!.availableMicro, 992_500);
    const again = await h.billing.charge({
      principalId: 'usr_charge',
      reference: 'use_1',
      model: 'svc-chat',
      inputTokens: 1000,
      outputTokens: 500,
    });
    assert.deepEqual(
      [again.replayed, again.entryId, again.chargedMicro, again.balance!.availableMicro],
      [true, first.entryId, 7_500, 992_500],
    );
    await rejectsWith(
      h.billing.charge({
        principalId: 'usr_charge',
        reference: 'use_1',
        model: 'svc-chat',
        inputTokens: 1001,
        outputTokens: 500,
      }),
      'conflict',
    );
    const entries = (await h.billing.listLedger({ principalId: 'usr_charge', limit: 1 })).entries;
    assert.deepEqual(
      [entries[0]!.kind, entries[0]!.entryId, entries[0]!.reference, entries[0]!.availableDeltaMicro],
      ['charge', first.entryId, 'use_1', -7_500],
    );
    await assertLedgerInvariants(h.db, 'usr_charge');
  });

  it('granting the same reference twice grants once; other figures under it are a conflict', async () => {
    const grant = (amountMicro: number, principalId = 'usr_grant') =>
      h.admin.grantCredits(
        { principalId, amountMicro, reason: 'welcome', expiresAt: undefined, reference: 'welcome-usr_grant' },
        { metadata: h.adminKey },
      );
    const first = await grant(2 * CREDIT);
    const again = await grant(2 * CREDIT);
    assert.equal(again.grant!.grantId, first.grant!.grantId);
    assert.equal(again.balance!.availableMicro, 2 * CREDIT);
    await rejectsWith(grant(3 * CREDIT), 'conflict', /already used/);
    await rejectsWith(grant(2 * CREDIT, 'usr_someone_else'), 'conflict');
    assert.deepEqual(await h.kinds('usr_grant'), ['grant']);
    // Without a reference every call is a new grant.
    await h.grant('usr_grant', 1);
    await h.grant('usr_grant', 1);
    assert.equal((await h.billing.getBalance({ principalId: 'usr_grant' })).availableMicro, 4 * CREDIT);
  });
});
