import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import { hashToken, isTokenShaped } from '../domain/tokens.ts';
import { createShare, type CreateShareInput } from './create-share.ts';
import { HOUR_MS, MAX_SHARES, STRANGER, shareInput, sharesWorld, USER } from './testing/world.ts';

const request = (artifactId: string, overrides: Partial<CreateShareInput> = {}) =>
  shareInput(USER, artifactId, overrides);

describe('createShare', () => {
  it("shares the user's transcript, following its current version, and keeps only the token's hash", async () => {
    const { deps, fake, clock, seedTranscript } = sharesWorld();
    const t = seedTranscript();
    const { share, token, asOf } = await createShare(deps, request(t.artifactId));
    assert.ok(isTokenShaped(token));
    assert.deepEqual(fake.rows.get(share.id), share);
    assert.deepEqual(
      [share.userId, share.targetId, share.targetVersionId, share.mediaId, share.title, share.expiresAt],
      [USER, t.artifactId, null, t.mediaId, 'Interview', null],
      "an empty title takes the artifact's",
    );
    assert.deepEqual([share.tokenHash, share.tokenHint, asOf], [hashToken(token), token.slice(0, 4), clock.now()]);
  });

  it('pins a version of the artifact, with its own title and an expiry', async () => {
    const { deps, clock, seedTranscript } = sharesWorld();
    const t = seedTranscript();
    const expiresAt = new Date(clock.now().getTime() + HOUR_MS);
    const overrides = { targetVersionId: t.versionId, title: ' Board meeting ', expiresAt };
    const { share } = await createShare(deps, request(t.artifactId, overrides));
    assert.deepEqual([share.targetVersionId, share.title, share.expiresAt], [t.versionId, 'Board meeting', expiresAt]);
  });
});

describe('createShare: refusals', () => {
  it('refuses what cannot be shared, field by field, before asking anyone', async () => {
    const { deps, clock, backends, seedTranscript } = sharesWorld();
    const { artifactId } = seedTranscript();
    await assert.rejects(createShare(deps, request(artifactId, { userId: '' })), { code: 'bad_request' });
    for (const [overrides, field] of [
      [{ shareKind: 'artifact' }, 'share_kind'],
      [{ artifactId: '' }, 'artifact_id'],
      [{ accessScope: 'workspace' }, 'access_scope'],
      [{ targetVersionId: 'ver bad' }, 'target_version_id'],
      [{ expiresAt: clock.now() }, 'expires_at'],
      [{ title: 'two\nlines' }, 'title'],
      [{ shareKind: '', title: 'x'.repeat(301) }, 'share_kind'],
    ] as const)
      await assert.rejects(createShare(deps, request(artifactId, overrides)), (err: AppError) => {
        assert.deepEqual([err.code, err.details.field], ['validation_error', field]);
        return true;
      });
    assert.deepEqual(backends.asked, []);
  });

  it("answers not_found for another user's or an unknown artifact, and refuses one that is not a transcript", async () => {
    const { deps, seedTranscript } = sharesWorld();
    const theirs = seedTranscript(STRANGER);
    for (const artifactId of [theirs.artifactId, 'art_unknown'])
      await assert.rejects(createShare(deps, request(artifactId)), {
        code: 'not_found',
        message: 'The artifact was not found.',
      });
    const video = seedTranscript(USER, '', { artifactType: 'media_export' });
    await assert.rejects(createShare(deps, request(video.artifactId)), {
      code: 'validation_error',
      message: 'artifact_id must name a transcript artifact; this one is a media_export.',
      details: { field: 'artifact_id' },
    });
  });

  it('refuses a version of another artifact and a transcript whose media was deleted, the version first', async () => {
    const { deps, fake, backends, seedTranscript } = sharesWorld();
    const t = seedTranscript();
    const other = seedTranscript();
    backends.mediaOwners.delete(t.mediaId);
    await assert.rejects(createShare(deps, request(t.artifactId, { targetVersionId: other.versionId })), {
      code: 'not_found',
      details: { field: 'target_version_id' },
    });
    await assert.rejects(createShare(deps, request(t.artifactId)), {
      code: 'not_found',
      message: "The artifact's media was deleted, so its transcript can no longer be shared.",
    });
    assert.equal(fake.rows.size, 0);
  });

  it('lets a backend that is down answer for itself', async () => {
    const { deps, failing, seedTranscript } = sharesWorld();
    failing.set('getMedia', new AppError('service_unavailable'));
    await assert.rejects(createShare(deps, request(seedTranscript().artifactId)), { code: 'service_unavailable' });
  });

  it(`is a conflict once the artifact has ${MAX_SHARES} live shares; a revoked one frees its place`, async () => {
    const { deps, clock, seedTranscript, seedShare } = sharesWorld();
    const t = seedTranscript();
    for (let i = 1; i < MAX_SHARES; i += 1) seedShare(USER, t);
    const last = await createShare(deps, request(t.artifactId));
    await assert.rejects(createShare(deps, request(t.artifactId)), {
      code: 'conflict',
      message: `This artifact already has ${MAX_SHARES} live shares, the most allowed (${MAX_SHARES}); revoke one before creating another.`,
      details: { max_shares_per_artifact: MAX_SHARES },
    });
    await deps.changes.revokeShare(USER, last.share.id, clock.now());
    await createShare(deps, request(t.artifactId));
  });
});

