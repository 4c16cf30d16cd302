/**
 * `Idempotency-Key` rules shared by every creating operation (upload sessions, jobs, artifacts):
 * the key's shape, how long it is remembered, and the hash that tells "the same request" from
 * "another request with the same key" (409 idempotency_conflict).
 */
import { createHash } from 'node:crypto';
import { AppError } from '@tp/errors';

/** A key is remembered this long; afterwards the same key starts something new. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

export function isIdempotencyKey(key: string): boolean {
  return KEY_SHAPE.test(key);
}

/** The key, or bad_request naming the rule (`field` is how the caller sent it). */
export function checkIdempotencyKey(key: string, field = 'Idempotency-Key'): string {
  if (!isIdempotencyKey(key)) throw new AppError('bad_request', `${field} must be 1 to 255 visible ASCII characters.`);
  return key;
}

/** JSON with every object's keys sorted and undefined members dropped, so equal requests serialize equally. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) of the canonical form of what a request asks for (not its headers). */
export function requestHash(request: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/** A key stored at `createdAt` is forgotten at `at` once it is `ttlMs` old. */
export function isExpired(createdAt: Date, at: Date, ttlMs: number = IDEMPOTENCY_KEY_TTL_MS): boolean {
  return createdAt.getTime() <= at.getTime() - ttlMs;
}
