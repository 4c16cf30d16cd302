import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lookupUser } from './lookup-user.ts';
import { accountsWorld } from './testing/world.ts';

describe('lookupUser', () => {
  it('finds the user whatever the case of the email and the spaces around it', async () => {
    const { deps, seedUser } = accountsWorld();
    const user = seedUser('lookup@example.com');
    assert.deepEqual(await lookupUser(deps, { email: ' LookUp@Example.com ' }), user);
  });

  it('answers not_found naming the email as given (trimmed), and bad_request for no email', async () => {
    const { deps } = accountsWorld();
    await assert.rejects(lookupUser(deps, { email: ' Nobody@example.com ' }), {
      code: 'not_found',
      message: 'No user with email Nobody@example.com.',
    });
    await assert.rejects(lookupUser(deps, { email: 'nobody' }), { code: 'bad_request' });
  });
});
