import type {
  Balance as WireBalance,
  Grant as WireGrant,
  LedgerEntry as WireLedgerEntry,
  Reservation as WireReservation,
} from '@tp/proto';
import { isExpiredAt } from '../domain/allocation.ts';
import { toWireMicro } from '../domain/money.ts';
import type { Balance, CreditGrant, LedgerEntry, Reservation } from '../store/index.ts';

export function toWireBalance(balance: Balance): WireBalance {
  return {
    principalId: balance.principalId,
    availableMicro: toWireMicro(balance.availableMicro),
    reservedMicro: toWireMicro(balance.reservedMicro),
    totalMicro: toWireMicro(balance.availableMicro + balance.reservedMicro),
    asOf: balance.asOf,
  };
}

export function toWireEntry(entry: LedgerEntry): WireLedgerEntry {
  return {
    entryId: entry.id,
    principalId: entry.principalId,
    kind: entry.kind,
    availableDeltaMicro: toWireMicro(entry.availableDeltaMicro),
    reservedDeltaMicro: toWireMicro(entry.reservedDeltaMicro),
    availableAfterMicro: toWireMicro(entry.availableAfterMicro),
    reservedAfterMicro: toWireMicro(entry.reservedAfterMicro),
    reference: entry.reference,
    description: entry.description,
    createdAt: entry.createdAt,
  };
}

export function toWireGrant(grant: CreditGrant, now: Date): WireGrant {
  return {
    grantId: grant.id,
    principalId: grant.principalId,
    amountMicro: toWireMicro(grant.amountMicro),
    remainingMicro: toWireMicro(grant.remainingMicro),
    reason: grant.reason,
    createdAt: grant.createdAt,
    expiresAt: grant.expiresAt ?? undefined,
    expired: isExpiredAt(grant.expiresAt, now),
  };
}

export function toWireReservation(reservation: Reservation, balance: Balance): WireReservation {
  return {
    reservationId: reservation.id,
    principalId: reservation.principalId,
    reference: reservation.reference,
    profile: reservation.profile,
    status: reservation.status,
    heldMicro: toWireMicro(reservation.heldMicro),
    chargedMicro: toWireMicro(reservation.chargedMicro),
    createdAt: reservation.createdAt,
    settledAt: reservation.settledAt ?? undefined,
    balance: toWireBalance(balance),
    kind: reservation.kind,
    inputTokens: toWireMicro(reservation.inputTokens ?? 0n),
    outputTokens: toWireMicro(reservation.outputTokens ?? 0n),
    estimated: reservation.estimated,
  };
}
