import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AppError } from '@tp/errors';
import { HOUR_MS, STRANGER, sharesWorld, USER } from './testing/world.ts';
import { type UpdateShareInput, updateShare } from './update-share.ts';

const update = (shareId: string, overrides: Partial<UpdateShareInput> = {}): UpdateShareInput => ({
  userId: USER,
  shareId,
  expiresAt: undefined,
  clearExpiry: false,
  ...overrides,
});

const refusedField = (field: string) => (err: AppError) => {
  assert.deepEqual([err.code, err.details.field], ['validation_error', field]);
  return true;
};

describe('updateShare', () => {
  it('changes the title, pins and unpins, sets and clears the expiry; what is absent stays', async () => {
    const { deps, clock, seedTranscript, seedShare } = sharesWorld();
    const t = seedTranscript();
    const expiresAt = new Date(clock.now().getTime() + HOUR_MS);
    const { share } = seedShare(USER, t, { expiresAt });
    const titled = await updateShare(deps, update(share.id, { title: '  Board meeting ' }));
    assert.deepEqual([titled.title, titled.targetVersionId, titled.expiresAt], ['Board meeting', null, expiresAt]);
    assert.deepEqual(titled.updatedAt, clock.now());
    assert.equal(
      (await updateShare(deps, update(share.id, { targetVersionId: t.versionId }))).targetVersionId,
      t.versionId,
    );
    const unpinned = await updateShare(deps, update(share.id, { targetVersionId: '', title: '' }));
    assert.deepEqual([unpinned.targetVersionId, unpinned.title], [null, '']);
    const later = new Date(clock.now().getTime() + 2 * HOUR_MS);
    assert.deepEqual((await updateShare(deps, update(share.id, { expiresAt: later }))).expiresAt, later);
    assert.equal((await updateShare(deps, update(share.id, { clearExpiry: true }))).expiresAt, null);
  });

  it('gives an expired share a new expiry', async () => {
    const { deps, clock, seedTranscript, seedShare } = sharesWorld();
    const { share } = seedShare(USER, seedTranscript(), { expiresAt: clock.now() });
    const renewed = await updateShare(deps, update(share.id, { expiresAt: new Date(clock.now().getTime() + HOUR_MS) }));
    assert.ok(renewed.expiresAt! > clock.now());
  });
});

describe('updateShare: refusals', () => {
  it('refuses an expiry both set and cleared, one in the past, a bad title and a malformed version', async () => {
    const { deps, fake, clock, seedTranscript, seedShare } = sharesWorld();
    const { share } = seedShare(USER, seedTranscript());
    const soon = new Date(clock.now().getTime() + HOUR_MS);
    await assert.rejects(updateShare(deps, update(share.id, { clearExpiry: true, expiresAt: soon })), {
      code: 'validation_error',
      message: 'expires_at must be unset when clear_expiry is true.',
    });
    await assert.rejects(updateShare(deps, update(share.id, { expiresAt: clock.now() })), refusedField('expires_at'));
    await assert.rejects(updateShare(deps, update(share.id, { title: 'x'.repeat(301) })), refusedField('title'));
    await assert.rejects(
      updateShare(deps, update(share.id, { targetVersionId: 'ver bad' })),
      refusedField('target_version_id'),
    );
    assert.deepEqual(fake.rows.get(share.id), share, 'nothing changed');
  });

  it('refuses a version of another artifact', async () => {
    const { deps, seedTranscript, seedShare } = sharesWorld();
    const { share } = seedShare(USER, seedTranscript());
    await assert.rejects(updateShare(deps, update(share.id, { targetVersionId: seedTranscript().versionId })), {
      code: 'not_found',
      details: { field: 'target_version_id' },
    });
  });

  it("answers not_found for another user's share, and conflict for a revoked or taken-down one", async () => {
    const { deps, clock, seedTranscript, seedShare } = sharesWorld();
    const t = seedTranscript();
    const { share } = seedShare(USER, t);
    await assert.rejects(updateShare(deps, update(share.id, { userId: STRANGER, title: 'mine' })), {
      code: 'not_found',
    });
    const revoked = seedShare(USER, t, { revokedAt: clock.now() }).share;
    await assert.rejects(updateShare(deps, update(revoked.id, { title: 'back?' })), {
      code: 'conflict',
      message: /revoked/,
    });
    const down = seedShare(USER, t, { takenDownAt: clock.now() }).share;
    await assert.rejects(updateShare(deps, update(down.id, { title: 'back?' })), {
      code: 'conflict',
      message: /taken down/,
    });
  });

  it('is a conflict when a revocation wins the race between the check and the change', async () => {
    const { deps, clock, seedTranscript, seedShare } = sharesWorld();
    const { share } = seedShare(USER, seedTranscript());
    const racing = {
      ...deps.changes,
      updateShare: async (...args: Parameters<typeof deps.changes.updateShare>) => {
        await deps.changes.revokeShare(USER, share.id, clock.now());
        return deps.changes.updateShare(...args);
      },
    };
    await assert.rejects(updateShare({ ...deps, changes: racing }, update(share.id, { title: 'late' })), {
      code: 'conflict',
      message: 'The share was revoked; create a new one.',
    });
  });
});
