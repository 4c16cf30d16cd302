import { createPublicKey, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '@tp/errors';
import { importPrivateKey, importPublicKey, keyIdOf } from './keys.ts';

// Job grants: what a worker may touch while it runs one job. Jobs signs one when a worker claims
// the job and a fresh one on every progress report; media and artifacts admit the worker's calls
// only for the ids a grant they verify names. Without a grant the worker's own service token opens
// nothing of any user's, so a taken worker pod reaches the data of the jobs it is running, for as
// long as they run (plus at most one grant's life), and no other.

/** The service that issues grants: jobs decides which worker runs which job. */
export const GRANT_ISSUER = 'jobs';
/** `aud` and `typ` of a grant, so that a grant is never taken for a service token or the reverse. */
const GRANT_AUDIENCE = 'job-grant';
const GRANT_TYPE = 'job-grant+jwt';
/** The longest a grant lives; a verifier refuses longer ones. */
export const MAX_GRANT_TTL_SECONDS = 900;

/** The ids a worker may act on for one job of one user. */
export interface JobGrant {
  /** The job's user: every call under the grant is for them. */
  user: string;
  job: string;
  /** The job's input media (empty for a job without one). */
  media: string;
  /** The transcript a job reads (a caption burn's pinned artifact and version), else empty. */
  artifact: string;
  version: string;
}

/** A verified grant: its ids, its own id (for the log) and when it ends (ms). */
export interface VerifiedGrant extends JobGrant {
  grantId: string;
  expiresAt: number;
}

export interface GrantIssuer {
  /** A grant for the job, valid `ttlSeconds` from now. */
  issue(grant: JobGrant): Promise<string>;
}

export function createGrantIssuer(options: {
  privateKey: string;
  ttlSeconds: number;
  now?: () => number;
}): GrantIssuer {
  const { ttlSeconds, now = Date.now } = options;
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > MAX_GRANT_TTL_SECONDS)
    throw new Error(`a grant's ttlSeconds must be 1..${MAX_GRANT_TTL_SECONDS}`);
  const key = importPrivateKey(options.privateKey);
  const kid = keyIdOf(createPublicKey(key));
  return {
    issue({ user, job, media, artifact, version }) {
      if (!user || !job) throw new Error('a grant names its user and its job');
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ job, media, artifact, version })
        .setProtectedHeader({ alg: 'EdDSA', typ: GRANT_TYPE, kid })
        .setIssuer(GRANT_ISSUER)
        .setAudience(GRANT_AUDIENCE)
        .setSubject(user)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .setJti(randomUUID())
        .sign(key);
    },
  };
}

export interface GrantVerifyOptions {
  /**
   * Seconds past its expiry a grant still names its job: for jobs' own worker methods, which check
   * that the job still runs on the caller's ticket themselves (ADR 0040), so a report or a completion
   * that comes after an outage longer than a grant's life is still the worker's. 0 by default.
   */
  lapseSeconds?: number;
}

export interface GrantVerifier {
  /** The grant's ids, or an AppError `caller_grant_invalid` that says why not. */
  verify(token: string, options?: GrantVerifyOptions): Promise<VerifiedGrant>;
}

const refuse = (reason: string) => new AppError('caller_grant_invalid', reason);

function reasonOf(err: unknown): string {
  if (err instanceof AppError) return err.message;
  if (err instanceof errors.JWTExpired) return 'The job grant has expired.';
  if (err instanceof errors.JWSSignatureVerificationFailed) return 'The job grant signature is invalid.';
  if (err instanceof errors.JWTClaimValidationFailed) return `The job grant's ${err.claim} claim is invalid.`;
  return 'The job grant is malformed.';
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Checks grants against the issuer's public keys (its entry of SERVICE_PUBLIC_KEYS: current first). */
export function createGrantVerifier(options: {
  issuerPublicKeys: readonly string[];
  now?: () => number;
  clockToleranceSeconds?: number;
}): GrantVerifier {
  const { now = Date.now, clockToleranceSeconds = 5 } = options;
  const keys = new Map(options.issuerPublicKeys.map((pem) => importPublicKey(pem)).map((key) => [keyIdOf(key), key]));
  return {
    async verify(token, { lapseSeconds = 0 } = {}) {
      try {
        const { payload } = await jwtVerify(
          token,
          (header) => {
            const key = header.kid === undefined ? undefined : keys.get(header.kid);
            if (!key) throw refuse(`The job grant is not signed by ${GRANT_ISSUER}.`);
            return key;
          },
          {
            algorithms: ['EdDSA'],
            issuer: GRANT_ISSUER,
            audience: GRANT_AUDIENCE,
            typ: GRANT_TYPE,
            currentDate: new Date(now()),
            clockTolerance: clockToleranceSeconds + lapseSeconds,
            maxTokenAge: MAX_GRANT_TTL_SECONDS + lapseSeconds,
            requiredClaims: ['sub', 'exp', 'iat', 'jti', 'job'],
          },
        );
        if ((payload.exp ?? 0) - (payload.iat ?? 0) > MAX_GRANT_TTL_SECONDS)
          throw refuse(`The job grant lives longer than ${MAX_GRANT_TTL_SECONDS} s.`);
        const user = text(payload.sub);
        const job = text(payload.job);
        if (!user || !job) throw refuse('The job grant names no user or no job.');
        return {
          user,
          job,
          media: text(payload.media),
          artifact: text(payload.artifact),
          version: text(payload.version),
          grantId: text(payload.jti),
          expiresAt: payload.exp! * 1000,
        };
      } catch (err) {
        throw refuse(reasonOf(err));
      }
    },
  };
}
