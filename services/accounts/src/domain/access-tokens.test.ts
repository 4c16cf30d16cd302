import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TOKEN_PREFIX, generateAccessToken, hashAccessToken, isWellFormedAccessToken } from './access-tokens.ts';

describe('access tokens', () => {
  it('start with the service prefix and an underscore, and are unique', () => {
    const tokens = Array.from({ length: 200 }, () => generateAccessToken());
    for (const t of tokens) {
      assert.ok(t.secret.startsWith(TOKEN_PREFIX));
      assert.equal(TOKEN_PREFIX, 'tsk_');
      assert.equal(t.secret.length, 4 + 42);
      assert.ok(isWellFormedAccessToken(t.secret));
    }
    assert.equal(new Set(tokens.map((t) => t.secret)).size, tokens.length);
  });

  it('stores only a SHA-256 hash and shows only a short prefix', () => {
    const t = generateAccessToken();
    assert.equal(t.hash, hashAccessToken(t.secret));
    assert.match(t.hash, /^[0-9a-f]{64}$/);
    assert.ok(!t.hash.includes(t.secret.slice(4)));
    assert.equal(t.displayPrefix, t.secret.slice(0, 10));
  });

  it('rejects typos through the checksum, and foreign shapes', () => {
    const { secret } = generateAccessToken();
    const last = secret.at(-10)!;
    const typo = secret.slice(0, -10) + (last === 'a' ? 'b' : 'a') + secret.slice(-9);
    assert.ok(!isWellFormedAccessToken(typo));
    assert.ok(!isWellFormedAccessToken(secret.slice(0, -1)));
    assert.ok(!isWellFormedAccessToken(`xyz_${secret.slice(4)}`));
    assert.ok(!isWellFormedAccessToken(''));
  });
});
