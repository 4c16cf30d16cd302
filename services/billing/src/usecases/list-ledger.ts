import { listLimit } from '@tp/grpc';
import { checkPrincipalId } from '../domain/requests.ts';
import type { BalanceStore, GrantStore, LedgerEntry } from '../store/index.ts';

export interface ListLedgerDeps {
  grants: Pick<GrantStore, 'expireDue'>;
  balances: Pick<BalanceStore, 'listLedger'>;
  now: () => Date;
}

/** The principal's ledger, newest first, past-due grants expired first (so their entries show). */
export async function listLedger(
  deps: ListLedgerDeps,
  { principalId, limit }: { principalId: string; limit: number },
): Promise<LedgerEntry[]> {
  const id = checkPrincipalId(principalId);
  const take = listLimit(limit);
  await deps.grants.expireDue(id, deps.now());
  return deps.balances.listLedger(id, take);
}
