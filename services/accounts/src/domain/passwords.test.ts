import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DUMMY_PASSWORD_HASH, hashPassword, passwordProblem, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hash with a salt and verify', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    assert.notEqual(a, b);
    assert.match(a, /^scrypt\$32768\$8\$1\$/);
    assert.ok(!a.includes('correct'));
    assert.equal(await verifyPassword('correct horse battery', a), true);
    assert.equal(await verifyPassword('correct horse batterx', a), false);
  });

  it('never matches the dummy hash or garbage', async () => {
    assert.equal(await verifyPassword('anything at all', DUMMY_PASSWORD_HASH), false);
    assert.equal(await verifyPassword('anything at all', 'plain'), false);
  });

  it('checks length', () => {
    assert.match(passwordProblem('short')!, /at least 10/);
    assert.equal(passwordProblem('long enough pass'), null);
  });
});
