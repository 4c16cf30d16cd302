import { checkPrincipalId } from '../domain/requests.ts';
import type { Balance } from '../store/index.ts';
import { type CurrentBalanceDeps, currentBalance } from './current-balance.ts';

export interface GetBalanceDeps extends CurrentBalanceDeps {
  now: () => Date;
}

/** What the principal has now: available and reserved (an unknown principal has zeros). */
export async function getBalance(deps: GetBalanceDeps, { principalId }: { principalId: string }): Promise<Balance> {
  return currentBalance(deps, checkPrincipalId(principalId), deps.now());
}
