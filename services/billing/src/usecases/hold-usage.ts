import { priceUsageHold } from '../domain/pricing.ts';
import { checkPrincipalId, checkReference } from '../domain/requests.ts';
import { insufficientCredits } from '../domain/shortfall.ts';
import type { ReservationChange, UsageHoldStore } from '../store/index.ts';

export interface HoldUsageDeps {
  usageHolds: Pick<UsageHoldStore, 'hold'>;
  now: () => Date;
}

export interface HoldUsageRequestInput {
  principalId: string;
  /** The request's usage id. */
  reference: string;
  model: string;
  maxInputTokens: number;
  maxOutputTokens: number;
}

/** Holds the price of a managed-AI request's token bounds before its upstream call (ADR 0020). */
export async function holdUsage(deps: HoldUsageDeps, request: HoldUsageRequestInput): Promise<ReservationChange> {
  const input = {
    principalId: checkPrincipalId(request.principalId),
    reference: checkReference(request.reference),
    model: request.model,
    heldMicro: priceUsageHold(request.model, request.maxInputTokens, request.maxOutputTokens),
  };
  const result = await deps.usageHolds.hold(input, deps.now());
  if (result.outcome === 'insufficient') throw insufficientCredits(result);
  return { reservation: result.reservation, balance: result.balance };
}
