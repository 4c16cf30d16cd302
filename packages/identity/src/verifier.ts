import type { KeyObject } from 'node:crypto';
import { decodeJwt, errors, jwtVerify, type JWTPayload } from 'jose';
import { AppError } from '@tp/errors';
import { createGrantVerifier, GRANT_ISSUER, type GrantVerifyOptions, type VerifiedGrant } from './grants.ts';
import { importPublicKey, keyIdOf } from './keys.ts';
import { MAX_TOKEN_TTL_SECONDS } from './signer.ts';

/** Who made a call, as its verified token says. */
export interface VerifiedCaller {
  /** The calling service (`iss`). */
  service: string;
  /** The user the call acts for (`sub`), or null when the service acts for itself. */
  user: string | null;
  /** The token's `jti`, for the logs. */
  tokenId: string;
}

export interface VerifierOptions {
  /** This service: the `aud` every token must name. */
  audience: string;
  /**
   * Each caller's public keys (SERVICE_PUBLIC_KEYS): SPKI PEMs, the current one first. During a
   * rotation a service lists its new and its previous key; a key removed from the list is refused.
   */
  publicKeys: Readonly<Record<string, readonly string[]>>;
  /** Clock skew tolerated between services, in seconds. */
  clockToleranceSeconds?: number;
  now?: () => number;
  /** Verified tokens remembered until they expire (the oldest goes first beyond this many). */
  maxCached?: number;
}

export interface Verifier {
  readonly audience: string;
  /**
   * The caller of a token, or an AppError `caller_unauthenticated` that says why not. A token
   * verified once is remembered (by its exact text) until its `exp`, so a caller that reuses its
   * token costs one signature check per token, not one per call; a refused token is never remembered.
   */
  verify(token: string): Promise<VerifiedCaller>;
  /** A job grant signed by a listed key of jobs, or an AppError `caller_grant_invalid` that says why not. */
  verifyGrant(token: string, options?: GrantVerifyOptions): Promise<VerifiedGrant>;
}

interface TrustedKey {
  service: string;
  key: KeyObject;
}

class UnknownKey extends Error {}

const refuse = (reason: string) => new AppError('caller_unauthenticated', reason);

/** Why jose refused a token, in words for the caller and the log. */
function reasonOf(err: unknown): string {
  if (err instanceof UnknownKey) return err.message;
  if (err instanceof errors.JWTExpired) return 'The service token has expired.';
  if (err instanceof errors.JWTClaimValidationFailed)
    return err.claim === 'aud'
      ? 'The service token is meant for another service.'
      : `The service token's ${err.claim} claim is invalid.`;
  if (err instanceof errors.JWSSignatureVerificationFailed) return 'The service token signature is invalid.';
  if (err instanceof errors.JOSEAlgNotAllowed) return 'The service token is not signed with EdDSA.';
  return 'The service token is malformed.';
}

function trustedKeys(publicKeys: VerifierOptions['publicKeys']): Map<string, TrustedKey> {
  const byId = new Map<string, TrustedKey>();
  for (const [service, pems] of Object.entries(publicKeys)) {
    for (const pem of pems) {
      const key = importPublicKey(pem);
      const kid = keyIdOf(key);
      const known = byId.get(kid);
      if (known && known.service !== service)
        throw new Error(`one public key is listed for both ${known.service} and ${service}`);
      byId.set(kid, { service, key });
    }
  }
  return byId;
}

/** Checks the tokens callers send: an EdDSA signature by a listed key of its issuer, this audience, ≤ 60 s of life. */
export function createVerifier(options: VerifierOptions): Verifier {
  const { audience, now = Date.now, clockToleranceSeconds = 5, maxCached = 10_000 } = options;
  const keys = trustedKeys(options.publicKeys);
  const verified = new Map<string, { caller: VerifiedCaller; until: number }>();
  const grants = createGrantVerifier({
    issuerPublicKeys: options.publicKeys[GRANT_ISSUER] ?? [],
    now,
    clockToleranceSeconds,
  });

  const check = async (token: string): Promise<{ caller: VerifiedCaller; until: number }> => {
    let signer: TrustedKey | undefined;
    const { payload } = await jwtVerify(
      token,
      (header) => {
        signer = header.kid === undefined ? undefined : keys.get(header.kid);
        if (!signer) throw new UnknownKey('The service token is signed by a key this service does not trust.');
        return signer.key;
      },
      {
        algorithms: ['EdDSA'],
        audience,
        currentDate: new Date(now()),
        clockTolerance: clockToleranceSeconds,
        maxTokenAge: MAX_TOKEN_TTL_SECONDS,
        requiredClaims: ['iss', 'exp', 'iat', 'jti'],
      },
    );
    // Remembered until it expires, without the clock tolerance: a late call verifies it again.
    const until = Math.min(payload.exp!, payload.iat! + MAX_TOKEN_TTL_SECONDS) * 1000;
    return { caller: callerOf(payload, signer!), until };
  };

  return {
    audience,
    verifyGrant: (token, options) => grants.verify(token, options),
    async verify(token) {
      const known = verified.get(token);
      if (known && now() < known.until) return known.caller;
      if (known) verified.delete(token);
      try {
        const { caller, until } = await check(token);
        if (verified.size >= maxCached) verified.delete(verified.keys().next().value as string);
        verified.set(token, { caller: Object.freeze(caller), until });
        return caller;
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw refuse(reasonOf(err));
      }
    },
  };
}

function callerOf(payload: JWTPayload, signer: TrustedKey): VerifiedCaller {
  // A key speaks for its own service only: jobs' key cannot sign a token that says it is billing.
  if (payload.iss !== signer.service) throw refuse('The service token names another issuer than its key.');
  if ((payload.exp ?? 0) - (payload.iat ?? 0) > MAX_TOKEN_TTL_SECONDS)
    throw refuse(`The service token lives longer than ${MAX_TOKEN_TTL_SECONDS} s.`);
  if (payload.sub !== undefined && (typeof payload.sub !== 'string' || payload.sub === ''))
    throw refuse('The service token names an invalid user.');
  if (typeof payload.jti !== 'string') throw refuse('The service token has no id.');
  return { service: signer.service, user: payload.sub ?? null, tokenId: payload.jti };
}

/** The issuer a token claims, unverified: only for the log line of a refused call. */
export function claimedIssuer(token: string): string | null {
  try {
    const { iss } = decodeJwt(token);
    return typeof iss === 'string' ? iss.slice(0, 64) : null;
  } catch {
    return null;
  }
}
