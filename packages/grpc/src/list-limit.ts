import { AppError } from '@tp/errors';

/** Page size of list RPCs, as the public API gives it (`limit`): 1..200, 50 by default. */
export const DEFAULT_LIST_LIMIT = 50;
export const MAX_LIST_LIMIT = 200;

/** 0 (unset on the wire) = the default; 1..200 otherwise. Out-of-range values are refused, not clamped. */
export function listLimit(limit: number): number {
  if (limit === 0) return DEFAULT_LIST_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT)
    throw new AppError('bad_request', `limit must be between 1 and ${MAX_LIST_LIMIT}.`);
  return limit;
}
