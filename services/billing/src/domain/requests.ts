import { AppError } from '@tp/errors';
import { MICRO } from './money.ts';

/** Largest single grant: one million credits. A larger number is a typo, not a grant. */
export const MAX_GRANT_MICRO = 1_000_000n * MICRO;
export const MAX_REASON_LENGTH = 200;
export const DEFAULT_GRANT_REASON = 'Operator grant';

// Ids of users (usr_…) and workspaces, or anything of that shape: no spaces, no control characters.
const PRINCIPAL_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
const REFERENCE = /^[\x21-\x7e]{1,200}$/;

export function checkPrincipalId(value: string, field = 'principal_id'): string {
  if (!PRINCIPAL_ID.test(value))
    throw new AppError('bad_request', `${field} must be an id of 1 to 128 letters, digits and _ . : -.`);
  return value;
}

/** The id of what an operation is for (a job id, a usage id): 1 to 200 printable ASCII characters. */
export function checkReference(value: string, field = 'reference'): string {
  if (!REFERENCE.test(value))
    throw new AppError('bad_request', `${field} must be 1 to 200 printable characters without spaces.`);
  return value;
}

export interface GrantRequest {
  principalId: string;
  amountMicro: bigint;
  reason: string;
  expiresAt: Date | null;
  /** Idempotency: one grant per reference; null = always a new grant. */
  reference: string | null;
}

/** An operator's grant as it will be stored: positive, bounded, expiring in the future if at all. */
export function decideGrant(
  request: { principalId: string; amountMicro: number; reason: string; expiresAt: Date | undefined; reference: string },
  now: Date,
): GrantRequest {
  const principalId = checkPrincipalId(request.principalId);
  if (
    !Number.isSafeInteger(request.amountMicro) ||
    request.amountMicro <= 0 ||
    BigInt(request.amountMicro) > MAX_GRANT_MICRO
  ) {
    throw new AppError(
      'bad_request',
      `amount_micro must be a whole number of micro-credits from 1 to ${MAX_GRANT_MICRO} (one million credits).`,
    );
  }
  const reason = request.reason.trim() || DEFAULT_GRANT_REASON;
  if (reason.length > MAX_REASON_LENGTH)
    throw new AppError('bad_request', `reason must be at most ${MAX_REASON_LENGTH} characters.`);
  if (request.expiresAt !== undefined && !(request.expiresAt.getTime() > now.getTime())) {
    throw new AppError('bad_request', 'expires_at must be in the future.');
  }
  return {
    principalId,
    amountMicro: BigInt(request.amountMicro),
    reason,
    expiresAt: request.expiresAt ?? null,
    reference: request.reference === '' ? null : checkReference(request.reference),
  };
}
