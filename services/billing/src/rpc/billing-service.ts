import { CREDIT_PRICE_CENTS, CURRENCY } from '@tp/catalog';
import { AppError } from '@tp/errors';
import { listLimit, type ServiceHandlers } from '@tp/grpc';
import type { BillingServiceService } from '@tp/proto';
import { formatCredits, toDecimalCredits, toWireMicro } from '../domain/money.ts';
import { priceReservation, priceUsage } from '../domain/pricing.ts';
import { checkPrincipalId, checkReference } from '../domain/requests.ts';
import type { BillingStore, Shortfall } from '../store/billing-store.ts';
import { toWireBalance, toWireEntry, toWireGrant, toWireReservation } from './wire.ts';

export interface Plan {
  name: string;
  maxConcurrentJobs: number;
  storageQuotaBytes: number;
  maxUploadBytes: number;
}

export interface BillingServiceDeps {
  store: BillingStore;
  plan: Plan;
  now: () => Date;
}

/** 402 with what was needed and what there was, in decimal credits as the API shows them. */
function insufficient({ requiredMicro, availableMicro }: Shortfall): AppError {
  return new AppError(
    'insufficient_credits',
    `This needs ${formatCredits(requiredMicro)} credits; ${formatCredits(availableMicro)} are available.`,
    { required_credits: toDecimalCredits(requiredMicro), available_credits: toDecimalCredits(availableMicro) },
  );
}

/** The calls other services make: reads for the gateway, holds and charges for jobs and ai-proxy. */
export function billingServiceHandlers(deps: BillingServiceDeps): ServiceHandlers<typeof BillingServiceService> {
  const { store, plan, now } = deps;

  /** The principal's balance as of now, past-due grants expired first. */
  async function currentBalance(principalId: string, at: Date) {
    await store.expireDue(principalId, at);
    return store.balance(principalId, at);
  }

  return {
    async getBalance({ principalId }) {
      return toWireBalance(await currentBalance(checkPrincipalId(principalId), now()));
    },

    async listLedger({ principalId, limit }) {
      const id = checkPrincipalId(principalId);
      const take = listLimit(limit);
      await store.expireDue(id, now());
      return { entries: (await store.listLedger(id, take)).map(toWireEntry) };
    },

    async listGrants({ principalId, includeExpired }) {
      const id = checkPrincipalId(principalId);
      const at = now();
      await store.expireDue(id, at);
      return { grants: (await store.listGrants(id, includeExpired, at)).map((g) => toWireGrant(g, at)) };
    },

    // Workspaces do not exist yet: a user sees its own balance only (ADR 0006).
    async listPrincipalBalances({ userId }) {
      const balance = await currentBalance(checkPrincipalId(userId, 'user_id'), now());
      return { balances: [{ principalType: 'user', balance: toWireBalance(balance) }] };
    },

    async getProfile({ userId }) {
      return {
        principalId: checkPrincipalId(userId, 'user_id'),
        currency: CURRENCY,
        creditPriceMinorUnits: CREDIT_PRICE_CENTS,
        plan: plan.name,
        maxConcurrentJobs: plan.maxConcurrentJobs,
        storageQuotaBytes: plan.storageQuotaBytes,
        maxUploadBytes: plan.maxUploadBytes,
      };
    },

    async reserve({ principalId, reference, profile, seconds }) {
      const input = { principalId: checkPrincipalId(principalId), reference: checkReference(reference), seconds, ...priceReservation(profile, seconds) };
      const result = await store.reserve(input, now());
      if (result.outcome === 'insufficient') throw insufficient(result);
      return toWireReservation(result.reservation, result.balance);
    },

    async settle({ reference, actualSeconds }) {
      checkReference(reference);
      if (!Number.isFinite(actualSeconds) || actualSeconds < 0) throw new AppError('bad_request', 'actual_seconds must be a number of at least 0.');
      const { reservation, balance } = await store.settle(reference, actualSeconds, now());
      return toWireReservation(reservation, balance);
    },

    async release({ reference }) {
      const { reservation, balance } = await store.release(checkReference(reference), now());
      return toWireReservation(reservation, balance);
    },

    async charge({ principalId, reference, model, inputTokens, outputTokens }) {
      const id = checkPrincipalId(principalId);
      const ref = checkReference(reference);
      const { chargedMicro } = priceUsage(model, inputTokens, outputTokens);
      const result = await store.charge({ principalId: id, reference: ref, model, inputTokens, outputTokens, chargedMicro }, now());
      if (result.outcome === 'insufficient') throw insufficient(result);
      return {
        entryId: result.charge.entryId,
        chargedMicro: toWireMicro(result.charge.chargedMicro),
        balance: toWireBalance(result.balance),
        replayed: result.outcome === 'replayed',
      };
    },
  };
}
