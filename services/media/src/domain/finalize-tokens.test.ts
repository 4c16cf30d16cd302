import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { finalizeToken, finalizeTokenMatches } from './finalize-tokens.ts';

const secret = 'x'.repeat(32);

describe('finalize tokens', () => {
  it('are ft_ + base64url(HMAC-SHA256(secret, session id)), the same every time', () => {
    const token = finalizeToken(secret, 'upl_1');
    assert.equal(token, `ft_${createHmac('sha256', secret).update('upl_1').digest('base64url')}`);
    assert.equal(finalizeToken(secret, 'upl_1'), token);
    assert.notEqual(finalizeToken(secret, 'upl_2'), token);
    assert.notEqual(finalizeToken('y'.repeat(32), 'upl_1'), token);
  });

  it('match only the token of that session under that secret', () => {
    const token = finalizeToken(secret, 'upl_1');
    assert.equal(finalizeTokenMatches(secret, 'upl_1', token), true);
    for (const wrong of [
      '',
      'ft_',
      token.slice(0, -1),
      `${token}A`,
      finalizeToken(secret, 'upl_2'),
      token.toUpperCase(),
    ]) {
      assert.equal(finalizeTokenMatches(secret, 'upl_1', wrong), false, wrong);
    }
  });
});
