/**
 * Which grants pay for what. Spending (a reservation's hold, a charge) takes from the grants that
 * expire first, grants that never expire last, so the credits most at risk of expiring are used
 * before the others. A settlement charges its allocations in the same order and returns the rest,
 * which leaves the grants exactly as if only the charge had ever been held.
 */

export interface SpendableGrant {
  id: string;
  remainingMicro: bigint;
  expiresAt: Date | null;
  createdAt: Date;
}

export interface Allocation {
  grantId: string;
  amountMicro: bigint;
}

export interface SettledAllocation extends Allocation {
  /** Of amountMicro: what the settlement charges. */
  chargedMicro: bigint;
  /** Of amountMicro: what goes back to the grant. */
  returnedMicro: bigint;
}

/** A grant expires at its expiry instant: from then on it counts for nothing. */
export function isExpiredAt(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}

/** Spending order: earliest expiry first, never-expiring last; ties by age, then id. */
export function compareSpendingOrder(a: SpendableGrant, b: SpendableGrant): number {
  if (a.expiresAt !== b.expiresAt) {
    if (a.expiresAt === null) return 1;
    if (b.expiresAt === null) return -1;
    const byExpiry = a.expiresAt.getTime() - b.expiresAt.getTime();
    if (byExpiry !== 0) return byExpiry;
  }
  const byAge = a.createdAt.getTime() - b.createdAt.getTime();
  if (byAge !== 0) return byAge;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Takes `amountMicro` from the unexpired grants in spending order. The caller has checked the
 * available balance; grants that cannot cover it mean the ledger is inconsistent, which is a bug,
 * never a user error.
 */
export function allocate(grants: readonly SpendableGrant[], amountMicro: bigint, now: Date): Allocation[] {
  if (amountMicro < 0n) throw new RangeError('cannot allocate a negative amount');
  const allocations: Allocation[] = [];
  let left = amountMicro;
  for (const grant of [...grants]
    .filter((g) => !isExpiredAt(g.expiresAt, now) && g.remainingMicro > 0n)
    .sort(compareSpendingOrder)) {
    if (left === 0n) break;
    const take = grant.remainingMicro < left ? grant.remainingMicro : left;
    allocations.push({ grantId: grant.id, amountMicro: take });
    left -= take;
  }
  if (left > 0n)
    throw new Error(`ledger inconsistency: the grants lack ${left} micro-credits the balance says are available`);
  return allocations;
}

/** Charges `chargeMicro` from the allocations in the order they were made; the rest is returned. */
export function settleAllocations(allocations: readonly Allocation[], chargeMicro: bigint): SettledAllocation[] {
  const held = allocations.reduce((sum, a) => sum + a.amountMicro, 0n);
  if (chargeMicro < 0n || chargeMicro > held)
    throw new RangeError(`a charge of ${chargeMicro} does not fit a hold of ${held}`);
  let left = chargeMicro;
  return allocations.map((allocation) => {
    const charged = allocation.amountMicro < left ? allocation.amountMicro : left;
    left -= charged;
    return { ...allocation, chargedMicro: charged, returnedMicro: allocation.amountMicro - charged };
  });
}
