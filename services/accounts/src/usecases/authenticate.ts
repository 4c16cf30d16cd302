import { AppError } from '@tp/errors';
import type { Principal } from '@tp/proto';
import { ALL_SCOPES } from '@tp/scopes';
import { hashAccessToken, isWellFormedAccessToken, TOKEN_PREFIX } from '../domain/access-tokens.ts';
import { looksLikeJwt, verifyAppSession } from '../domain/app-sessions.ts';
import { isTokenActive } from '../domain/token-policy.ts';
import type { AccessTokenStore, DeviceSessionStore, UserFeature } from '../store/index.ts';

export interface AuthenticateDeps {
  tokens: Pick<AccessTokenStore, 'findAccessTokenByHash' | 'touchAccessToken'>;
  sessions: Pick<DeviceSessionStore, 'findDeviceSession' | 'touchDeviceSession'>;
  sessionKey: Uint8Array;
  now: () => Date;
  /** Last-used stamps are written at most this often per credential, not on every request. */
  touchIntervalMs?: number;
}

const enabledFeatures = (features: UserFeature[]) => features.map((f) => f.featureKey);

// Stamping is best effort: a failed stamp must not fail the request it describes.
const quietly = (work: Promise<unknown>) => void work.catch(() => undefined);

function isStale(deps: AuthenticateDeps, last: Date | null, at: Date): boolean {
  return last === null || at.getTime() - last.getTime() >= (deps.touchIntervalMs ?? 60_000);
}

async function authenticatePersonalAccessToken(deps: AuthenticateDeps, credential: string): Promise<Principal> {
  if (!isWellFormedAccessToken(credential)) throw new AppError('invalid_api_key');
  const token = await deps.tokens.findAccessTokenByHash(hashAccessToken(credential));
  const at = deps.now();
  if (!token || !isTokenActive(token, at)) throw new AppError('invalid_api_key');
  if (isStale(deps, token.lastUsedAt, at)) quietly(deps.tokens.touchAccessToken(token.id, at));
  return {
    userId: token.userId,
    kind: 'PRINCIPAL_KIND_PERSONAL_ACCESS_TOKEN',
    scopes: token.scopes,
    tokenId: token.id,
    deviceId: '',
    expiresAt: token.expiresAt ?? undefined,
    features: enabledFeatures(token.user.features),
  };
}

async function authenticateAppSession(deps: AuthenticateDeps, credential: string): Promise<Principal> {
  const claims = await verifyAppSession(credential, deps.sessionKey);
  if (!claims) throw new AppError('invalid_api_key');
  const session = await deps.sessions.findDeviceSession(claims.deviceId);
  const at = deps.now();
  if (!session || session.userId !== claims.userId || session.revokedAt !== null || session.expiresAt <= at) {
    throw new AppError('invalid_api_key');
  }
  if (isStale(deps, session.lastSeenAt, at)) quietly(deps.sessions.touchDeviceSession(session.id, at));
  return {
    userId: session.userId,
    kind: 'PRINCIPAL_KIND_APP_SESSION',
    scopes: ALL_SCOPES,
    tokenId: '',
    deviceId: session.id,
    expiresAt: session.expiresAt,
    features: enabledFeatures(session.user.features),
  };
}

/** The principal a credential (a personal access token or an app session) stands for. */
export async function authenticate(deps: AuthenticateDeps, { credential }: { credential: string }): Promise<Principal> {
  if (credential.startsWith(TOKEN_PREFIX)) return authenticatePersonalAccessToken(deps, credential);
  if (looksLikeJwt(credential)) return authenticateAppSession(deps, credential);
  throw new AppError('invalid_api_key');
}
