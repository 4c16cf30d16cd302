import { AppError } from '@tp/errors';
import { isScope, type Scope } from '@tp/scopes';
import type { AuthenticateRequest, AuthenticateResponse, Principal as WirePrincipal } from '@tp/proto';
import type { Principal } from './principal.ts';
import { PrincipalCache } from './principal-cache.ts';

export interface AuthenticationBackend {
  authenticate(request: AuthenticateRequest): Promise<AuthenticateResponse>;
}

export function principalFromWire(wire: WirePrincipal): Principal {
  const scopes = new Set<Scope>(wire.scopes.filter(isScope));
  return {
    userId: wire.userId,
    kind: wire.kind === 'PRINCIPAL_KIND_APP_SESSION' ? 'app_session' : 'personal_access_token',
    scopes,
    tokenId: wire.tokenId || null,
    deviceId: wire.deviceId || null,
    expiresAt: wire.expiresAt ?? null,
    features: new Set(wire.features),
  };
}

/** Resolves a credential to a principal through accounts, with the revocation-aware cache in front. */
export function createAuthenticator(backend: AuthenticationBackend, cache: PrincipalCache) {
  return async function authenticate(credential: string): Promise<Principal> {
    const key = PrincipalCache.keyOf(credential);
    const cached = cache.get(key);
    if (cached) return cached;
    const { principal: wire } = await backend.authenticate({ credential });
    if (!wire) throw new AppError('invalid_api_key');
    const principal = principalFromWire(wire);
    cache.set(key, principal);
    return principal;
  };
}

export type Authenticate = ReturnType<typeof createAuthenticator>;
