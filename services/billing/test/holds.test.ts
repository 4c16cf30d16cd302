// Credits held for work, through the service and its real ledger: a job's reservation settled for
// the seconds used or released (a transcription, a caption burn), a managed-AI request's usage hold
// charged for its tokens (ADR 0020), and what a retry of each answers. The refusals of each request
// are the use cases' unit tests (src/usecases/*.test.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findAiModel, priceForTokens } from '@tp/catalog';
import { assertLedgerInvariants, billingForFile, rejectsWith } from './support.ts';

const harness = billingForFile();
const reserve = (principalId: string, reference: string, seconds = 90, profile = 'base', product = '') =>
  harness().billing.reserve({ principalId, reference, profile, seconds, product });

describe('job holds', () => {
  it('hold the price of the seconds, charge the seconds used and return the rest, never above the hold', async () => {
    const h = harness();
    await h.grant('usr_price', 1);
    const held = await reserve('usr_price', 'job_price');
    assert.deepEqual(
      [held.status, held.heldMicro, held.balance!.availableMicro, held.balance!.reservedMicro],
      ['held', 10_000, 990_000, 10_000],
    );
    const settled = await h.billing.settle({ reference: 'job_price', actualSeconds: 45 });
    assert.deepEqual(
      [settled.status, settled.chargedMicro, settled.balance!.availableMicro],
      ['settled', 5_000, 995_000],
    );
    assert.ok(settled.settledAt);
    await reserve('usr_price', 'job_longer', 36, 'oracle');
    const capped = await h.billing.settle({ reference: 'job_longer', actualSeconds: 3600 });
    assert.equal(capped.chargedMicro, 10_000, '36 s of oracle held; a longer actual is charged the hold only');
    assert.deepEqual(await h.kinds('usr_price'), ['settlement', 'reservation', 'settlement', 'reservation', 'grant']);
    await assertLedgerInvariants(h.db, 'usr_price');
  });

  it('hold a caption burn at its rate on any profile, and say so in the ledger (ADR 0024)', async () => {
    const h = harness();
    await h.grant('usr_burn', 1);
    const burn = await reserve('usr_burn', 'job_burn', 90, 'oracle', 'caption_burn');
    assert.deepEqual([burn.kind, burn.profile, burn.heldMicro], ['caption_burn', 'oracle', 30_000]);
    assert.equal((await h.billing.settle({ reference: 'job_burn', actualSeconds: 60 })).chargedMicro, 20_000);
    const { entries } = await h.billing.listLedger({ principalId: 'usr_burn', limit: 0 });
    assert.deepEqual(
      entries.map((e) => e.description),
      [
        'Charged 0.02 credits for 60 s of caption burn output (oracle pool); 0.01 of the hold returned',
        'Hold for 90 s of caption burn output (oracle pool)',
        'Granted 1 credits: test grant',
      ],
    );
    await assertLedgerInvariants(h.db, 'usr_burn');
  });

  it('count held credits as unavailable until they are released', async () => {
    const h = harness();
    await h.grant('usr_held', 0.01);
    await reserve('usr_held', 'job_held_1');
    await rejectsWith(reserve('usr_held', 'job_held_2', 1), 'insufficient_credits');
    const released = await h.billing.release({ reference: 'job_held_1' });
    assert.deepEqual(
      [released.status, released.chargedMicro, released.balance!.availableMicro],
      ['released', 0, 10_000],
    );
    await reserve('usr_held', 'job_held_2', 1);
    assert.deepEqual(await h.kinds('usr_held'), ['reservation', 'release', 'reservation', 'grant']);
    await assertLedgerInvariants(h.db, 'usr_held');
  });
});

describe('retried job holds', () => {
  it('a reference reserved again answers its reservation; for other work or another principal it is a conflict', async () => {
    const h = harness();
    await h.grant('usr_idem', 1);
    const first = await reserve('usr_idem', 'job_idem');
    const again = await reserve('usr_idem', 'job_idem');
    assert.deepEqual([again.reservationId, again.balance!.reservedMicro], [first.reservationId, 10_000]);
    await rejectsWith(reserve('usr_idem', 'job_idem', 90, 'oracle'), 'conflict', /other work/);
    await rejectsWith(reserve('usr_idem', 'job_idem', 90, 'base', 'caption_burn'), 'conflict', /other work/);
    await rejectsWith(reserve('usr_other', 'job_idem'), 'conflict');
    assert.deepEqual(await h.kinds('usr_idem'), ['reservation', 'grant']);
  });

  it('a settle retried charges once, another charge for it is a conflict, and so is releasing it', async () => {
    const h = harness();
    await h.grant('usr_settle', 1);
    await reserve('usr_settle', 'job_settle');
    const first = await h.billing.settle({ reference: 'job_settle', actualSeconds: 60 });
    const again = await h.billing.settle({ reference: 'job_settle', actualSeconds: 60 });
    assert.deepEqual(
      [again.chargedMicro, again.balance!.availableMicro],
      [first.chargedMicro, first.balance!.availableMicro],
    );
    await rejectsWith(h.billing.settle({ reference: 'job_settle', actualSeconds: 30 }), 'conflict', /already settled/);
    await rejectsWith(h.billing.release({ reference: 'job_settle' }), 'conflict', /settled; it cannot be released/);
    assert.deepEqual(await h.kinds('usr_settle'), ['settlement', 'reservation', 'grant']);
    await assertLedgerInvariants(h.db, 'usr_settle');
  });

  it('a release retried returns the hold once; settling it then is a conflict; an unknown reference is not found', async () => {
    const h = harness();
    await h.grant('usr_release', 1);
    await reserve('usr_release', 'job_release');
    await h.billing.release({ reference: 'job_release' });
    const again = await h.billing.release({ reference: 'job_release' });
    assert.deepEqual(
      [again.status, again.balance!.availableMicro, again.balance!.reservedMicro],
      ['released', 1_000_000, 0],
    );
    await rejectsWith(h.billing.settle({ reference: 'job_release', actualSeconds: 10 }), 'conflict', /released/);
    assert.deepEqual(await h.kinds('usr_release'), ['release', 'reservation', 'grant']);
    await rejectsWith(h.billing.settle({ reference: 'job_nope', actualSeconds: 1 }), 'not_found', /job_nope/);
    await rejectsWith(h.billing.release({ reference: 'job_nope' }), 'not_found');
  });
});

