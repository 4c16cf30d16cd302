import { newId } from '@tp/ids';
import { formatCredits } from '../domain/money.ts';
import type { CreditAccount, PrismaClient } from '../generated/prisma/client.ts';

export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

export type EntryKind = 'grant' | 'reservation' | 'release' | 'settlement' | 'charge' | 'expiry' | 'adjustment';

export interface Balance {
  principalId: string;
  availableMicro: bigint;
  reservedMicro: bigint;
  asOf: Date;
}

/**
 * One principal's ledger inside one transaction, after its account row is locked: entries are
 * appended in order, each with the balances after it, and the account row is written with the
 * final balances before the transaction commits. Nothing else changes an account's balances.
 */
export interface OpenLedger {
  readonly principalId: string;
  readonly now: Date;
  balance(): Balance;
  /** Appends an entry; returns its id. */
  record(
    kind: EntryKind,
    availableDeltaMicro: bigint,
    reservedDeltaMicro: bigint,
    reference: string,
    description: string,
  ): Promise<string>;
  /** Expires the remaining amounts of the principal's past-due grants (one expiry entry each). */
  expireDueGrants(): Promise<number>;
  /** Writes the account's balances; call last. */
  close(): Promise<Balance>;
}

/**
 * Locks the principal's account (creating it on first use) for the rest of the transaction.
 * Every change to a principal's credits goes through here, so they are serialised per principal.
 */
export async function openLedger(tx: Tx, principalId: string, now: Date): Promise<OpenLedger> {
  await tx.$executeRaw`INSERT INTO credit_accounts (principal_id, created_at, updated_at) VALUES (${principalId}, ${now}, ${now}) ON CONFLICT (principal_id) DO NOTHING`;
  await tx.$executeRaw`SELECT 1 FROM credit_accounts WHERE principal_id = ${principalId} FOR UPDATE`;
  const account: CreditAccount = await tx.creditAccount.findUniqueOrThrow({ where: { principalId } });
  let available = account.availableMicro;
  let reserved = account.reservedMicro;
  let changed = false;

  const ledger: OpenLedger = {
    principalId,
    now,
    balance: () => ({ principalId, availableMicro: available, reservedMicro: reserved, asOf: now }),

    async record(kind, availableDeltaMicro, reservedDeltaMicro, reference, description) {
      available += availableDeltaMicro;
      reserved += reservedDeltaMicro;
      changed = true;
      const id = newId('led');
      await tx.ledgerEntry.create({
        data: {
          id,
          principalId,
          kind,
          availableDeltaMicro,
          reservedDeltaMicro,
          availableAfterMicro: available,
          reservedAfterMicro: reserved,
          reference,
          description,
          createdAt: now,
        },
      });
      return id;
    },

    async expireDueGrants() {
      const due = await tx.creditGrant.findMany({
        where: { principalId, expiresAt: { lte: now }, remainingMicro: { gt: 0n } },
        orderBy: [{ expiresAt: 'asc' }, { id: 'asc' }],
      });
      for (const grant of due) {
        await tx.creditGrant.update({
          where: { id: grant.id },
          data: { remainingMicro: 0n, expiredMicro: { increment: grant.remainingMicro } },
        });
        await ledger.record(
          'expiry',
          -grant.remainingMicro,
          0n,
          grant.id,
          `${formatCredits(grant.remainingMicro)} credits of grant "${grant.reason}" expired unused`,
        );
      }
      return due.length;
    },

    async close() {
      if (changed)
        await tx.creditAccount.update({
          where: { principalId },
          data: { availableMicro: available, reservedMicro: reserved, updatedAt: now },
        });
      return ledger.balance();
    },
  };
  return ledger;
}
