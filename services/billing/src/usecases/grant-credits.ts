import { decideGrant } from '../domain/requests.ts';
import type { Balance, CreditGrant, GrantStore } from '../store/index.ts';

export interface GrantCreditsDeps {
  grants: Pick<GrantStore, 'grant'>;
  now: () => Date;
}

export interface GrantCreditsInput {
  principalId: string;
  amountMicro: number;
  reason: string;
  expiresAt: Date | undefined;
  /** Idempotency: '' always grants anew; otherwise one grant per reference. */
  reference: string;
}

/** The operator gives a principal credits (optionally expiring); the grant as of `asOf`. */
export async function grantCredits(
  deps: GrantCreditsDeps,
  request: GrantCreditsInput,
): Promise<{ grant: CreditGrant; balance: Balance; asOf: Date }> {
  const at = deps.now();
  const { grant, balance } = await deps.grants.grant(decideGrant(request, at), at);
  return { grant, balance, asOf: at };
}
