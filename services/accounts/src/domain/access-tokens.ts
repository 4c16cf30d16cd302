import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * Personal access tokens: `tsk_` + 36 random base62 characters (≈214 bits) + 6 base62
 * characters of CRC-32 over the random part. The checksum lets the edge reject typos and
 * garbage without a database lookup; only a SHA-256 of the whole token is stored.
 */
export const TOKEN_PREFIX = 'tsk_';
const RANDOM_LENGTH = 36;
const CHECKSUM_LENGTH = 6;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TOKEN_SHAPE = new RegExp(`^${TOKEN_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 62 * 4: rejecting higher bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

function base62Fixed(value: number, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i += 1) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

function checksumOf(randomPart: string): string {
  return base62Fixed(crc32(randomPart), CHECKSUM_LENGTH);
}

export interface NewAccessToken {
  /** Shown once to the owner, never stored. */
  secret: string;
  /** What the database keeps. */
  hash: string;
  /** Safe to display in listings. */
  displayPrefix: string;
}

export function hashAccessToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function generateAccessToken(): NewAccessToken {
  const randomPart = randomBase62(RANDOM_LENGTH);
  const secret = `${TOKEN_PREFIX}${randomPart}${checksumOf(randomPart)}`;
  return { secret, hash: hashAccessToken(secret), displayPrefix: secret.slice(0, TOKEN_PREFIX.length + 6) };
}

/** True when the string has the shape and a correct checksum of one of our tokens. */
export function isWellFormedAccessToken(candidate: string): boolean {
  if (!TOKEN_SHAPE.test(candidate)) return false;
  const body = candidate.slice(TOKEN_PREFIX.length);
  const expected = Buffer.from(checksumOf(body.slice(0, RANDOM_LENGTH)));
  const given = Buffer.from(body.slice(RANDOM_LENGTH));
  return timingSafeEqual(expected, given);
}
