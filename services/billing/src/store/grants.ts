import { AppError } from '@tp/errors';
import { newId } from '@tp/ids';
import { formatCredits } from '../domain/money.ts';
import type { GrantRequest } from '../domain/requests.ts';
import type { CreditGrant, PrismaClient } from '../generated/prisma/client.ts';
import { type Balance, openLedger } from './ledger.ts';
import { inTransaction, onceMoreAfterRace, withLedger } from './transaction.ts';

export interface GrantResult {
  grant: CreditGrant;
  balance: Balance;
  /** False when the grant was already made under the same reference. */
  created: boolean;
}

/**
 * Expires the principal's past-due grants if it has any. Cheap when it has none: one indexed
 * count, no lock, nothing written (an unknown principal gets no account).
 */
async function expireDue(prisma: PrismaClient, principalId: string, now: Date): Promise<number> {
  const due = await prisma.creditGrant.count({
    where: { principalId, expiresAt: { lte: now }, remainingMicro: { gt: 0n } },
  });
  if (due === 0) return 0;
  return inTransaction(prisma, async (tx) => {
    const ledger = await openLedger(tx, principalId, now);
    const expired = await ledger.expireDueGrants();
    await ledger.close();
    return expired;
  });
}

/** A new grant, or the grant already made under the same reference (then `created` is false). */
function grant(prisma: PrismaClient, request: GrantRequest, now: Date): Promise<GrantResult> {
  return onceMoreAfterRace(() =>
    withLedger(prisma, request.principalId, now, async (ledger, tx) => {
      if (request.reference !== null) {
        const existing = await tx.creditGrant.findUnique({ where: { reference: request.reference } });
        if (existing) {
          const same =
            existing.principalId === request.principalId &&
            existing.amountMicro === request.amountMicro &&
            (existing.expiresAt?.getTime() ?? null) === (request.expiresAt?.getTime() ?? null);
          if (!same)
            throw new AppError(
              'conflict',
              `Reference ${request.reference} was already used for another grant (${existing.id}).`,
              { grant_id: existing.id },
            );
          return { grant: existing, balance: await ledger.close(), created: false };
        }
      }
      const created = await tx.creditGrant.create({
        data: {
          id: newId('grt'),
          principalId: request.principalId,
          amountMicro: request.amountMicro,
          remainingMicro: request.amountMicro,
          reason: request.reason,
          reference: request.reference,
          expiresAt: request.expiresAt,
          createdAt: now,
        },
      });
      const until = request.expiresAt ? `, expires ${request.expiresAt.toISOString()}` : '';
      await ledger.record(
        'grant',
        request.amountMicro,
        0n,
        created.id,
        `Granted ${formatCredits(request.amountMicro)} credits: ${request.reason}${until}`,
      );
      return { grant: created, balance: await ledger.close(), created: true };
    }),
  );
}

/** Grants: made by the operator, spent by holds and charges, expired when past due. */
export function createGrantStore(prisma: PrismaClient) {
  return {
    grant: (request: GrantRequest, now: Date) => grant(prisma, request, now),
    expireDue: (principalId: string, now: Date) => expireDue(prisma, principalId, now),

    /** Principals that hold past-due grants (for the sweeper), in id order. */
    principalsWithDueGrants: async (now: Date, limit: number): Promise<string[]> =>
      (
        await prisma.$queryRaw<{ principal_id: string }[]>`
          SELECT DISTINCT principal_id FROM credit_grants
           WHERE expires_at <= ${now} AND remaining_micro > 0
           ORDER BY principal_id LIMIT ${limit}`
      ).map((row) => row.principal_id),

    /** Newest first; without `includeExpired`, only grants not past their expiry. */
    listGrants: (principalId: string, includeExpired: boolean, now: Date): Promise<CreditGrant[]> =>
      prisma.creditGrant.findMany({
        where: { principalId, ...(includeExpired ? {} : { OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }) },
        orderBy: { id: 'desc' },
      }),
  };
}

export type GrantStore = ReturnType<typeof createGrantStore>;
