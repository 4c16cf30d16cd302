import { AppError } from '@tp/errors';
import type { TokenSpec } from '@tp/proto';
import { generateAccessToken } from '../domain/access-tokens.ts';
import { decideTokenGrant, MAX_ACTIVE_TOKENS_PER_USER } from '../domain/token-policy.ts';
import type { AccessToken, AccessTokenStore, UserStore } from '../store/index.ts';

export interface CreateTokenDeps {
  users: Pick<UserStore, 'findUserById'>;
  tokens: Pick<AccessTokenStore, 'createAccessToken'>;
  now: () => Date;
}

export interface CreateTokenInput {
  userId: string;
  spec: TokenSpec | undefined;
}

/** A new personal access token; its secret is returned once and only its hash is kept. */
export async function createToken(
  deps: CreateTokenDeps,
  { userId, spec }: CreateTokenInput,
): Promise<{ token: AccessToken; secret: string }> {
  if (!spec) throw new AppError('bad_request', 'The token spec is required.');
  const at = deps.now();
  const grant = decideTokenGrant(
    {
      name: spec.name,
      scopes: spec.scopes,
      preset: spec.preset,
      expiresInDays: spec.expiresInDays,
      expiresAt: spec.expiresAt,
    },
    at,
  );
  const user = await deps.users.findUserById(userId);
  if (!user) throw new AppError('not_found', 'The user was not found.');
  const generated = generateAccessToken();
  const token = await deps.tokens.createAccessToken(userId, grant, generated, MAX_ACTIVE_TOKENS_PER_USER, at);
  return { token, secret: generated.secret };
}
