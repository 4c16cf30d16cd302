import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findAiModel, priceForTokens } from '@tp/catalog';
import { holdUsage } from './hold-usage.ts';
import { assertRefusedUnasked, assertShortOfCredits, billingWorld, NOW, PRINCIPAL } from './testing/fakes.ts';

const request = (overrides: object = {}) => ({
  principalId: PRINCIPAL,
  reference: 'aic_1',
  model: 'svc-chat',
  maxInputTokens: 2_000,
  maxOutputTokens: 1_000,
  ...overrides,
});

describe('holdUsage', () => {
  it("holds the price of the request's token bounds at the model's rates", async () => {
    const { deps, callsOf } = billingWorld();
    const held = BigInt(priceForTokens(findAiModel('svc-chat')!, 2_000, 1_000));
    const { reservation, balance } = await holdUsage(deps, request());
    assert.deepEqual(callsOf('hold'), [
      [{ principalId: PRINCIPAL, reference: 'aic_1', model: 'svc-chat', heldMicro: held }, NOW],
    ]);
    assert.deepEqual([reservation.kind, reservation.heldMicro, balance.reservedMicro], ['usage', held, held]);
  });

  it('answers the hold already made for the reference', async () => {
    const world = billingWorld();
    world.answers('again');
    assert.equal((await holdUsage(world.deps, request())).reservation.reference, 'aic_1');
  });

  it('is insufficient_credits when the balance cannot cover the bounds', () =>
    assertShortOfCredits((deps) => holdUsage(deps, request())));

  it('refuses an unknown model, bounds out of range and a malformed reference before it holds anything', async () => {
    await assertRefusedUnasked(
      (deps, overrides) => holdUsage(deps, request(overrides)),
      [
        [{ model: 'nope' }, /^Unknown model alias "nope"/],
        [{ maxOutputTokens: -1 }, /^output_tokens must be/],
        [{ reference: 'with space' }, /^reference must be/],
      ],
    );
  });
});
