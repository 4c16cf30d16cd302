import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fromGrpcError } from '@tp/errors';
import { assertLedgerInvariants, rejectsWith, startBilling, type BillingHarness } from './support.ts';

let h: BillingHarness;

before(async () => {
  h = await startBilling();
});

after(async () => {
  await h?.stop();
});

describe('per-second pricing', () => {
  it('90 s of base audio hold and cost exactly 10000 micro-credits (0.01 credits)', async () => {
    await h.grant('usr_price', 1);
    const held = await h.billing.reserve({
      principalId: 'usr_price',
      reference: 'job_price',
      profile: 'base',
      seconds: 90,
    });
    assert.equal(held.status, 'held');
    assert.equal(held.heldMicro, 10_000);
    assert.deepEqual(
      [held.balance!.availableMicro, held.balance!.reservedMicro, held.balance!.totalMicro],
      [990_000, 10_000, 1_000_000],
    );

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
    assert.deepEqual(await h.kinds('usr_partial'), ['settlement', 'reservation', 'settlement', 'reservation', 'grant']);
    await assertLedgerInvariants(h.db, 'usr_partial');
  });
});

describe('insufficient credits', () => {
  it('refuses a reservation the available balance cannot cover, with the required and available credits', async () => {
    await h.grant('usr_short', 0.005);
    const err = await h.billing
      .reserve({ principalId: 'usr_short', reference: 'job_short', profile: 'base', seconds: 90 })
      .catch((e: unknown) => fromGrpcError(e));
    assert.equal((err as { code: string }).code, 'insufficient_credits');
    assert.deepEqual((err as { details: object }).details, { required_credits: 0.01, available_credits: 0.005 });
    assert.match((err as Error).message, /needs 0\.01 credits; 0\.005 are available/);
    assert.deepEqual(await h.kinds('usr_short'), ['grant'], 'nothing was held');
  });

  it('refuses a charge the balance cannot cover, and an unknown principal has nothing', async () => {
    await rejectsWith(
      h.billing.charge({
        principalId: 'usr_broke',
        reference: 'use_broke',
        model: 'svc-chat',
        inputTokens: 1000,
        outputTokens: 0,
      }),
      'insufficient_credits',
    );
    const err = await h.billing
      .reserve({ principalId: 'usr_broke', reference: 'job_broke', profile: 'base', seconds: 1 })
      .catch((e: unknown) => fromGrpcError(e));
    assert.deepEqual((err as { details: object }).details, { required_credits: 0.000112, available_credits: 0 });
  });

  it('counts held credits as unavailable', async () => {
    await h.grant('usr_held', 0.01);
    await h.billing.reserve({ principalId: 'usr_held', reference: 'job_held_1', profile: 'base', seconds: 90 });
    await rejectsWith(
      h.billing.reserve({ principalId: 'usr_held', reference: 'job_held_2', profile: 'base', seconds: 1 }),
      'insufficient_credits',
    );
    await h.billing.release({ reference: 'job_held_1' });
    await h.billing.reserve({ principalId: 'usr_held', reference: 'job_held_2', profile: 'base', seconds: 1 });
    await assertLedgerInvariants(h.db, 'usr_held');
  });
});