const chat = findAiModel('svc-chat')!;
const hold = (principalId: string, reference: string, maxOutputTokens = 1_000) =>
  harness().billing.holdUsage({ principalId, reference, model: 'svc-chat', maxInputTokens: 2_000, maxOutputTokens });
const settleUsage = (reference: string, inputTokens: number, outputTokens: number, estimated = false) =>
  harness().billing.settleUsage({ reference, inputTokens, outputTokens, estimated });

describe('managed-AI usage holds (ADR 0020)', () => {
  it('hold the bound, charge the tokens used in one charge entry, answer a retry, refuse other figures', async () => {
    const h = harness();
    await h.grant('usr_ai', 1);
    const held = await hold('usr_ai', 'aic_settle');
    assert.deepEqual([held.kind, held.heldMicro], ['usage', priceForTokens(chat, 2_000, 1_000)]);
    const price = priceForTokens(chat, 123, 45);
    const settled = await settleUsage('aic_settle', 123, 45);
    assert.deepEqual([settled.status, settled.chargedMicro, settled.inputTokens], ['settled', price, 123]);
    assert.deepEqual([settled.balance!.availableMicro, settled.balance!.reservedMicro], [1_000_000 - price, 0]);
    const [charge] = (await h.billing.listLedger({ principalId: 'usr_ai', limit: 1 })).entries;
    assert.match(charge!.description, /svc-chat: 123 input and 45 output tokens \(reported\)/);
    assert.equal((await settleUsage('aic_settle', 123, 45)).balance!.availableMicro, 1_000_000 - price);
    await rejectsWith(settleUsage('aic_settle', 1, 1), 'conflict');
    await rejectsWith(hold('usr_ai', 'aic_settle'), 'conflict', /charged already/);
    await rejectsWith(hold('usr_ai_short', 'aic_short', 100_000), 'insufficient_credits');
    assert.deepEqual(await h.kinds('usr_ai'), ['charge', 'reservation', 'grant']);
    await assertLedgerInvariants(h.db, 'usr_ai');
  });

  it('a released hold (failed upstream) charges nothing and may be held again by the retry', async () => {
    const h = harness();
    await h.grant('usr_ai_retry', 1);
    await hold('usr_ai_retry', 'aic_retry');
    assert.equal((await h.billing.release({ reference: 'aic_retry' })).balance!.availableMicro, 1_000_000);
    assert.equal((await hold('usr_ai_retry', 'aic_retry')).status, 'held');
    const settled = await settleUsage('aic_retry', 10, 0, true);
    assert.deepEqual([settled.estimated, settled.chargedMicro], [true, priceForTokens(chat, 10, 0)]);
    assert.deepEqual(await h.kinds('usr_ai_retry'), ['charge', 'reservation', 'release', 'reservation', 'grant']);
    await assertLedgerInvariants(h.db, 'usr_ai_retry');
  });

  it('never charge above the hold, and stay apart from job holds', async () => {
    const h = harness();
    await h.grant('usr_ai_cap', 1);
    const held = await hold('usr_ai_cap', 'aic_cap', 10);
    assert.equal((await settleUsage('aic_cap', 9_000, 900)).chargedMicro, held.heldMicro);
    await rejectsWith(h.billing.settle({ reference: 'aic_cap', actualSeconds: 1 }), 'conflict', /SettleUsage/);
    await reserve('usr_ai_cap', 'job_ai_cap', 60);
    await rejectsWith(settleUsage('job_ai_cap', 1, 1), 'conflict');
    await rejectsWith(hold('usr_ai_cap', 'job_ai_cap'), 'conflict', /other work/);
    await assertLedgerInvariants(h.db, 'usr_ai_cap');
  });

  it('whose call died are released uncharged once stale (USAGE_HOLD_STALE_MS, 2 h), and only then', async () => {
    const h = harness();
    await h.grant('usr_ai_stale', 1);
    const held = await hold('usr_ai_stale', 'aic_stale');
    const at = (ms: number) => new Date(held.createdAt!.getTime() + ms);
    assert.equal(await h.service.sweepStaleHolds(at(3_600_000)), 0, 'an hour old: the call may still run');
    assert.ok((await h.service.sweepStaleHolds(at(2 * 3_600_000 + 1))) >= 1);
    assert.deepEqual(await h.kinds('usr_ai_stale'), ['release', 'reservation', 'grant']);
    await rejectsWith(settleUsage('aic_stale', 1, 1), 'conflict', /released/);
    await assertLedgerInvariants(h.db, 'usr_ai_stale');
  });
});
