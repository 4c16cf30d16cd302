import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CAPTION_BURN_MICRO_CREDITS_PER_HOUR, findProfile } from '@tp/catalog';
import { reserveCredits } from './reserve-credits.ts';
import { assertRefusedUnasked, assertShortOfCredits, billingWorld, NOW, PRINCIPAL } from './testing/fakes.ts';

const request = (overrides: object = {}) => ({
  principalId: PRINCIPAL,
  reference: 'job_1',
  profile: 'base',
  seconds: 90,
  ...overrides,
});

describe('reserveCredits', () => {
  it("holds a transcription at the profile's rate when no product (or '') is named", async () => {
    const { deps, callsOf } = billingWorld();
    const rate = findProfile('base')!.microCreditsPerHour;
    for (const product of [undefined, '', 'transcription']) await reserveCredits(deps, request({ product }));
    const held = { profile: 'base', kind: 'audio', microCreditsPerHour: rate, heldMicro: 10_000n };
    const input = { principalId: PRINCIPAL, reference: 'job_1', seconds: 90, ...held };
    assert.deepEqual(callsOf('reserve'), [
      [input, NOW],
      [input, NOW],
      [input, NOW],
    ]);
  });

  it('holds a caption burn at the caption-burn rate, whatever the profile', async () => {
    const { deps, callsOf } = billingWorld();
    const { reservation } = await reserveCredits(deps, request({ profile: 'oracle', product: 'caption_burn' }));
    assert.deepEqual(callsOf('reserve')[0]?.[0], {
      principalId: PRINCIPAL,
      reference: 'job_1',
      seconds: 90,
      profile: 'oracle',
      kind: 'caption_burn',
      microCreditsPerHour: CAPTION_BURN_MICRO_CREDITS_PER_HOUR,
      heldMicro: 30_000n,
    });
    assert.equal(reservation.kind, 'caption_burn');
  });

  it('answers the reservation already made for the reference', async () => {
    const world = billingWorld();
    world.answers('again');
    assert.equal((await reserveCredits(world.deps, request())).reservation.reference, 'job_1');
  });

  it('is insufficient_credits with what was needed and what there was', () =>
    assertShortOfCredits((deps) => reserveCredits(deps, request())));

  it('refuses unknown products and profiles, seconds out of range and malformed ids, holding nothing', async () => {
    await assertRefusedUnasked(
      (deps, overrides) => reserveCredits(deps, request(overrides)),
      [
        [{ product: 'dubbing' }, /^Unknown product "dubbing"/],
        [{ profile: 'oracle-ultra' }, /^Unknown profile "oracle-ultra"/],
        [{ seconds: 0 }, /^seconds must be/],
        [{ seconds: 31 * 86_400 + 1 }, /^seconds must be/],
        [{ reference: '' }, /^reference must be/],
        [{ principalId: '' }, /^principal_id must be/],
      ],
    );
  });
});
