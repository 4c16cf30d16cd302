import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findAiModel, priceForTokens } from '@tp/catalog';
import { assertLedgerInvariants, rejectsWith, startBilling, type BillingHarness } from './support.ts';

let h: BillingHarness;

before(async () => {
  h = await startBilling();
});

after(async () => {
  await h?.stop();
});

const chat = findAiModel('svc-chat')!;
const hold = (principalId: string, reference: string, maxOutputTokens = 1_000) =>
  h.billing.holdUsage({ principalId, reference, model: 'svc-chat', maxInputTokens: 2_000, maxOutputTokens });

describe('managed-AI usage holds (ADR 0020)', () => {
  it('holds the bound, charges the tokens used to the micro-credit in one charge entry, returns the rest', async () => {
    await h.grant('usr_ai_settle', 1);
    const held = await hold('usr_ai_settle', 'aic_settle');
    assert.equal(held.kind, 'usage');
    assert.equal(held.heldMicro, priceForTokens(chat, 2_000, 1_000));
    const settled = await h.billing.settleUsage({
      reference: 'aic_settle',
      inputTokens: 123,
      outputTokens: 45,
      estimated: false,
    });
    const price = priceForTokens(chat, 123, 45);
    assert.deepEqual(
      [settled.status, settled.chargedMicro, settled.inputTokens, settled.outputTokens],
      ['settled', price, 123, 45],
    );
    assert.deepEqual([settled.balance!.availableMicro, settled.balance!.reservedMicro], [1_000_000 - price, 0]);
    const entries = (await h.billing.listLedger({ principalId: 'usr_ai_settle', limit: 0 })).entries;
    const charges = entries.filter((e) => e.kind === 'charge');
    assert.equal(charges.length, 1);
    assert.equal(charges[0]!.reference, 'aic_settle');
    assert.match(charges[0]!.description, /svc-chat: 123 input and 45 output tokens \(reported\)/);
    // A retried settle answers the same charge; other figures are a conflict; a new hold on it too.
    const again = await h.billing.settleUsage({
      reference: 'aic_settle',
      inputTokens: 123,
      outputTokens: 45,
      estimated: false,
    });
    assert.equal(again.balance!.availableMicro, 1_000_000 - price);
    await rejectsWith(
      h.billing.settleUsage({ reference: 'aic_settle', inputTokens: 1, outputTokens: 1, estimated: false }),
      'conflict',
    );
    await rejectsWith(hold('usr_ai_settle', 'aic_settle'), 'conflict', /charged already/);
    assert.deepEqual(await h.kinds('usr_ai_settle'), ['charge', 'reservation', 'grant']);
    await assertLedgerInvariants(h.db, 'usr_ai_settle');
  });
});

describe('managed-AI usage holds: shortfall, retries, bounds', () => {
  it('is short: insufficient_credits and nothing held', async () => {
    await h.grant('usr_ai_short', 0.001);
    await rejectsWith(hold('usr_ai_short', 'aic_short', 100_000), 'insufficient_credits');
    assert.deepEqual(await h.kinds('usr_ai_short'), ['grant']);
  });

  it('a released hold (failed upstream) charges nothing and may be held again by the retry', async () => {
    await h.grant('usr_ai_retry', 1);
    await hold('usr_ai_retry', 'aic_retry');
    const released = await h.billing.release({ reference: 'aic_retry' });
    assert.deepEqual([released.status, released.balance!.availableMicro], ['released', 1_000_000]);
    const again = await hold('usr_ai_retry', 'aic_retry');
    assert.equal(again.status, 'held');
    const settled = await h.billing.settleUsage({
      reference: 'aic_retry',
      inputTokens: 10,
      outputTokens: 0,
      estimated: true,
    });
    assert.equal(settled.estimated, true);
    assert.equal(settled.balance!.availableMicro, 1_000_000 - priceForTokens(chat, 10, 0));
    assert.deepEqual(await h.kinds('usr_ai_retry'), ['charge', 'reservation', 'release', 'reservation', 'grant']);
    await assertLedgerInvariants(h.db, 'usr_ai_retry');
  });

  it('never charges above the hold, and keeps job holds and usage holds apart', async () => {
    await h.grant('usr_ai_cap', 1);
    const held = await hold('usr_ai_cap', 'aic_cap', 10);
    const settled = await h.billing.settleUsage({
      reference: 'aic_cap',
      inputTokens: 9_000,
      outputTokens: 900,
      estimated: false,
    });
    assert.equal(settled.chargedMicro, held.heldMicro);
    await rejectsWith(h.billing.settle({ reference: 'aic_cap', actualSeconds: 1 }), 'conflict', /SettleUsage/);
    await h.billing.reserve({ principalId: 'usr_ai_cap', reference: 'job_ai_cap', profile: 'base', seconds: 60 });
    await rejectsWith(
      h.billing.settleUsage({ reference: 'job_ai_cap', inputTokens: 1, outputTokens: 1, estimated: false }),
      'conflict',
    );
    await rejectsWith(hold('usr_ai_cap', 'job_ai_cap'), 'conflict', /other work/);
    await rejectsWith(
      h.billing.holdUsage({
        principalId: 'usr_ai_cap',
        reference: 'aic_x',
        model: 'nope',
        maxInputTokens: 1,
        maxOutputTokens: 1,
      }),
      'bad_request',
    );
    await assertLedgerInvariants(h.db, 'usr_ai_cap');
  });
});

describe('managed-AI holds whose call died', () => {
  it('are released uncharged once stale (USAGE_HOLD_STALE_MS, 2 h), and only then', async () => {
    await h.grant('usr_ai_stale', 1);
    const held = await hold('usr_ai_stale', 'aic_stale');
    const at = (ms: number) => new Date(held.createdAt!.getTime() + ms);
    assert.equal(await h.service.sweepStaleHolds(at(3_600_000)), 0, 'an hour old: the call may still run');
    assert.ok((await h.service.sweepStaleHolds(at(2 * 3_600_000 + 1))) >= 1);
    const kinds = await h.kinds('usr_ai_stale');
    assert.deepEqual(kinds, ['release', 'reservation', 'grant']);
    await rejectsWith(
      h.billing.settleUsage({ reference: 'aic_stale', inputTokens: 1, outputTokens: 1, estimated: false }),
      'conflict',
      /released/,
    );
    await assertLedgerInvariants(h.db, 'usr_ai_stale');
  });
});
