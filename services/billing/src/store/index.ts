import { type DirectSql, pingDatabase } from '@tp/db';
import type { Charge, CreditGrant, LedgerEntry, PrismaClient, Reservation } from '../generated/prisma/client.ts';
import { createBalanceStore } from './balances.ts';
import { createChargeStore } from './charges.ts';
import { createGrantStore } from './grants.ts';
import { createReservationStore } from './reservations.ts';
import { createUsageHoldStore } from './usage-holds.ts';

export type { Charge, CreditGrant, LedgerEntry, Reservation };
export type { Balance } from './ledger.ts';
export type { BalanceStore, CurrentBalance } from './balances.ts';
export type { ChargeInput, ChargeResult, ChargeStore } from './charges.ts';
export type { GrantResult, GrantStore } from './grants.ts';
export type { ReservationChange, ReservationStore, ReserveInput, ReserveResult } from './reservations.ts';
export type { HoldUsageInput, HoldUsageResult, SettleUsageInput, UsageHoldStore } from './usage-holds.ts';

/**
 * The only place that talks to the billing tables, by concern; use cases take the part they
 * need. Every change to a principal's credits goes through its ledger (store/ledger.ts). `sql`:
 * the same database's pool without the ORM, for the hot reads (ADR 0025).
 */
export function createBillingStore(database: { prisma: PrismaClient; sql: DirectSql }) {
  const { prisma, sql } = database;
  return {
    balances: createBalanceStore(prisma, sql),
    grants: createGrantStore(prisma),
    reservations: createReservationStore(prisma),
    charges: createChargeStore(prisma),
    usageHolds: createUsageHoldStore(prisma),
    /** True when the database answers (readiness). */
    ping: () => pingDatabase(prisma),
  };
}

export type BillingStore = ReturnType<typeof createBillingStore>;
