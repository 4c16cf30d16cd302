import { isUniqueViolation, pingDatabase, TRANSACTION_OPTIONS } from '@tp/db';
import { AppError } from '@tp/errors';
import { newId } from '@tp/ids';
import { allocate, settleAllocations, type Allocation } from '../domain/allocation.ts';
import { formatCredits } from '../domain/money.ts';
import { priceSettlement, type ReservationPrice } from '../domain/pricing.ts';
import type { GrantRequest } from '../domain/requests.ts';
import type { Charge, CreditGrant, LedgerEntry, PrismaClient, Reservation } from '../generated/prisma/client.ts';
import { openLedger, type Balance, type OpenLedger, type Tx } from './ledger.ts';

export type { Balance, Charge, CreditGrant, LedgerEntry, Reservation };



/** Short of credits: what was needed and what was available (after expiring past-due grants). */
export interface Shortfall {
  outcome: 'insufficient';
  requiredMicro: bigint;
  availableMicro: bigint;
}

export type ReserveResult = { outcome: 'reserved' | 'existing'; reservation: Reservation; balance: Balance } | Shortfall;
export type ChargeResult = { outcome: 'charged' | 'replayed'; charge: Charge; balance: Balance } | Shortfall;

export interface ReserveInput extends ReservationPrice {
  principalId: string;
  reference: string;
  seconds: number;
}

export interface ChargeInput {
  principalId: string;
  reference: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  chargedMicro: bigint;
}

const zeroBalance = (principalId: string, now: Date): Balance => ({ principalId, availableMicro: 0n, reservedMicro: 0n, asOf: now });

/** Retries `work` once after a unique violation: a concurrent call with the same reference committed first. */
async function onceMoreAfterRace<R>(work: () => Promise<R>): Promise<R> {
  try {
    return await work();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return work();
  }
}

