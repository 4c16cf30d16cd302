import { createPublicKey, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { importPrivateKey, keyIdOf } from './keys.ts';

/** The longest a service token lives; a verifier refuses longer ones. */
export const MAX_TOKEN_TTL_SECONDS = 60;

export interface SignerOptions {
  /** The calling service: every token's `iss`. */
  service: string;
  /** Its Ed25519 private key, PKCS8 PEM (SERVICE_PRIVATE_KEY). */
  privateKey: string;
  /** Lifetime of a token, at most 60 s. */
  ttlSeconds?: number;
  /** The clock, in ms (tests move it). */
  now?: () => number;
  /** Tokens kept for reuse (one per callee and user); the oldest goes first. */
  maxCached?: number;
}

export interface Signer {
  readonly service: string;
  /**
   * A bearer token for a call to `audience`, acting for `user` when given (its `sub`). Reused
   * until a third of its life is left, so a busy caller signs about once per callee every 40 s.
   */
  token(audience: string, user?: string): Promise<string>;
}

export function createSigner(options: SignerOptions): Signer {
  const { service, now = Date.now, maxCached = 10_000 } = options;
  const ttl = options.ttlSeconds ?? MAX_TOKEN_TTL_SECONDS;
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > MAX_TOKEN_TTL_SECONDS)
    throw new Error(`ttlSeconds must be 1..${MAX_TOKEN_TTL_SECONDS}`);
  const key = importPrivateKey(options.privateKey);
  const kid = keyIdOf(createPublicKey(key));
  const cache = new Map<string, { refreshAt: number; token: Promise<string> }>();

  const sign = (audience: string, user: string | undefined, issuedAt: number): Promise<string> => {
    const jwt = new SignJWT(user === undefined ? {} : { sub: user })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid })
      .setIssuer(service)
      .setAudience(audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttl)
      .setJti(randomUUID());
    return jwt.sign(key);
  };

  return {
    service,
    token(audience, user) {
      const cacheKey = `${audience}\u0000${user ?? ''}`;
      const at = now();
      const cached = cache.get(cacheKey);
      if (cached && at < cached.refreshAt) return cached.token;
      const issuedAt = Math.floor(at / 1000);
      const token = sign(audience, user, issuedAt);
      cache.delete(cacheKey);
      if (cache.size >= maxCached) cache.delete(cache.keys().next().value as string);
      cache.set(cacheKey, { refreshAt: (issuedAt + (ttl * 2) / 3) * 1000, token });
      token.catch(() => cache.delete(cacheKey));
      return token;
    },
  };
}
