import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { microCreditsToUsd, parseCredits, toCredits } from './index.ts';

describe('money', () => {
  it('parses credits exactly into micro-credits', () => {
    assert.equal(parseCredits('12.5'), 12_500_000);
    assert.equal(parseCredits('0.000001'), 1);
    assert.equal(parseCredits('100'), 100_000_000);
    assert.equal(parseCredits(' 0.1 '), 100_000);
    for (const bad of ['', '-1', '1.0000001', '1e3', 'ten', '1,5', '.5'])
      assert.throws(() => parseCredits(bad), RangeError, bad);
  });

  it('shows micro-credits as credits and dollars', () => {
    assert.equal(toCredits(10_000), 0.01);
    assert.equal(microCreditsToUsd(1_000_000), 1.2);
    assert.equal(microCreditsToUsd(10_000), 0.01);
  });
});
