import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountExists } from './account-exists.ts';
import { deleteAccount } from './delete-account.ts';
import { accountsWorld } from './testing/world.ts';

describe('accountExists', () => {
  it('is true while the account is here and false once it is deleted or for a user never seen', async () => {
    const { deps, seedUser } = accountsWorld();
    const user = seedUser();
    assert.equal(await accountExists(deps, { userId: user.id }), true);
    await deleteAccount(deps, { userId: user.id });
    assert.equal(await accountExists(deps, { userId: user.id }), false);
    assert.equal(await accountExists(deps, { userId: 'usr_nobody' }), false);
  });

  it('refuses what is not a user id', async () => {
    const { deps } = accountsWorld();
    for (const userId of ['', 'a b', 'x'.repeat(65)])
      await assert.rejects(accountExists(deps, { userId }), { code: 'validation_error' });
  });
});
