import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { revokeShare } from './revoke-share.ts';
import { STRANGER, sharesWorld, USER } from './testing/world.ts';

describe('revokeShare', () => {
  it('revokes the share for good; revoking again answers the revoked share unchanged', async () => {
    const { deps, fake, clock, seedTranscript, seedShare } = sharesWorld();
    const { share } = seedShare(USER, seedTranscript());
    const revoked = await revokeShare(deps, { userId: USER, shareId: share.id });
    assert.deepEqual(revoked, { ...share, revokedAt: clock.now(), updatedAt: clock.now() });
    clock.advance(1_000);
    assert.deepEqual(await revokeShare(deps, { userId: USER, shareId: share.id }), revoked);
    assert.deepEqual(fake.rows.get(share.id), revoked);
  });

  it("answers not_found for another user's, an unknown or a malformed share id, and bad_request for no user", async () => {
    const { deps, fake, seedTranscript, seedShare } = sharesWorld();
    const { share } = seedShare(USER, seedTranscript());
    for (const [userId, shareId] of [
      [STRANGER, share.id],
      [USER, 'shr_unknown'],
      [USER, 'tok_1'],
    ] as const)
      await assert.rejects(revokeShare(deps, { userId, shareId }), {
        code: 'not_found',
        message: 'The share was not found.',
      });
    await assert.rejects(revokeShare(deps, { userId: '', shareId: share.id }), { code: 'bad_request' });
    assert.equal(fake.rows.get(share.id)?.revokedAt, null);
  });
});
