import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extractCredential } from './credentials.ts';

const invalid = { code: 'invalid_api_key' };

describe('extractCredential', () => {
  it('reads either header, and both when they agree', () => {
    assert.equal(extractCredential({ authorization: 'Bearer tsk_abc' }), 'tsk_abc');
    assert.equal(extractCredential({ authorization: 'bearer   tsk_abc ' }), 'tsk_abc');
    assert.equal(extractCredential({ 'x-api-key': 'tsk_abc' }), 'tsk_abc');
    assert.equal(extractCredential({ authorization: 'Bearer tsk_abc', 'x-api-key': 'tsk_abc' }), 'tsk_abc');
    assert.equal(extractCredential({}), null);
  });

  it('refuses two different tokens, other schemes and empty values', () => {
    assert.throws(() => extractCredential({ authorization: 'Bearer tsk_a', 'x-api-key': 'tsk_b' }), {
      ...invalid,
      message: /different tokens/,
    });
    assert.throws(() => extractCredential({ authorization: 'Basic dXNlcjpwYXNz' }), invalid);
    assert.throws(() => extractCredential({ authorization: 'Bearer' }), invalid);
    assert.throws(() => extractCredential({ 'x-api-key': '' }), invalid);
    assert.throws(() => extractCredential({ 'x-api-key': 'x'.repeat(5000) }), invalid);
  });
});
