import { ERROR_CODES, isAppError, type ErrorCode } from '@tp/errors';

/** Backend answers that may pass: the call (or the whole ticket) is worth another attempt. */
const TRANSIENT: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'service_unavailable',
  'upstream_timeout',
  'storage_unavailable',
  'internal_error',
  'rate_limited',
]);

export function isTransient(err: unknown): boolean {
  return !isAppError(err) || TRANSIENT.has(err.code);
}

/**
 * What a user may read about an error that ended a job: the public text of its code, never the
 * error's own message (transport errors name internal addresses and ports).
 */
export function publicReason(err: unknown): string {
  return isAppError(err) ? ERROR_CODES[err.code].message : 'An internal error occurred.';
}

export function errorCodeOf(err: unknown): string | undefined {
  return isAppError(err) ? err.code : undefined;
}
