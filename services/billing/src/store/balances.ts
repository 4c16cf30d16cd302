import type { LedgerEntry, PrismaClient } from '../generated/prisma/client.ts';
import type { Balance } from './ledger.ts';

const zeroBalance = (principalId: string, now: Date): Balance => ({
  principalId,
  availableMicro: 0n,
  reservedMicro: 0n,
  asOf: now,
});

/** Reads of a principal's account: its balances and its ledger. */
export function createBalanceStore(prisma: PrismaClient) {
  return {
    async balance(principalId: string, now: Date): Promise<Balance> {
      const account = await prisma.creditAccount.findUnique({ where: { principalId } });
      if (!account) return zeroBalance(principalId, now);
      return { principalId, availableMicro: account.availableMicro, reservedMicro: account.reservedMicro, asOf: now };
    },

    /** Newest first. */
    listLedger: (principalId: string, limit: number): Promise<LedgerEntry[]> =>
      prisma.ledgerEntry.findMany({ where: { principalId }, orderBy: { seq: 'desc' }, take: limit }),
  };
}

export type BalanceStore = ReturnType<typeof createBalanceStore>;
