import { createHash, randomBytes } from 'node:crypto';

/** Random bytes of a link's token: 256 bits, far above the 128 a guess must face. */
export const TOKEN_BYTES = 32;
/** Characters of a token: 32 bytes in unpadded base64url. */
export const TOKEN_LENGTH = 43;
/** Characters of the token kept in clear to tell links apart (24 bits: no help to a guesser). */
export const TOKEN_HINT_LENGTH = 4;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface IssuedToken {
  /** The secret of the URL, returned to the owner once and never stored. */
  token: string;
  /** What is stored and looked up: lowercase hex SHA-256 of the token. */
  hash: string;
  hint: string;
}

/** SHA-256 of the token's ASCII text, lowercase hex (64 characters). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** True when `value` could be a token we issued; anything else is not worth a database lookup. */
export function isTokenShaped(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

/** A fresh token from the operating system's CSPRNG, its hash and its hint. */
export function issueToken(random: (size: number) => Buffer = randomBytes): IssuedToken {
  const bytes = random(TOKEN_BYTES);
  if (bytes.length !== TOKEN_BYTES)
    throw new RangeError(`a token needs ${TOKEN_BYTES} random bytes, got ${bytes.length}`);
  const token = bytes.toString('base64url');
  return { token, hash: hashToken(token), hint: token.slice(0, TOKEN_HINT_LENGTH) };
}
