import type { Balance, BalanceStore, GrantStore } from '../store/index.ts';

export interface CurrentBalanceDeps {
  grants: Pick<GrantStore, 'expireDue'>;
  balances: Pick<BalanceStore, 'balance' | 'current'>;
}

/**
 * The principal's balance as of `at`, past-due grants expired first. One statement reads the
 * balance and whether any grant is past due; only then does the expiry (a ledger transaction) run.
 */
export async function currentBalance(deps: CurrentBalanceDeps, principalId: string, at: Date): Promise<Balance> {
  const read = await deps.balances.current(principalId, at);
  if (!read.expiryDue) return read.balance;
  await deps.grants.expireDue(principalId, at);
  return deps.balances.balance(principalId, at);
}
