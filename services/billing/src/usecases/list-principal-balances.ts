import { checkPrincipalId } from '../domain/requests.ts';
import type { Balance } from '../store/index.ts';
import { currentBalance } from './current-balance.ts';
import type { GetBalanceDeps } from './get-balance.ts';

/** The balances a user can spend from. Workspaces do not exist yet: its own only (ADR 0006). */
export async function listPrincipalBalances(
  deps: GetBalanceDeps,
  { userId }: { userId: string },
): Promise<{ principalType: 'user'; balance: Balance }[]> {
  const balance = await currentBalance(deps, checkPrincipalId(userId, 'user_id'), deps.now());
  return [{ principalType: 'user', balance }];
}
