import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

/**
 * An app session is a device session carried as a signed JWT (HS256). The token names the
 * user (`sub`) and the device session (`sid`); the device session row decides whether it is
 * still valid, so logging a device out takes effect at once.
 */
const ISSUER = 'transcription/accounts';
const AUDIENCE = 'transcription/app';
const TOKEN_TYPE = 'app_session';

export interface AppSessionClaims {
  userId: string;
  deviceId: string;
  expiresAt: Date;
}

export function sessionKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signAppSession(claims: AppSessionClaims, key: Uint8Array): Promise<string> {
  return new SignJWT({ sid: claims.deviceId, typ: TOKEN_TYPE })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(key);
}

/** The claims of a valid, unexpired session token, or null for anything else. */
export async function verifyAppSession(token: string, key: Uint8Array): Promise<AppSessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    if (
      payload.typ !== TOKEN_TYPE ||
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.exp !== 'number'
    )
      return null;
    return { userId: payload.sub, deviceId: payload.sid, expiresAt: new Date(payload.exp * 1000) };
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}

export function looksLikeJwt(candidate: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(candidate);
}
