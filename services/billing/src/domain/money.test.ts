import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatCredits, toDecimalCredits, toWireMicro } from './money.ts';

describe('money', () => {
  it('shows micro-credits as decimal credits', () => {
    assert.equal(toDecimalCredits(10_000n), 0.01);
    assert.equal(toDecimalCredits(1_234_567n), 1.234567);
    assert.equal(toDecimalCredits(-5n), -0.000005);
    assert.equal(toDecimalCredits(0n), 0);
    assert.equal(formatCredits(10_000n), '0.01');
    assert.equal(formatCredits(3_000_000n), '3');
    assert.equal(formatCredits(-1_500_000n), '-1.5');
  });

  it('puts only exact integers on the wire', () => {
    assert.equal(toWireMicro(9_007_199_254_740_991n), Number.MAX_SAFE_INTEGER);
    assert.throws(() => toWireMicro(9_007_199_254_740_992n), RangeError);
  });
});
