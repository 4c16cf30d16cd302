import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findAiModel, priceForTokens } from '@tp/catalog';
import { chargeUsage } from './charge-usage.ts';
import { assertRefusedUnasked, assertShortOfCredits, billingWorld, NOW, PRINCIPAL } from './testing/fakes.ts';

const usage = (overrides: object = {}) => ({
  principalId: PRINCIPAL,
  reference: 'use_1',
  model: 'svc-chat',
  inputTokens: 1000,
  outputTokens: 500,
  ...overrides,
});

describe('chargeUsage', () => {
  it("charges the tokens at the model's price, once per reference", async () => {
    const { deps, callsOf } = billingWorld();
    const { charge, replayed } = await chargeUsage(deps, usage());
    const price = BigInt(priceForTokens(findAiModel('svc-chat')!, 1000, 500));
    assert.equal(price, 7_500n, '1000 × 2.5 + 500 × 10 micro-credits');
    assert.deepEqual(callsOf('charge'), [
      [
        {
          principalId: PRINCIPAL,
          reference: 'use_1',
          model: 'svc-chat',
          inputTokens: 1000,
          outputTokens: 500,
          chargedMicro: price,
        },
        NOW,
      ],
    ]);
    assert.deepEqual([charge.chargedMicro, replayed], [price, false]);
  });

  it('says when the store answered the first charge of the reference again', async () => {
    const world = billingWorld();
    world.answers('again');
    assert.equal((await chargeUsage(world.deps, usage())).replayed, true);
  });

  it('is insufficient_credits with what was needed and what there was', () =>
    assertShortOfCredits((deps) => chargeUsage(deps, usage())));

  it('refuses a malformed principal or reference, an unknown model and token counts out of range', async () => {
    await assertRefusedUnasked(
      (deps, overrides) => chargeUsage(deps, usage(overrides)),
      [
        [{ principalId: 'not an id' }, /^principal_id must be/],
        [{ reference: '' }, /^reference must be/],
        [{ model: 'gpt-x' }, /^Unknown model alias "gpt-x"/],
        [{ inputTokens: -1 }, /^input_tokens must be/],
        [{ outputTokens: 1.5 }, /^output_tokens must be/],
      ],
    );
  });
});
