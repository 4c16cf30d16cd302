import { checkPrincipalId } from '../domain/requests.ts';
import type { CreditGrant, GrantStore } from '../store/index.ts';

export interface ListGrantsDeps {
  grants: Pick<GrantStore, 'expireDue' | 'listGrants'>;
  now: () => Date;
}

/** The principal's grants, newest first, as of `asOf` (past-due ones expired first). */
export async function listGrants(
  deps: ListGrantsDeps,
  { principalId, includeExpired }: { principalId: string; includeExpired: boolean },
): Promise<{ grants: CreditGrant[]; asOf: Date }> {
  const id = checkPrincipalId(principalId);
  const at = deps.now();
  await deps.grants.expireDue(id, at);
  return { grants: await deps.grants.listGrants(id, includeExpired, at), asOf: at };
}
