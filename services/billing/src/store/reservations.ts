import { afterCommit } from '@tp/db';
import { AppError } from '@tp/errors';
import { newId } from '@tp/ids';
import { settleAllocations } from '../domain/allocation.ts';
import { formatCredits } from '../domain/money.ts';
import { priceSettlement, type ReservationPrice } from '../domain/pricing.ts';
import type { Shortfall } from '../domain/shortfall.ts';
import type { PrismaClient, Reservation } from '../generated/prisma/client.ts';
import { countHold, countHoldEnd } from '../metrics.ts';
import type { Balance, OpenLedger, Tx } from './ledger.ts';
import { spend } from './spending.ts';
import { onceMoreAfterRace, withLedger } from './transaction.ts';

export type ReserveResult =
  | { outcome: 'reserved' | 'existing'; reservation: Reservation; balance: Balance }
  | Shortfall;

export interface ReserveInput extends ReservationPrice {
  principalId: string;
  reference: string;
  seconds: number;
}

export interface ReservationChange {
  reservation: Reservation;
  balance: Balance;
}

/** What a job's hold pays for, in its ledger entries: audio on a profile, or caption-burn output. */
function holdSubject(hold: { kind: string; profile: string }): string {
  return hold.kind === 'caption_burn' ? `caption burn output (${hold.profile} pool)` : `audio on ${hold.profile}`;
}

/** Holds credits for the work `reference`; the same reference answers the same reservation. */
function reserve(prisma: PrismaClient, input: ReserveInput, now: Date): Promise<ReserveResult> {
  return onceMoreAfterRace(() =>
    withLedger(prisma, input.principalId, now, async (ledger, tx): Promise<ReserveResult> => {
      const existing = await tx.reservation.findUnique({ where: { reference: input.reference } });
      if (existing) {
        if (
          existing.principalId !== input.principalId ||
          existing.profile !== input.profile ||
          existing.kind !== input.kind ||
          existing.seconds !== input.seconds
        ) {
          throw new AppError(
            'conflict',
            `Reference ${input.reference} already has a reservation for other work (${existing.profile}, ${existing.seconds} s).`,
            { reservation_id: existing.id },
          );
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
          kind: input.kind,
          microCreditsPerHour: input.microCreditsPerHour,
          seconds: input.seconds,
          heldMicro: input.heldMicro,
          status: 'held',
          createdAt: now,
          allocations: {
            create: allocations.map((a, position) => ({ grantId: a.grantId, amountMicro: a.amountMicro, position })),
          },
        },
      });
      await ledger.record(
        'reservation',
        -input.heldMicro,
        input.heldMicro,
        input.reference,
        `Hold for ${input.seconds} s of ${holdSubject(input)}`,
      );
      afterCommit(tx, () => countHold(input.kind, input.heldMicro));
      return { outcome: 'reserved', reservation, balance: await ledger.close() };
    }),
  );
}

/**
 * Gives the unused part of a reservation back to the grants it came from, records the entry,
 * then expires at once whatever went back to a grant that has expired in the meantime.
 */
export async function finish(
  tx: Tx,
  ledger: OpenLedger,
  reservation: Reservation & { allocations: { grantId: string; amountMicro: bigint }[] },
  chargeMicro: bigint,
  entry: { kind: 'settlement' | 'release' | 'charge'; description: string },
) {
  const settled = settleAllocations(reservation.allocations, chargeMicro);
  for (const a of settled) {
    await tx.reservationAllocation.update({
      where: { reservationId_grantId: { reservationId: reservation.id, grantId: a.grantId } },
      data: { chargedMicro: a.chargedMicro },
    });
    if (a.returnedMicro > 0n)
      await tx.creditGrant.update({
        where: { id: a.grantId },
        data: { remainingMicro: { increment: a.returnedMicro } },
      });
  }
  await ledger.record(
    entry.kind,
    reservation.heldMicro - chargeMicro,
    -reservation.heldMicro,
    reservation.reference,
    entry.description,
  );
  afterCommit(tx, () => countHoldEnd(reservation.kind, reservation.heldMicro, chargeMicro));
  await ledger.expireDueGrants();
}

