import { AppError } from '@tp/errors';
import { tokenRevoked } from '../events/account-events.ts';
import type { AccessToken, AccessTokenStore } from '../store/index.ts';

export interface RevokeTokenDeps {
  tokens: Pick<AccessTokenStore, 'revokeAccessToken'>;
  /** Wakes the outbox relay after a commit, so revocations reach the edge in milliseconds. */
  nudgeOutbox: () => void;
  now: () => Date;
}

/** Revokes a user's token and announces it (once: revoking again announces nothing). */
export async function revokeToken(
  deps: RevokeTokenDeps,
  { userId, tokenId }: { userId: string; tokenId: string },
): Promise<AccessToken> {
  const at = deps.now();
  const token = await deps.tokens.revokeAccessToken(userId, tokenId, at, [tokenRevoked(userId, tokenId, at)]);
  if (!token) throw new AppError('not_found', 'The token was not found.');
  deps.nudgeOutbox();
  return token;
}
