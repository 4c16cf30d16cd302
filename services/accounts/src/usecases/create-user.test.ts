import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MIN_PASSWORD_LENGTH, verifyPassword } from '../domain/passwords.ts';
import { createUser } from './create-user.ts';
import { accountsWorld } from './testing/world.ts';

describe('createUser', () => {
  it('keeps the email trimmed and lower-cased, and only a scrypt hash of the password', async () => {
    const { deps } = accountsWorld();
    const user = await createUser(deps, { email: ' Ada@Example.COM ', password: 'a long password' });
    assert.equal(user.email, 'ada@example.com');
    assert.match(user.passwordHash!, /^scrypt\$/);
    assert.ok(await verifyPassword('a long password', user.passwordHash!));
  });

  it('makes a user without a password from an empty one (tokens only, no sign-in)', async () => {
    const { deps } = accountsWorld();
    assert.equal((await createUser(deps, { email: 'bot@example.com', password: '' })).passwordHash, null);
  });

  it('refuses a malformed email, a short password and an email taken, whatever its case', async () => {
    const { deps, fake } = accountsWorld();
    await assert.rejects(createUser(deps, { email: 'not-an-email', password: '' }), {
      code: 'bad_request',
      message: '"not-an-email" is not a valid email address.',
    });
    await assert.rejects(createUser(deps, { email: 'weak@example.com', password: 'short' }), {
      code: 'bad_request',
      message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
    });
    assert.equal(fake.users.size, 0);
    await createUser(deps, { email: 'dup@example.com', password: '' });
    await assert.rejects(createUser(deps, { email: 'DUP@example.com', password: '' }), { code: 'conflict' });
    assert.equal(fake.users.size, 1);
  });
});
