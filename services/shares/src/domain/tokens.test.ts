import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { hashToken, isTokenShaped, issueToken, TOKEN_BYTES, TOKEN_HINT_LENGTH, TOKEN_LENGTH } from './tokens.ts';

describe('share tokens', () => {
  it('are 32 random bytes in base64url: 43 URL-safe characters, 256 bits', () => {
    const { token } = issueToken();
    assert.equal(token.length, TOKEN_LENGTH);
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(Buffer.from(token, 'base64url').length, TOKEN_BYTES);
    assert.ok(TOKEN_BYTES * 8 >= 128);
  });

  it('never repeat', () => {
    const tokens = new Set(Array.from({ length: 10_000 }, () => issueToken().token));
    assert.equal(tokens.size, 10_000);
  });

  it('come with the SHA-256 (hex) of their text and a four-character hint', () => {
    const issued = issueToken();
    assert.equal(issued.hash, createHash('sha256').update(issued.token).digest('hex'));
    assert.match(issued.hash, /^[0-9a-f]{64}$/);
    assert.equal(issued.hint, issued.token.slice(0, TOKEN_HINT_LENGTH));
    assert.equal(issued.hint.length, 4);
    assert.ok(!issued.hash.includes(issued.token));
  });

  it('are made from the random source given (deterministic for a fixed source)', () => {
    const fixed = (size: number) => Buffer.alloc(size, 0xff);
    const issued = issueToken(fixed);
    assert.equal(issued.token, `${'_'.repeat(42)}8`);
    assert.equal(issued.hash, hashToken(issued.token));
    assert.throws(() => issueToken((size) => Buffer.alloc(size - 1)), RangeError);
  });

  it('hash the same text to the same value, and nearby texts to unrelated ones', () => {
    assert.equal(hashToken('a'.repeat(43)), hashToken('a'.repeat(43)));
    assert.notEqual(hashToken('a'.repeat(43)), hashToken(`${'a'.repeat(42)}b`));
    assert.equal(hashToken('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('have a recognizable shape; anything else is not a token', () => {
    assert.ok(isTokenShaped(issueToken().token));
    for (const bad of [
      '',
      'a'.repeat(42),
      'a'.repeat(44),
      `${'a'.repeat(42)}=`,
      `${'a'.repeat(42)}+`,
      `${'a'.repeat(42)}/`,
      `${'a'.repeat(42)} `,
      `${'a'.repeat(42)}é`,
      `${'a'.repeat(42)}\n`,
    ]) {
      assert.equal(isTokenShaped(bad), false, JSON.stringify(bad));
    }
  });
});
