import type { Balance, BalanceStore, GrantStore } from '../store/index.ts';

export interface CurrentBalanceDeps {
  grants: Pick<GrantStore, 'expireDue'>;
  balances: Pick<BalanceStore, 'balance'>;
}

/** The principal's balance as of `at`, past-due grants expired first. */
export async function currentBalance(deps: CurrentBalanceDeps, principalId: string, at: Date): Promise<Balance> {
  await deps.grants.expireDue(principalId, at);
  return deps.balances.balance(principalId, at);
}
