import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ACCOUNT_EVENTS } from '@tp/events';
import { revokeToken } from './revoke-token.ts';
import { accountsWorld } from './testing/world.ts';

describe('revokeToken', () => {
  it('revokes the token, announces it once and answers it again when revoked again', async () => {
    const { deps, fake, clock, counts, seedUser, seedToken } = accountsWorld();
    const userId = seedUser().id;
    const { token } = seedToken(userId);
    const revoked = await revokeToken(deps, { userId, tokenId: token.id });
    assert.deepEqual(revoked, { ...token, revokedAt: clock.now() });
    assert.deepEqual(
      fake.outbox.map((m) => [m.subject, m.payload]),
      [[ACCOUNT_EVENTS.tokenRevoked, { user_id: userId, token_id: token.id, occurred_at: clock.now().toISOString() }]],
    );
    clock.advance(1_000);
    assert.deepEqual(await revokeToken(deps, { userId, tokenId: token.id }), revoked, 'the first revocation stands');
    assert.equal(fake.outbox.length, 1);
    assert.equal(counts.nudges, 2);
  });

  it('answers not_found for a token that is unknown or another user’s', async () => {
    const { deps, fake, counts, seedUser, seedToken } = accountsWorld();
    const { token } = seedToken(seedUser().id);
    const stranger = seedUser('eve@example.com').id;
    for (const tokenId of [token.id, 'tok_unknown'])
      await assert.rejects(revokeToken(deps, { userId: stranger, tokenId }), {
        code: 'not_found',
        message: 'The token was not found.',
      });
    assert.equal(fake.tokens.get(token.id)?.revokedAt, null);
    assert.deepEqual([fake.outbox.length, counts.nudges], [0, 0]);
  });
});
