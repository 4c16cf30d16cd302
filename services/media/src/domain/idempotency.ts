import { createHash } from 'node:crypto';
import { AppError } from '@tp/errors';

/** An Idempotency-Key is remembered this long; afterwards the same key starts a new session. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

export function checkIdempotencyKey(key: string): string {
  if (!KEY_SHAPE.test(key)) throw new AppError('bad_request', 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
  return key;
}

/** JSON with sorted keys, so the same request always hashes the same. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) of the canonical form of what the request asks for (not its headers). */
export function requestHash(request: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}
