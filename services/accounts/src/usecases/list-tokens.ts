import { listLimit } from '../domain/token-policy.ts';
import type { AccessToken, AccessTokenStore } from '../store/index.ts';

export interface ListTokensDeps {
  tokens: Pick<AccessTokenStore, 'listAccessTokens'>;
}

/** A user's tokens, newest first (revoked and expired ones too). */
export async function listTokens(
  deps: ListTokensDeps,
  { userId, limit }: { userId: string; limit: number },
): Promise<AccessToken[]> {
  return deps.tokens.listAccessTokens(userId, listLimit(limit));
}
