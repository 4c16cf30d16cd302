import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ACCOUNT_EVENTS } from '@tp/events';
import { deleteAccount } from './delete-account.ts';
import { accountsWorld } from './testing/world.ts';

describe('deleteAccount', () => {
  it('deletes the user with their tokens and devices, announces it and wakes the relay', async () => {
    const { deps, fake, clock, counts, seedUser, seedToken, seedDevice } = accountsWorld();
    const user = seedUser();
    const kept = seedUser('bob@example.com');
    seedToken(user.id);
    await seedDevice(user.id);
    seedToken(kept.id);
    await deleteAccount(deps, { userId: user.id });
    assert.deepEqual([...fake.users.keys()], [kept.id]);
    assert.deepEqual(
      [...fake.tokens.values(), ...fake.sessions.values()].map((row) => row.userId),
      [kept.id],
    );
    assert.deepEqual(
      fake.outbox.map((m) => [m.subject, m.payload]),
      [[ACCOUNT_EVENTS.deleted, { user_id: user.id, occurred_at: clock.now().toISOString() }]],
    );
    assert.equal(counts.nudges, 1);
  });

  it('answers not_found for an account that does not exist (or no more), announcing nothing', async () => {
    const { deps, fake, counts, seedUser } = accountsWorld();
    const user = seedUser();
    await deleteAccount(deps, { userId: user.id });
    for (const userId of [user.id, 'usr_nobody'])
      await assert.rejects(deleteAccount(deps, { userId }), {
        code: 'not_found',
        message: 'The account was not found.',
      });
    assert.equal(fake.outbox.length, 1);
    assert.equal(counts.nudges, 1);
  });
});
