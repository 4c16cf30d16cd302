import { afterCommit } from '@tp/db';
import { AppError } from '@tp/errors';
import { newId } from '@tp/ids';
import { formatCredits } from '../domain/money.ts';
import type { Shortfall } from '../domain/shortfall.ts';
import type { PrismaClient, Reservation } from '../generated/prisma/client.ts';
import { countHold } from '../metrics.ts';
import type { Balance, OpenLedger, Tx } from './ledger.ts';
import { finish, findReservationForUpdate, principalOfReservation, type ReservationChange } from './reservations.ts';
import { spend } from './spending.ts';
import { onceMoreAfterRace, withLedger } from './transaction.ts';

export type HoldUsageResult = { outcome: 'held' | 'existing'; reservation: Reservation; balance: Balance } | Shortfall;

export interface HoldUsageInput {
  principalId: string;
  reference: string;
  /** The managed-AI alias (kept in the reservation's profile column). */
  model: string;
  heldMicro: bigint;
}

export interface SettleUsageInput {
  reference: string;
  inputTokens: number;
  outputTokens: number;
  estimated: boolean;
  /** The tokens' price at the rates of the hold's alias (the charge is this, at most the hold). */
  price: (model: string) => bigint;
}

/** Takes the credits of a new hold (or of a released one taken again) and records the entry. */
async function take(tx: Tx, ledger: OpenLedger, input: HoldUsageInput, now: Date, reservationId: string) {
  const allocations = await spend(tx, input.principalId, input.heldMicro, now);
  await tx.reservationAllocation.createMany({
    data: allocations.map((a, position) => ({
      reservationId,
      grantId: a.grantId,
      amountMicro: a.amountMicro,
      position,
    })),
  });
  await ledger.record(
    'reservation',
    -input.heldMicro,
    input.heldMicro,
    input.reference,
    `Hold of ${formatCredits(input.heldMicro)} credits for a ${input.model} request`,
  );
  afterCommit(tx, () => countHold('usage', input.heldMicro));
}

/**
 * Holds credits for one managed-AI request. The same reference while held answers the same hold;
 * a released one (the upstream failed, the client retried) is held again; a settled one was
 * charged already and is a conflict.
 */
function holdUsage(prisma: PrismaClient, input: HoldUsageInput, now: Date): Promise<HoldUsageResult> {
  return onceMoreAfterRace(() =>
    withLedger(prisma, input.principalId, now, async (ledger, tx): Promise<HoldUsageResult> => {
      const existing = await tx.reservation.findUnique({ where: { reference: input.reference } });
      if (existing && (existing.kind !== 'usage' || existing.principalId !== input.principalId))
        throw new AppError('conflict', `Reference ${input.reference} already holds credits for other work.`);
      if (existing?.status === 'settled')
        throw new AppError('conflict', `The request ${input.reference} was completed and charged already.`, {
          reservation_id: existing.id,
        });
      if (existing?.status === 'held')
        return { outcome: 'existing', reservation: existing, balance: await ledger.close() };
      const { availableMicro } = ledger.balance();
      if (availableMicro < input.heldMicro) {
        await ledger.close();
        return { outcome: 'insufficient', requiredMicro: input.heldMicro, availableMicro };
      }
      const id = existing?.id ?? newId('res');
      const fields = { profile: input.model, heldMicro: input.heldMicro, status: 'held', chargedMicro: 0n };
      if (existing) {
        await tx.reservationAllocation.deleteMany({ where: { reservationId: id } });
        await tx.reservation.update({ where: { id }, data: { ...fields, releasedAt: null } });
      } else {
        await tx.reservation.create({
          data: {
            id,
            ...fields,
            principalId: input.principalId,
            reference: input.reference,
            kind: 'usage',
            microCreditsPerHour: 0,
            seconds: 0,
            createdAt: now,
          },
        });
      }
      await take(tx, ledger, input, now, id);
      const reservation = await tx.reservation.findUniqueOrThrow({ where: { id } });
      return { outcome: 'held', reservation, balance: await ledger.close() };
    }),
  );
}

/** Charges the request's tokens (at most the hold) in one charge entry and returns the rest. */
async function settleUsage(prisma: PrismaClient, input: SettleUsageInput, now: Date): Promise<ReservationChange> {
  const principalId = await principalOfReservation(prisma, input.reference);
  return withLedger(prisma, principalId, now, async (ledger, tx) => {
    const reservation = (await findReservationForUpdate(tx, input.reference))!;
    if (reservation.kind !== 'usage')
      throw new AppError('conflict', `The hold for ${input.reference} is a job's; settle it with Settle.`);
    const priceMicro = input.price(reservation.profile);
    const chargeMicro = priceMicro < reservation.heldMicro ? priceMicro : reservation.heldMicro;
    if (reservation.status === 'released')
      throw new AppError('conflict', `The hold for ${input.reference} was released; it cannot be settled.`);
    if (reservation.status === 'settled') {
      const same =
        reservation.inputTokens === BigInt(input.inputTokens) &&
        reservation.outputTokens === BigInt(input.outputTokens);
      if (!same)
        throw new AppError('conflict', `The request ${input.reference} was already charged with other figures.`);
      return { reservation, balance: await ledger.close() };
    }
    const counted = input.estimated ? 'estimated' : 'reported';
    await finish(tx, ledger, reservation, chargeMicro, {
      kind: 'charge',
      description: `${reservation.profile}: ${input.inputTokens} input and ${input.outputTokens} output tokens (${counted}), ${formatCredits(chargeMicro)} credits`,
    });
    const updated = await tx.reservation.update({
      where: { id: reservation.id },
      data: {
        status: 'settled',
        chargedMicro: chargeMicro,
        inputTokens: BigInt(input.inputTokens),
        outputTokens: BigInt(input.outputTokens),
        estimated: input.estimated,
        settledAt: now,
      },
    });
    return { reservation: updated, balance: await ledger.close() };
  });
}

/** References of usage holds still held that were made before `before` (oldest first). */
async function staleHolds(prisma: PrismaClient, before: Date, limit: number): Promise<string[]> {
  const rows = await prisma.reservation.findMany({
    where: { kind: 'usage', status: 'held', createdAt: { lt: before } },
    orderBy: { createdAt: 'asc' },
    take: limit,
    select: { reference: true },
  });
  return rows.map((row) => row.reference);
}

/** Managed-AI holds: credits held before the upstream call, then charged for the tokens used. */
export function createUsageHoldStore(prisma: PrismaClient) {
  return {
    hold: (input: HoldUsageInput, now: Date) => holdUsage(prisma, input, now),
    settle: (input: SettleUsageInput, now: Date) => settleUsage(prisma, input, now),
    staleHolds: (before: Date, limit: number) => staleHolds(prisma, before, limit),
  };
}

export type UsageHoldStore = ReturnType<typeof createUsageHoldStore>;
