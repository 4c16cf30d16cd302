import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `ft_` + base64url(HMAC-SHA256(secret, upload session id)). Derived, never stored: an idempotent
 * replay answers the same token, and a database leak reveals none.
 */
export const FINALIZE_TOKEN_PREFIX = 'ft_';

export function finalizeToken(secret: string, uploadSessionId: string): string {
  return FINALIZE_TOKEN_PREFIX + createHmac('sha256', secret).update(uploadSessionId).digest('base64url');
}

/** Constant-time comparison (both sides hashed first, so lengths never leak either). */
export function finalizeTokenMatches(secret: string, uploadSessionId: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(finalizeToken(secret, uploadSessionId)), digest(given));
}