export async function findReservationForUpdate(tx: Tx, reference: string) {
  await tx.$executeRaw`SELECT 1 FROM reservations WHERE reference = ${reference} FOR UPDATE`;
  return tx.reservation.findUnique({
    where: { reference },
    include: { allocations: { orderBy: { position: 'asc' } } },
  });
}

/** The principal of a reservation, to lock its account before the reservation itself. */
export async function principalOfReservation(prisma: PrismaClient, reference: string): Promise<string> {
  const found = await prisma.reservation.findUnique({ where: { reference }, select: { principalId: true } });
  if (!found) throw new AppError('not_found', `No reservation for reference ${reference}.`);
  return found.principalId;
}

/**
 * Charges the actual seconds and returns the rest of the hold. A settled reservation answers
 * itself again when asked for the same charge; a released one, or another charge, is a conflict.
 */
async function settle(
  prisma: PrismaClient,
  reference: string,
  actualSeconds: number,
  now: Date,
): Promise<ReservationChange> {
  const principalId = await principalOfReservation(prisma, reference);
  return withLedger(prisma, principalId, now, async (ledger, tx) => {
    const reservation = (await findReservationForUpdate(tx, reference))!;
    if (reservation.kind === 'usage')
      throw new AppError('conflict', `The hold for ${reference} is for AI usage; settle it with SettleUsage.`);
    const chargeMicro = priceSettlement(reservation, actualSeconds);
    if (reservation.status === 'released')
      throw new AppError('conflict', `The reservation for ${reference} was released; it cannot be settled.`);
    if (reservation.status === 'settled') {
      if (reservation.chargedMicro !== chargeMicro) {
        throw new AppError(
          'conflict',
          `The reservation for ${reference} was already settled for ${reservation.actualSeconds} s (${formatCredits(reservation.chargedMicro)} credits).`,
        );
      }
      return { reservation, balance: await ledger.close() };
    }
    await finish(tx, ledger, reservation, chargeMicro, {
      kind: 'settlement',
      description: `Charged ${formatCredits(chargeMicro)} credits for ${actualSeconds} s of ${holdSubject(reservation)}; ${formatCredits(reservation.heldMicro - chargeMicro)} of the hold returned`,
    });
    const updated = await tx.reservation.update({
      where: { id: reservation.id },
      data: { status: 'settled', chargedMicro: chargeMicro, actualSeconds, settledAt: now },
    });
    return { reservation: updated, balance: await ledger.close() };
  });
}

/** Returns the whole hold. Releasing again is harmless; a settled reservation is a conflict. */
async function release(prisma: PrismaClient, reference: string, now: Date): Promise<ReservationChange> {
  const principalId = await principalOfReservation(prisma, reference);
  return withLedger(prisma, principalId, now, async (ledger, tx) => {
    const reservation = (await findReservationForUpdate(tx, reference))!;
    if (reservation.status === 'settled')
      throw new AppError('conflict', `The reservation for ${reference} was settled; it cannot be released.`);
    if (reservation.status === 'released') return { reservation, balance: await ledger.close() };
    await finish(tx, ledger, reservation, 0n, {
      kind: 'release',
      description: `Released the hold of ${formatCredits(reservation.heldMicro)} credits`,
    });
    const updated = await tx.reservation.update({
      where: { id: reservation.id },
      data: { status: 'released', releasedAt: now },
    });
    return { reservation: updated, balance: await ledger.close() };
  });
}

/** Reservations: credits held for a job, then settled for the actual seconds or released. */
export function createReservationStore(prisma: PrismaClient) {
  return {
    reserve: (input: ReserveInput, now: Date) => reserve(prisma, input, now),
    settle: (reference: string, actualSeconds: number, now: Date) => settle(prisma, reference, actualSeconds, now),
    release: (reference: string, now: Date) => release(prisma, reference, now),
  };
}

export type ReservationStore = ReturnType<typeof createReservationStore>;
