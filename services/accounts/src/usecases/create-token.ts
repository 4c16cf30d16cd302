import { AppError } from '@tp/errors';
import { checkIdempotencyKey, createOnce, priorUse, requestHash } from '@tp/idempotency';
import type { TokenSpec } from '@tp/proto';
import { generateAccessToken } from '../domain/access-tokens.ts';
import { decideTokenGrant, MAX_ACTIVE_TOKENS_PER_USER } from '../domain/token-policy.ts';
import type { AccessToken, AccessTokenStore, TokenKey, UserStore } from '../store/index.ts';

export interface CreateTokenDeps {
  users: Pick<UserStore, 'findUserById'>;
  tokens: Pick<AccessTokenStore, 'createAccessToken' | 'findTokenKey' | 'forgetTokenKey'>;
  now: () => Date;
}

export interface CreateTokenInput {
  userId: string;
  spec: TokenSpec | undefined;
  /** Empty or absent: not idempotent (tsctl's IssueToken has none). */
  idempotencyKey?: string;
}

type Created = { token: AccessToken; secret: string };

/** The key and the hash of what the request asks for (the spec as sent, not the grant it gives today). */
function tokenKey(key: string, spec: TokenSpec): TokenKey {
  return {
    key: checkIdempotencyKey(key, 'idempotency_key'),
    requestHash: requestHash({
      name: spec.name,
      scopes: spec.scopes,
      preset: spec.preset,
      expires_in_days: spec.expiresInDays,
      expires_at: spec.expiresAt?.toISOString() ?? null,
    }),
  };
}

/**
 * Nothing when the key is free; a replay of the same request is refused naming the token it
 * created, since the secret was shown once and is not kept (ADR 0035).
 */
async function refuseReplay(deps: CreateTokenDeps, userId: string, idempotency: TokenKey, at: Date): Promise<null> {
  const use = await priorUse({
    find: () => deps.tokens.findTokenKey(userId, idempotency.key),
    forget: (row) => deps.tokens.forgetTokenKey(row),
    requestHash: idempotency.requestHash,
    now: at,
  });
  if (!use) return null;
  throw new AppError(
    'idempotency_replay_secret_unavailable',
    `This Idempotency-Key already created token ${use.tokenId}; its secret was shown only to that request. Revoke it and create another.`,
    { token_id: use.tokenId },
  );
}

/**
 * A new personal access token; its secret is returned once and only its hash is kept. With an
 * Idempotency-Key, retries of the request create no second token.
 */
export async function createToken(
  deps: CreateTokenDeps,
  { userId, spec, idempotencyKey = '' }: CreateTokenInput,
): Promise<Created> {
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
  const idempotency = idempotencyKey === '' ? null : tokenKey(idempotencyKey, spec);
  const replay = () => (idempotency ? refuseReplay(deps, userId, idempotency, at) : Promise.resolve(null));
  await replay();
  const user = await deps.users.findUserById(userId);
  if (!user) throw new AppError('not_found', 'The user was not found.');
  const generated = generateAccessToken();
  return createOnce(async () => {
    const token = await deps.tokens.createAccessToken(
      userId,
      grant,
      generated,
      MAX_ACTIVE_TOKENS_PER_USER,
      at,
      idempotency,
    );
    return { token, secret: generated.secret };
  }, replay);
}
