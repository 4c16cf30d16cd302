/**
 * `Idempotency-Key` rules shared by every creating operation (upload sessions, jobs, artifacts,
 * versions, shares, tokens; ADR 0035): the key's shape, how long it is remembered, the hash that
 * tells "the same request" from "another request with the same key" (409 idempotency_conflict),
 * and how a creation answers its first use.
 */
import { createHash } from 'node:crypto';
import { AppError, isAppError } from '@tp/errors';

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

/** What a service keeps of a key's first use: enough to tell a replay from a conflict and to forget it. */
export interface KeyUse {
  requestHash: string;
  createdAt: Date;
}

export interface PriorUseLookup<U extends KeyUse> {
  find: () => Promise<U | null>;
  /** Frees the expired record (only that one: a newer use of the key may have replaced it). */
  forget: (use: U) => Promise<void>;
  requestHash: string;
  now: Date;
  ttlMs?: number;
}

/**
 * The key's first use when it is the same request within the key's lifetime; null when the key
 * is free (never used, or expired: then forgotten); idempotency_conflict for another request.
 */
export async function priorUse<U extends KeyUse>(lookup: PriorUseLookup<U>): Promise<U | null> {
  const use = await lookup.find();
  if (!use) return null;
  if (isExpired(use.createdAt, lookup.now, lookup.ttlMs)) {
    await lookup.forget(use);
    return null;
  }
  if (use.requestHash !== lookup.requestHash) throw new AppError('idempotency_conflict');
  return use;
}

/**
 * Runs `create`; when it fails, a concurrent request with the same key may have won (a unique
 * violation, or a refusal its creation caused): `replay` answers the winner's result (or throws
 * the refusal a replay gets) if there is one, else the failure stands.
 */
export async function createOnce<T>(create: () => Promise<T>, replay: () => Promise<T | null>): Promise<T> {
  try {
    return await create();
  } catch (err) {
    const winner = await replay().catch((lookupErr: unknown) => {
      // A refusal of the replay (idempotency_conflict…) is the answer; a lookup that fails
      // otherwise (the database) leaves the first failure standing.
      if (isAppError(lookupErr)) throw lookupErr;
      return null;
    });
    if (winner !== null) return winner;
    throw err;
  }
}
