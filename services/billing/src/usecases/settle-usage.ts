import { priceUsage } from '../domain/pricing.ts';
import { checkReference } from '../domain/requests.ts';
import type { ReservationChange, UsageHoldStore } from '../store/index.ts';

export interface SettleUsageDeps {
  usageHolds: Pick<UsageHoldStore, 'settle'>;
  now: () => Date;
}

export interface SettleUsageRequestInput {
  reference: string;
  inputTokens: number;
  outputTokens: number;
  /** The upstream reported no usage; a tokenizer counted the tokens. */
  estimated: boolean;
}

/** Charges a managed-AI request's tokens at its alias's prices (at most the hold); the rest returns. */
export async function settleUsage(deps: SettleUsageDeps, request: SettleUsageRequestInput): Promise<ReservationChange> {
  const { inputTokens, outputTokens, estimated } = request;
  return deps.usageHolds.settle(
    {
      reference: checkReference(request.reference),
      inputTokens,
      outputTokens,
      estimated,
      price: (model) => priceUsage(model, inputTokens, outputTokens).chargedMicro,
    },
    deps.now(),
  );
}
