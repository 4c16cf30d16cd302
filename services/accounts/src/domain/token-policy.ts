import { AppError } from '@tp/errors';
import { PRESETS, isPreset, isScope, normalizeScopes, type Scope } from '@tp/scopes';

export const MAX_TOKEN_NAME_LENGTH = 100;
export const MAX_TOKEN_LIFETIME_DAYS = 3650;
export const MAX_ACTIVE_TOKENS_PER_USER = 100;

export interface TokenRequest {
  name: string;
  scopes: readonly string[];
  preset: string;
  /** 0 = not given. */
  expiresInDays: number;
  expiresAt: Date | undefined;
}

export interface TokenGrant {
  name: string;
  scopes: Scope[];
  expiresAt: Date | null;
}

/**
 * Turns a token request into what is stored: explicit scopes or a preset (not both), and
 * no expiry, a number of days, or a date in the future (not both). The gateway offers users
 * only 7, 30 or 90 days or a date; operators (tsctl) may choose any number of days.
 */
export function decideTokenGrant(request: TokenRequest, now: Date): TokenGrant {
  const name = request.name.trim() || 'API token';
  if (name.length > MAX_TOKEN_NAME_LENGTH)
    throw new AppError('bad_request', `Token name must be at most ${MAX_TOKEN_NAME_LENGTH} characters.`);

  const hasScopes = request.scopes.length > 0;
  const hasPreset = request.preset !== '';
  if (hasScopes === hasPreset)
    throw new AppError('bad_request', 'Give either scopes or a preset (read-only, automation, full), not both.');
  let scopes: Scope[];
  if (hasPreset) {
    if (!isPreset(request.preset))
      throw new AppError('bad_request', `Unknown preset "${request.preset}"; use read-only, automation or full.`);
    scopes = [...PRESETS[request.preset]];
  } else {
    const unknown = request.scopes.filter((scope) => !isScope(scope));
    if (unknown.length > 0)
      throw new AppError('bad_request', `Unknown scope: ${unknown.join(', ')}.`, { unknown_scopes: unknown });
    scopes = normalizeScopes(request.scopes as Scope[]);
  }

  if (request.expiresInDays !== 0 && request.expiresAt !== undefined) {
    throw new AppError('bad_request', 'Give either expires_in_days or expires_at, not both.');
  }
  let expiresAt: Date | null = null;
  if (request.expiresInDays !== 0) {
    const days = request.expiresInDays;
    if (!Number.isInteger(days) || days < 1 || days > MAX_TOKEN_LIFETIME_DAYS) {
      throw new AppError('bad_request', `expires_in_days must be a whole number from 1 to ${MAX_TOKEN_LIFETIME_DAYS}.`);
    }
    expiresAt = new Date(now.getTime() + days * 86_400_000);
  } else if (request.expiresAt !== undefined) {
    const latest = now.getTime() + MAX_TOKEN_LIFETIME_DAYS * 86_400_000;
    if (request.expiresAt.getTime() <= now.getTime())
      throw new AppError('bad_request', 'expires_at must be in the future.');
    if (request.expiresAt.getTime() > latest)
      throw new AppError('bad_request', `expires_at must be within ${MAX_TOKEN_LIFETIME_DAYS} days.`);
    expiresAt = request.expiresAt;
  }
  return { name, scopes, expiresAt };
}

/** A token works while it is neither revoked nor past its expiry. */
export function isTokenActive(token: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): boolean {
  return token.revokedAt === null && (token.expiresAt === null || token.expiresAt.getTime() > now.getTime());
}

/** Page size of listings: the API allows 1..200 with 50 by default; 0 (unset on the wire) means the default. */
export function listLimit(requested: number): number {
  if (requested === 0) return 50;
  return Math.min(Math.max(Math.trunc(requested), 1), 200);
}
