import type { ServiceHandlers } from '@tp/grpc';
import type { BillingServiceService } from '@tp/proto';
import { toWireMicro } from '../domain/money.ts';
import { type ChargeUsageDeps, chargeUsage } from '../usecases/charge-usage.ts';
import { type GetBalanceDeps, getBalance } from '../usecases/get-balance.ts';
import { type HoldUsageDeps, holdUsage } from '../usecases/hold-usage.ts';
import { getProfile, type Plan } from '../usecases/get-profile.ts';
import { type ListGrantsDeps, listGrants } from '../usecases/list-grants.ts';
import { type ListLedgerDeps, listLedger } from '../usecases/list-ledger.ts';
import { listPrincipalBalances } from '../usecases/list-principal-balances.ts';
import { type ReleaseReservationDeps, releaseReservation } from '../usecases/release-reservation.ts';
import { type ReserveCreditsDeps, reserveCredits } from '../usecases/reserve-credits.ts';
import { type SettleReservationDeps, settleReservation } from '../usecases/settle-reservation.ts';
import { type SettleUsageDeps, settleUsage } from '../usecases/settle-usage.ts';
import type { ReservationChange } from '../store/index.ts';
import { toWireBalance, toWireEntry, toWireGrant, toWireReservation } from './wire.ts';

export type BillingServiceDeps = GetBalanceDeps &
  ListLedgerDeps &
  ListGrantsDeps &
  ReserveCreditsDeps &
  SettleReservationDeps &
  ReleaseReservationDeps &
  ChargeUsageDeps &
  HoldUsageDeps &
  SettleUsageDeps & { plan: Plan };

const reservationAnswer = ({ reservation, balance }: ReservationChange) => toWireReservation(reservation, balance);

/** The calls other services make: reads for the gateway, holds and charges for jobs and ai-proxy. */
export function billingServiceHandlers(deps: BillingServiceDeps): ServiceHandlers<typeof BillingServiceService> {
  return {
    getBalance: async (request) => toWireBalance(await getBalance(deps, request)),
    listLedger: async (request) => ({ entries: (await listLedger(deps, request)).map(toWireEntry) }),

    async listGrants(request) {
      const { grants, asOf } = await listGrants(deps, request);
      return { grants: grants.map((g) => toWireGrant(g, asOf)) };
    },

    async listPrincipalBalances(request) {
      const balances = await listPrincipalBalances(deps, request);
      return { balances: balances.map((b) => ({ principalType: b.principalType, balance: toWireBalance(b.balance) })) };
    },

    getProfile: async (request) => getProfile(deps, request),
    reserve: async (request) => reservationAnswer(await reserveCredits(deps, request)),
    settle: async (request) => reservationAnswer(await settleReservation(deps, request)),
    release: async (request) => reservationAnswer(await releaseReservation(deps, request)),
    holdUsage: async (request) => reservationAnswer(await holdUsage(deps, request)),
    settleUsage: async (request) => reservationAnswer(await settleUsage(deps, request)),

    async charge(request) {
      const { charge, balance, replayed } = await chargeUsage(deps, request);
      return {
        entryId: charge.entryId,
        chargedMicro: toWireMicro(charge.chargedMicro),
        balance: toWireBalance(balance),
        replayed,
      };
    },
  };
}