describe('createShare with an Idempotency-Key', () => {
  const keyed = (artifactId: string, overrides: Partial<CreateShareInput> = {}) =>
    request(artifactId, { idempotencyKey: 'share-1', ...overrides });

  it('creates one share; a replay names it, since its token is not kept', async () => {
    const { deps, fake, seedTranscript } = sharesWorld();
    const t = seedTranscript();
    const { share } = await createShare(deps, keyed(t.artifactId));
    await assert.rejects(createShare(deps, keyed(t.artifactId)), {
      code: 'idempotency_replay_secret_unavailable',
      details: { share_id: share.id },
    });
    assert.equal(fake.rows.size, 1);
  });

  it('is idempotency_conflict for another request with the key; another user has keys of their own', async () => {
    const { deps, fake, seedTranscript } = sharesWorld();
    const t = seedTranscript();
    await createShare(deps, keyed(t.artifactId));
    await assert.rejects(createShare(deps, keyed(t.artifactId, { title: 'Other' })), { code: 'idempotency_conflict' });
    await assert.rejects(createShare(deps, keyed(t.artifactId, { idempotencyKey: 'has space' })), {
      code: 'bad_request',
    });
    const theirs = seedTranscript(STRANGER);
    await createShare(deps, shareInput(STRANGER, theirs.artifactId, { idempotencyKey: 'share-1' }));
    assert.equal(fake.rows.size, 2);
  });

  it('creates a new share with a key older than 24 hours', async () => {
    const { deps, fake, clock, seedTranscript } = sharesWorld();
    const t = seedTranscript();
    await createShare(deps, keyed(t.artifactId));
    clock.advance(24 * HOUR_MS);
    const { share } = await createShare(deps, keyed(t.artifactId));
    assert.equal(fake.rows.size, 2);
    assert.equal(fake.keys.get(`${USER}/share-1`)?.shareId, share.id);
  });

  it('names the winner when a concurrent retry took the key first, even at the share limit', async () => {
    const { deps, fake, seedTranscript } = sharesWorld();
    const t = seedTranscript();
    let winner = '';
    // The retry reads no key, then the first request commits before the retry's own insert.
    const racing = {
      ...deps,
      maxSharesPerArtifact: 1,
      keys: {
        ...deps.keys,
        findShareKey: async (userId: string, key: string) => {
          if (winner === '') {
            winner = (await createShare(deps, keyed(t.artifactId))).share.id;
            return null;
          }
          return deps.keys.findShareKey(userId, key);
        },
      },
    };
    const refusal = (await createShare(racing, keyed(t.artifactId)).catch((err: unknown) => err)) as AppError;
    assert.deepEqual([refusal.code, refusal.details], ['idempotency_replay_secret_unavailable', { share_id: winner }]);
    assert.equal(fake.rows.size, 1);
  });
});
