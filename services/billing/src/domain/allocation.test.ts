import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { allocate, compareSpendingOrder, isExpiredAt, settleAllocations, type SpendableGrant } from './allocation.ts';

const now = new Date('2026-06-01T00:00:00Z');
const day = (n: number) => new Date(now.getTime() + n * 86_400_000);
const grant = (id: string, remaining: bigint, expiresAt: Date | null, createdAt = day(-10)): SpendableGrant => ({
  id,
  remainingMicro: remaining,
  expiresAt,
  createdAt,
});

describe('spending order', () => {
  it('spends the grant that expires first, never-expiring grants last, then the oldest', () => {
    const grants = [
      grant('g-forever', 5n, null),
      grant('g-late', 5n, day(30)),
      grant('g-soon', 5n, day(1)),
      grant('g-forever-old', 5n, null, day(-20)),
    ];
    assert.deepEqual(
      [...grants].sort(compareSpendingOrder).map((g) => g.id),
      ['g-soon', 'g-late', 'g-forever-old', 'g-forever'],
    );
  });

  it('a grant is expired from its expiry instant on', () => {
    assert.equal(isExpiredAt(null, now), false);
    assert.equal(isExpiredAt(now, now), true);
    assert.equal(isExpiredAt(new Date(now.getTime() + 1), now), false);
  });
});

describe('allocate', () => {
  it('takes from the earliest-expiring grants and only what is needed', () => {
    const grants = [grant('forever', 100n, null), grant('soon', 30n, day(1)), grant('later', 50n, day(2))];
    assert.deepEqual(allocate(grants, 60n, now), [
      { grantId: 'soon', amountMicro: 30n },
      { grantId: 'later', amountMicro: 30n },
    ]);
    assert.deepEqual(allocate(grants, 0n, now), []);
  });

  it('skips expired and empty grants, and refuses to allocate more than the grants hold', () => {
    const grants = [grant('expired', 100n, now), grant('empty', 0n, day(1)), grant('ok', 10n, null)];
    assert.deepEqual(allocate(grants, 10n, now), [{ grantId: 'ok', amountMicro: 10n }]);
    assert.throws(() => allocate(grants, 11n, now), /ledger inconsistency/);
    assert.throws(() => allocate(grants, -1n, now), RangeError);
  });
});

describe('settleAllocations', () => {
  const allocations = [
    { grantId: 'soon', amountMicro: 30n },
    { grantId: 'later', amountMicro: 30n },
  ];

  it('charges the allocations in spending order and returns the rest to the later ones', () => {
    assert.deepEqual(settleAllocations(allocations, 40n), [
      { grantId: 'soon', amountMicro: 30n, chargedMicro: 30n, returnedMicro: 0n },
      { grantId: 'later', amountMicro: 30n, chargedMicro: 10n, returnedMicro: 20n },
    ]);
  });

  it('a release (charge 0) returns everything; a full charge returns nothing', () => {
    assert.deepEqual(
      settleAllocations(allocations, 0n).map((a) => a.returnedMicro),
      [30n, 30n],
    );
    assert.deepEqual(
      settleAllocations(allocations, 60n).map((a) => a.returnedMicro),
      [0n, 0n],
    );
  });

  it('refuses a charge above the hold', () => {
    assert.throws(() => settleAllocations(allocations, 61n), RangeError);
    assert.throws(() => settleAllocations(allocations, -1n), RangeError);
  });
});