/** The only place that talks to the billing tables. */
export function createBillingStore(prisma: PrismaClient) {
  const transaction = <R>(work: (tx: Tx) => Promise<R>): Promise<R> => prisma.$transaction(work, TRANSACTION_OPTIONS);

  /** Runs `work` with the principal's ledger open and past-due grants expired first. */
  const withLedger = <R>(principalId: string, now: Date, work: (ledger: OpenLedger, tx: Tx) => Promise<R>): Promise<R> =>
    transaction(async (tx) => {
      const ledger = await openLedger(tx, principalId, now);
      await ledger.expireDueGrants();
      return work(ledger, tx);
    });

  /** Takes `amountMicro` from the principal's grants (earliest expiry first). */
  async function spend(tx: Tx, principalId: string, amountMicro: bigint, now: Date): Promise<Allocation[]> {
    if (amountMicro === 0n) return [];
    const grants = await tx.creditGrant.findMany({
      where: { principalId, remainingMicro: { gt: 0n }, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    });
    const allocations = allocate(grants, amountMicro, now);
    for (const a of allocations) await tx.creditGrant.update({ where: { id: a.grantId }, data: { remainingMicro: { decrement: a.amountMicro } } });
    return allocations;
  }

  /**
   * Gives the unused part of a reservation back to the grants it came from, records the entry,
   * then expires at once whatever went back to a grant that has expired in the meantime.
   */
  async function finish(tx: Tx, ledger: OpenLedger, reservation: Reservation & { allocations: { grantId: string; amountMicro: bigint }[] }, chargeMicro: bigint, entry: { kind: 'settlement' | 'release'; description: string }) {
    const settled = settleAllocations(reservation.allocations, chargeMicro);
    for (const a of settled) {
      await tx.reservationAllocation.update({ where: { reservationId_grantId: { reservationId: reservation.id, grantId: a.grantId } }, data: { chargedMicro: a.chargedMicro } });
      if (a.returnedMicro > 0n) await tx.creditGrant.update({ where: { id: a.grantId }, data: { remainingMicro: { increment: a.returnedMicro } } });
    }
    await ledger.record(entry.kind, reservation.heldMicro - chargeMicro, -reservation.heldMicro, reservation.reference, entry.description);
    await ledger.expireDueGrants();
  }

  async function findReservationForUpdate(tx: Tx, reference: string) {
    await tx.$executeRaw`SELECT 1 FROM reservations WHERE reference = ${reference} FOR UPDATE`;
    return tx.reservation.findUnique({ where: { reference }, include: { allocations: { orderBy: { position: 'asc' } } } });
  }

  /** The principal of a reservation, to lock its account before the reservation itself. */
  async function principalOfReservation(reference: string): Promise<string> {
    const found = await prisma.reservation.findUnique({ where: { reference }, select: { principalId: true } });
    if (!found) throw new AppError('not_found', `No reservation for reference ${reference}.`);
    return found.principalId;
  }

  return {
    /**
     * Expires the principal's past-due grants if it has any. Cheap when it has none: one indexed
     * count, no lock, nothing written (an unknown principal gets no account).
     */
    async expireDue(principalId: string, now: Date): Promise<number> {
      const due = await prisma.creditGrant.count({ where: { principalId, expiresAt: { lte: now }, remainingMicro: { gt: 0n } } });
      if (due === 0) return 0;
      return transaction(async (tx) => {
        const ledger = await openLedger(tx, principalId, now);
        const expired = await ledger.expireDueGrants();
        await ledger.close();
        return expired;
      });
    },

    /** Principals that hold past-due grants (for the sweeper), in id order. */
    principalsWithDueGrants: async (now: Date, limit: number): Promise<string[]> =>
      (
        await prisma.$queryRaw<{ principal_id: string }[]>`
          SELECT DISTINCT principal_id FROM credit_grants
           WHERE expires_at <= ${now} AND remaining_micro > 0
           ORDER BY principal_id LIMIT ${limit}`
      ).map((row) => row.principal_id),

    async balance(principalId: string, now: Date): Promise<Balance> {
      const account = await prisma.creditAccount.findUnique({ where: { principalId } });
      if (!account) return zeroBalance(principalId, now);
      return { principalId, availableMicro: account.availableMicro, reservedMicro: account.reservedMicro, asOf: now };
    },

    /** Newest first. */
    listLedger: (principalId: string, limit: number): Promise<LedgerEntry[]> =>
      prisma.ledgerEntry.findMany({ where: { principalId }, orderBy: { seq: 'desc' }, take: limit }),

    /** Newest first; without `includeExpired`, only grants not past their expiry. */
    listGrants: (principalId: string, includeExpired: boolean, now: Date): Promise<CreditGrant[]> =>
      prisma.creditGrant.findMany({
        where: { principalId, ...(includeExpired ? {} : { OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }) },
        orderBy: { id: 'desc' },
      }),

    /** A new grant, or the grant already made under the same reference (then `created` is false). */
    grant: (request: GrantRequest, now: Date): Promise<{ grant: CreditGrant; balance: Balance; created: boolean }> =>
      onceMoreAfterRace(() =>
        withLedger(request.principalId, now, async (ledger, tx) => {
          if (request.reference !== null) {
            const existing = await tx.creditGrant.findUnique({ where: { reference: request.reference } });
            if (existing) {
              const same =
                existing.principalId === request.principalId &&
                existing.amountMicro === request.amountMicro &&
                (existing.expiresAt?.getTime() ?? null) === (request.expiresAt?.getTime() ?? null);
              if (!same) throw new AppError('conflict', `Reference ${request.reference} was already used for another grant (${existing.id}).`, { grant_id: existing.id });
              return { grant: existing, balance: await ledger.close(), created: false };
            }
          }
          const grant = await tx.creditGrant.create({
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
          await ledger.record('grant', request.amountMicro, 0n, grant.id, `Granted ${formatCredits(request.amountMicro)} credits: ${request.reason}${until}`);
          return { grant, balance: await ledger.close(), created: true };
        }),
      ),

    /** Holds credits for the work `reference`; the same reference answers the same reservation. */
    reserve: (input: ReserveInput, now: Date): Promise<ReserveResult> =>
      onceMoreAfterRace(() =>
        withLedger(input.principalId, now, async (ledger, tx): Promise<ReserveResult> => {
          const existing = await tx.reservation.findUnique({ where: { reference: input.reference } });
          if (existing) {
            if (existing.principalId !== input.principalId || existing.profile !== input.profile || existing.seconds !== input.seconds) {
              throw new AppError('conflict', `Reference ${input.reference} already has a reservation for other work (${existing.profile}, ${existing.seconds} s).`, { reservation_id: existing.id });
            }
            return { outcome: 'existing', reservation: existing, balance: await ledger.close() };
          }
          const { availableMicro } = ledger.balance();
          if (availableMicro < input.heldMicro) {
            await ledger.close(); // keeps the expiries just made
            return { outcome: 'insufficient', requiredMicro: input.heldMicro, availableMicro };
          }
          const allocations = await spend(tx, input.principalId, input.heldMicro, now);
          const reservation = await tx.reservation.create({
            data: {
              id: newId('res'),
              principalId: input.principalId,
              reference: input.reference,
              profile: input.profile,
              microCreditsPerHour: input.microCreditsPerHour,
              seconds: input.seconds,
              heldMicro: input.heldMicro,
              status: 'held',
              createdAt: now,
              allocations: { create: allocations.map((a, position) => ({ grantId: a.grantId, amountMicro: a.amountMicro, position })) },
            },
          });
          await ledger.record('reservation', -input.heldMicro, input.heldMicro, input.reference, `Hold for ${input.seconds} s of audio on ${input.profile}`);
          return { outcome: 'reserved', reservation, balance: await ledger.close() };
        }),
      ),

    /**
     * Charges the actual seconds and returns the rest of the hold. A settled reservation answers
     * itself again when asked for the same charge; a released one, or another charge, is a conflict.
     */
    async settle(reference: string, actualSeconds: number, now: Date): Promise<{ reservation: Reservation; balance: Balance }> {
      const principalId = await principalOfReservation(reference);
      return withLedger(principalId, now, async (ledger, tx) => {
        const reservation = (await findReservationForUpdate(tx, reference))!;
        const chargeMicro = priceSettlement(reservation, actualSeconds);
        if (reservation.status === 'released') throw new AppError('conflict', `The reservation for ${reference} was released; it cannot be settled.`);
        if (reservation.status === 'settled') {
          if (reservation.chargedMicro !== chargeMicro) {
            throw new AppError('conflict', `The reservation for ${reference} was already settled for ${reservation.actualSeconds} s (${formatCredits(reservation.chargedMicro)} credits).`);
          }
          return { reservation, balance: await ledger.close() };
        }
        await finish(tx, ledger, reservation, chargeMicro, {
          kind: 'settlement',
          description: `Charged ${formatCredits(chargeMicro)} credits for ${actualSeconds} s of audio on ${reservation.profile}; ${formatCredits(reservation.heldMicro - chargeMicro)} of the hold returned`,
        });
        const updated = await tx.reservation.update({ where: { id: reservation.id }, data: { status: 'settled', chargedMicro: chargeMicro, actualSeconds, settledAt: now } });
        return { reservation: updated, balance: await ledger.close() };
      });
    },

    /** Returns the whole hold. Releasing again is harmless; a settled reservation is a conflict. */
    async release(reference: string, now: Date): Promise<{ reservation: Reservation; balance: Balance }> {
      const principalId = await principalOfReservation(reference);
      return withLedger(principalId, now, async (ledger, tx) => {
        const reservation = (await findReservationForUpdate(tx, reference))!;
        if (reservation.status === 'settled') throw new AppError('conflict', `The reservation for ${reference} was settled; it cannot be released.`);
        if (reservation.status === 'released') return { reservation, balance: await ledger.close() };
        await finish(tx, ledger, reservation, 0n, { kind: 'release', description: `Released the hold of ${formatCredits(reservation.heldMicro)} credits` });
        const updated = await tx.reservation.update({ where: { id: reservation.id }, data: { status: 'released', releasedAt: now } });
        return { reservation: updated, balance: await ledger.close() };
      });
    },

    /** Charges metered usage once per reference; the same reference answers the first charge. */
    charge: (input: ChargeInput, now: Date): Promise<ChargeResult> =>
      onceMoreAfterRace(() =>
        withLedger(input.principalId, now, async (ledger, tx): Promise<ChargeResult> => {
          const existing = await tx.charge.findUnique({ where: { reference: input.reference } });
          if (existing) {
            const same =
              existing.principalId === input.principalId &&
              existing.model === input.model &&
              existing.inputTokens === BigInt(input.inputTokens) &&
              existing.outputTokens === BigInt(input.outputTokens);
            if (!same) throw new AppError('conflict', `Usage ${input.reference} was already charged with other figures.`, { entry_id: existing.entryId });
            return { outcome: 'replayed', charge: existing, balance: await ledger.close() };
          }
          const { availableMicro } = ledger.balance();
          if (availableMicro < input.chargedMicro) {
            await ledger.close();
            return { outcome: 'insufficient', requiredMicro: input.chargedMicro, availableMicro };
          }
          const allocations = await spend(tx, input.principalId, input.chargedMicro, now);
          const entryId = await ledger.record(
            'charge',
            -input.chargedMicro,
            0n,
            input.reference,
            `${input.model}: ${input.inputTokens} input and ${input.outputTokens} output tokens`,
          );
          const charge = await tx.charge.create({
            data: {
              reference: input.reference,
              principalId: input.principalId,
              model: input.model,
              inputTokens: BigInt(input.inputTokens),
              outputTokens: BigInt(input.outputTokens),
              chargedMicro: input.chargedMicro,
              entryId,
              createdAt: now,
              allocations: { create: allocations.map((a) => ({ grantId: a.grantId, amountMicro: a.amountMicro })) },
            },
          });
          return { outcome: 'charged', charge, balance: await ledger.close() };
        }),
      ),

    /** True when the database answers (readiness). */
    ping: () => pingDatabase(prisma),
  };
}

export type BillingStore = ReturnType<typeof createBillingStore>;

