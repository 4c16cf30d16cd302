import { allocate, type Allocation } from '../domain/allocation.ts';
import type { Tx } from './ledger.ts';

/** Takes `amountMicro` from the principal's grants (earliest expiry first), inside the ledger's transaction. */
export async function spend(tx: Tx, principalId: string, amountMicro: bigint, now: Date): Promise<Allocation[]> {
  if (amountMicro === 0n) return [];
  const grants = await tx.creditGrant.findMany({
    where: { principalId, remainingMicro: { gt: 0n }, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
  });
  const allocations = allocate(grants, amountMicro, now);
  for (const a of allocations)
    await tx.creditGrant.update({ where: { id: a.grantId }, data: { remainingMicro: { decrement: a.amountMicro } } });
  return allocations;
}
