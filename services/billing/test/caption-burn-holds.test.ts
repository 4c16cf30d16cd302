// A caption burn job's hold (ADR 0024): priced at the catalog's caption-burn rate whatever the
// profile, settled for the seconds of output, released whole on failure or cancel.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CAPTION_BURN_MICRO_CREDITS_PER_HOUR, findProfile } from '@tp/catalog';
import { assertLedgerInvariants, rejectsWith, startBilling, type BillingHarness } from './support.ts';

let h: BillingHarness;

before(async () => {
  h = await startBilling();
});

after(async () => {
  await h?.stop();
});

const burn = (principalId: string, reference: string, profile: string, seconds: number) =>
  h.billing.reserve({ principalId, reference, profile, seconds, product: 'caption_burn' });

describe('caption burn holds', () => {
  it('hold the output seconds at the caption-burn rate on any profile, and settle what was written', async () => {
    await h.grant('usr_burn', 1);
    assert.equal(CAPTION_BURN_MICRO_CREDITS_PER_HOUR, 1_200_000);
    const onOracle = await burn('usr_burn', 'job_burn_oracle', 'oracle', 90);
    assert.equal(onOracle.kind, 'caption_burn');
    assert.equal(onOracle.profile, 'oracle');
    assert.equal(onOracle.heldMicro, 30_000, '1.20 credits an hour × 90 s');
    const onBase = await burn('usr_burn', 'job_burn_base', 'base', 90);
    assert.equal(onBase.heldMicro, 30_000, 'the same rate on the cheapest profile');
    assert.notEqual(findProfile('base')!.microCreditsPerHour, CAPTION_BURN_MICRO_CREDITS_PER_HOUR);

    const settled = await h.billing.settle({ reference: 'job_burn_oracle', actualSeconds: 60 });
    assert.equal(settled.chargedMicro, 20_000, '60 s of output at the rate of the hold');
    const capped = await h.billing.settle({ reference: 'job_burn_base', actualSeconds: 91 });
    assert.equal(capped.chargedMicro, 30_000, 'never above the hold');

    const { entries } = await h.billing.listLedger({ principalId: 'usr_burn', limit: 0 });
    const described = entries.filter((e) => e.reference === 'job_burn_oracle').map((e) => e.description);
    assert.match(described.at(-1)!, /^Hold for 90 s of caption burn output \(oracle pool\)$/);
    assert.match(described[0]!, /^Charged 0\.02 credits for 60 s of caption burn output/);
    await assertLedgerInvariants(h.db, 'usr_burn');
  });

  it('release whole when the burn fails or is cancelled', async () => {
    await h.grant('usr_burn_cancel', 1);
    await burn('usr_burn_cancel', 'job_burn_cancel', 'oracle', 120);
    const released = await h.billing.release({ reference: 'job_burn_cancel' });
    assert.equal(released.status, 'released');
    assert.equal(released.chargedMicro, 0);
    assert.deepEqual([released.balance!.availableMicro, released.balance!.reservedMicro], [1_000_000, 0]);
    assert.deepEqual(await h.kinds('usr_burn_cancel'), ['release', 'reservation', 'grant']);
    await assertLedgerInvariants(h.db, 'usr_burn_cancel');
  });

  it('is another work than a transcription of the same reference, and an unknown product is refused', async () => {
    await h.grant('usr_burn_conflict', 1);
    await burn('usr_burn_conflict', 'job_burn_conflict', 'oracle', 30);
    assert.equal((await burn('usr_burn_conflict', 'job_burn_conflict', 'oracle', 30)).heldMicro, 10_000, 'a replay');
    await rejectsWith(
      h.billing.reserve({
        principalId: 'usr_burn_conflict',
        reference: 'job_burn_conflict',
        profile: 'oracle',
        seconds: 30,
      }),
      'conflict',
      /other work/,
    );
    const transcription = await h.billing.reserve({
      principalId: 'usr_burn_conflict',
      reference: 'job_burn_words',
      profile: 'oracle',
      seconds: 30,
      product: 'transcription',
    });
    assert.equal(transcription.kind, 'audio');
    assert.equal(transcription.heldMicro, 8_334, "the profile's rate: 1.00 an hour × 30 s, rounded up");
    await rejectsWith(
      h.billing.reserve({
        principalId: 'usr_burn_conflict',
        reference: 'job_burn_x',
        profile: 'oracle',
        seconds: 30,
        product: 'dubbing',
      }),
      'bad_request',
      /Unknown product "dubbing"/,
    );
    await rejectsWith(burn('usr_burn_conflict', 'job_burn_y', 'oracle-ultra', 30), 'bad_request', /Unknown profile/);
  });
});
