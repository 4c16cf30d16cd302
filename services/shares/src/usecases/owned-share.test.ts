import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { changeableShare, changed, ownShare } from './owned-share.ts';
import { STRANGER, sharesWorld, USER } from './testing/world.ts';

const notFound = { code: 'not_found', message: 'The share was not found.' };

describe('ownShare', () => {
  it("answers the user's share whatever its state, and not_found for anything else", async () => {
    const { deps, clock, seedTranscript, seedShare } = sharesWorld();
    const { share } = seedShare(USER, seedTranscript(), { revokedAt: clock.now() });
    assert.deepEqual(await ownShare(deps, USER, share.id), share);
    for (const [userId, shareId] of [
      [STRANGER, share.id],
      [USER, 'shr_unknown'],
      [USER, 'not-a-share'],
      [USER, ''],
    ] as const)
      await assert.rejects(ownShare(deps, userId, shareId), notFound, `${userId} ${shareId}`);
  });
});

describe('changeableShare', () => {
  it('answers a live share, expired ones too, and refuses a revoked or taken-down one', async () => {
    const { deps, clock, seedTranscript, seedShare } = sharesWorld();
    const transcript = seedTranscript();
    const expired = seedShare(USER, transcript, { expiresAt: clock.now() }).share;
    assert.deepEqual(await changeableShare(deps, USER, expired.id), expired);
    const revoked = seedShare(USER, transcript, { revokedAt: clock.now() }).share;
    await assert.rejects(changeableShare(deps, USER, revoked.id), {
      code: 'conflict',
      message: 'The share was revoked; create a new one.',
    });
    const takenDown = seedShare(USER, transcript, { takenDownAt: clock.now(), takedownReason: 'media_gone' }).share;
    await assert.rejects(changeableShare(deps, USER, takenDown.id), {
      code: 'conflict',
      message: 'The share was taken down because its transcript or media was deleted.',
    });
    await assert.rejects(changeableShare(deps, STRANGER, expired.id), notFound);
  });
});

describe('changed', () => {
  it('answers the changed share, or why a racing revocation or deletion stopped the change', () => {
    const { clock, seedTranscript, seedShare } = sharesWorld();
    const { share } = seedShare(USER, seedTranscript());
    assert.deepEqual(changed({ outcome: 'changed', share }), share);
    assert.throws(() => changed({ outcome: 'not_found' }), notFound);
    assert.throws(() => changed({ outcome: 'frozen', share: { ...share, revokedAt: clock.now() } }), {
      code: 'conflict',
      message: 'The share was revoked; create a new one.',
    });
    assert.throws(() => changed({ outcome: 'frozen', share }), {
      code: 'conflict',
      message: 'The share cannot be changed.',
    });
  });
});
