import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CAPTION_BURN_MICRO_CREDITS_PER_HOUR } from '@tp/catalog';
import { AppError } from '@tp/errors';
import {
  MAX_RESERVATION_SECONDS,
  MAX_TOKENS_PER_CHARGE,
  priceReservation,
  priceSettlement,
  priceUsage,
} from './pricing.ts';

const badRequest = (fn: () => unknown, pattern: RegExp) =>
  assert.throws(
    fn,
    (err: unknown) => err instanceof AppError && err.code === 'bad_request' && pattern.test(err.message),
  );

describe('reservation prices', () => {
  it('prices base per second, exact to the micro-credit: 90 s cost 0.01 credits', () => {
    assert.deepEqual(priceReservation('base', 90), {
      profile: 'base',
      kind: 'audio',
      microCreditsPerHour: 400_000,
      heldMicro: 10_000n,
    });
    assert.equal(priceReservation('base', 3600).heldMicro, 400_000n);
    assert.equal(priceReservation('base', 1).heldMicro, 112n, '111.1 rounds up');
    assert.equal(priceReservation('base', 0.001).heldMicro, 1n, 'no minimum, but never free');
  });

  it('uses each profile of the catalog at its own rate', () => {
    assert.equal(priceReservation('oracle', 3600).heldMicro, 1_000_000n);
    assert.equal(priceReservation('oracle-max', 36).heldMicro, 30_000n);
  });

  it('prices a caption burn at the catalog caption-burn rate, whatever the profile', () => {
    for (const profile of ['base', 'oracle', 'oracle-max'])
      assert.deepEqual(priceReservation(profile, 3600, 'caption_burn'), {
        profile,
        kind: 'caption_burn',
        microCreditsPerHour: CAPTION_BURN_MICRO_CREDITS_PER_HOUR,
        heldMicro: BigInt(CAPTION_BURN_MICRO_CREDITS_PER_HOUR),
      });
    assert.equal(priceReservation('oracle', 90, 'caption_burn').heldMicro, 30_000n, '1.20 × 90 / 3600');
    assert.deepEqual(priceReservation('oracle', 90, 'transcription'), priceReservation('oracle', 90, ''));
    badRequest(() => priceReservation('oracle', 90, 'karaoke'), /Unknown product "karaoke".*caption_burn/);
  });

  it('refuses unknown profiles and impossible durations', () => {
    badRequest(() => priceReservation('oracle-ultra', 10), /Unknown profile "oracle-ultra".*base/);
    for (const seconds of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, MAX_RESERVATION_SECONDS + 1])
      badRequest(() => priceReservation('base', seconds), /seconds/);
  });
});

describe('settlement prices', () => {
  const held = { microCreditsPerHour: 400_000, heldMicro: 10_000n };

  it('charges the actual seconds at the reservation rate, never above the hold', () => {
    assert.equal(priceSettlement(held, 90), 10_000n);
    assert.equal(priceSettlement(held, 45), 5_000n);
    assert.equal(priceSettlement(held, 0), 0n);
    assert.equal(priceSettlement(held, 10_000), 10_000n);
    assert.equal(
      priceSettlement({ microCreditsPerHour: 1_000_000, heldMicro: 10_000n }, 9),
      2_500n,
      'the rate of the reservation, not of base',
    );
  });

  it('refuses negative or non-finite seconds', () => {
    for (const seconds of [-0.5, Number.NaN, Number.POSITIVE_INFINITY])
      badRequest(() => priceSettlement(held, seconds), /actual_seconds/);
  });
});

describe('usage prices', () => {
  it('prices tokens at the alias rates, rounded up', () => {
    assert.equal(priceUsage('svc-chat', 1_000_000, 0).chargedMicro, 2_500_000n);
    assert.equal(priceUsage('svc-chat', 1, 0).chargedMicro, 3n);
    assert.equal(priceUsage('svc-chat', 0, 0).chargedMicro, 0n);
  });

  it('refuses unknown aliases and bad token counts', () => {
    badRequest(() => priceUsage('gpt-nope', 1, 1), /Unknown model alias "gpt-nope".*svc-chat/);
    badRequest(() => priceUsage('svc-chat', -1, 0), /input_tokens/);
    badRequest(() => priceUsage('svc-chat', 0, 1.5), /output_tokens/);
    badRequest(() => priceUsage('svc-chat', MAX_TOKENS_PER_CHARGE + 1, 0), /input_tokens/);
  });
});
