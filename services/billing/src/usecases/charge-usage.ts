import { priceUsage } from '../domain/pricing.ts';
import { checkPrincipalId, checkReference } from '../domain/requests.ts';
import { insufficientCredits } from '../domain/shortfall.ts';
import type { Balance, Charge, ChargeStore } from '../store/index.ts';

export interface ChargeUsageDeps {
  charges: Pick<ChargeStore, 'charge'>;
  now: () => Date;
}

export interface ChargeUsageInput {
  principalId: string;
  /** The usage's id: charged once, whatever the retries. */
  reference: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
}

/** Charges metered AI usage at the model's price; a repeated reference is a replay of the first charge. */
export async function chargeUsage(
  deps: ChargeUsageDeps,
  { principalId, reference, model, inputTokens, outputTokens }: ChargeUsageInput,
): Promise<{ charge: Charge; balance: Balance; replayed: boolean }> {
  const id = checkPrincipalId(principalId);
  const ref = checkReference(reference);
  const { chargedMicro } = priceUsage(model, inputTokens, outputTokens);
  const result = await deps.charges.charge(
    { principalId: id, reference: ref, model, inputTokens, outputTokens, chargedMicro },
    deps.now(),
  );
  if (result.outcome === 'insufficient') throw insufficientCredits(result);
  return { charge: result.charge, balance: result.balance, replayed: result.outcome === 'replayed' };
}
