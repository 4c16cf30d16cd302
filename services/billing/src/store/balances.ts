import { type DirectSql, sqlStatement } from '@tp/db';
import type { LedgerEntry, PrismaClient } from '../generated/prisma/client.ts';
import type { Balance } from './ledger.ts';

/**
 * The account's balances (zeros without an account) and whether a grant of it is past due, in
 * one round trip (ADR 0025). $1 principal id, $2 now.
 */
const CURRENT_BALANCE = sqlStatement(
  'billing_current_balance',
  `SELECT a.available_micro, a.reserved_micro,
    EXISTS (SELECT 1 FROM credit_grants g WHERE g.principal_id = p.id AND g.expires_at <= $2 AND g.remaining_micro > 0)
      AS expiry_due
  FROM (SELECT $1::text AS id) p LEFT JOIN credit_accounts a ON a.principal_id = p.id`,
);

/** A balance as read, and whether past-due grants must expire before it is the balance of `asOf`. */
export interface CurrentBalance {
  balance: Balance;
  expiryDue: boolean;
}

const zeroBalance = (principalId: string, now: Date): Balance => ({
  principalId,
  availableMicro: 0n,
  reservedMicro: 0n,
  asOf: now,
});

/** Reads of a principal's account: its balances and its ledger. */
export function createBalanceStore(prisma: PrismaClient, sql: DirectSql) {
  return {
    /** The hot read of a balance: one prepared statement, without the ORM. */
    async current(principalId: string, now: Date): Promise<CurrentBalance> {
      const [row] = await sql.rows<{ availableMicro: bigint | null; reservedMicro: bigint | null; expiryDue: boolean }>(
        CURRENT_BALANCE,
        [principalId, now],
      );
      return {
        balance: {
          principalId,
          availableMicro: row?.availableMicro ?? 0n,
          reservedMicro: row?.reservedMicro ?? 0n,
          asOf: now,
        },
        expiryDue: row?.expiryDue === true,
      };
    },

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
