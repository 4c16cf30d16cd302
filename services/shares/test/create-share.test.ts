import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { CreateShareRequest, ListSharesRequest, RenderShareRequest, type Share, SharesServiceService } from '@tp/proto';
import { assertCallerChecks } from '@tp/testing';
import { MAX_SHARES, sharesKit, startSharesHarness } from './kit.ts';
import { errorOf, type Harness, newTranscript, newUser, shareRequest, transcriptSaying } from './support.ts';

let h: Harness;

before(async () => {
  h = await startSharesHarness();
});

after(async () => {
  await h?.dispose();
});

const { owner, share, list, row } = sharesKit(() => h);

describe('service identity (ADR 0011)', () => {
  it('refuses calls without a valid token, from a service a method does not list, and for another user', async () => {
    await assertCallerChecks({
      definition: SharesServiceService,
      address: `127.0.0.1:${h.service.grpcPort}`,
      audience: 'shares',
      forUser: { method: 'listShares', request: (userId) => ListSharesRequest.fromPartial({ userId }) },
      notAllowed: [
        { method: 'createShare', request: CreateShareRequest.fromPartial({ userId: 'usr_checked' }), caller: 'worker' },
        { method: 'renderShare', request: RenderShareRequest.fromPartial({ token: 'x' }), caller: 'jobs' },
      ],
    });
  });
});

describe('creating shares', () => {
  it('is ready once its database and NATS answer', async () => {
    const ready = await fetch(`http://127.0.0.1:${h.service.opsPort}/readyz`);
    assert.equal(ready.status, 200, await ready.text());
    assert.equal((await fetch(`http://127.0.0.1:${h.service.opsPort}/healthz`)).status, 200);
  });

  it('creates a share that follows the artifact, with a 43-character token shown once', async () => {
    const o = await owner();
    const before = Date.now();
    const { share: s, token } = await share(o.userId, o.artifactId);
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    assert.match(s.shareId, /^shr_[0-9a-z]{26}$/);
    assert.deepEqual(
      { ...s, createdAt: undefined, updatedAt: undefined },
      {
        shareId: s.shareId,
        userId: o.userId,
        shareKind: 'transcript',
        accessScope: 'everyone',
        targetId: o.artifactId,
        targetVersionId: '',
        mediaId: o.mediaId,
        title: 'Interview',
        status: 'active',
        expiresAt: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        revokedAt: undefined,
        rotatedAt: undefined,
        tokenHint: token.slice(0, 4),
        openCount: 0,
        lastOpenedAt: undefined,
      },
    );
    assert.ok(s.createdAt!.getTime() >= before - 1000);
    assert.deepEqual(await h.shares.getShare({ userId: o.userId, shareId: s.shareId }), s);
  });

  it('stores only the SHA-256 of the token, never the token', async () => {
    const o = await owner();
    const { share: s, token } = await share(o.userId, o.artifactId);
    const stored = await row(s.shareId);
    assert.equal(stored.token_hash, createHash('sha256').update(token).digest('hex'));
    assert.equal(stored.token_hint, token.slice(0, 4));
    for (const [column, value] of Object.entries(stored))
      assert.ok(!String(value).includes(token), `column ${column} holds the token`);
    const { rows } = await h.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM shares WHERE position($1 in row_to_json(shares)::text) > 0`,
      [token],
    );
    assert.equal(rows[0]!.n, '0');
  });
});

describe('refusing shares', () => {
  it('refuses what cannot be shared, naming the field', async () => {
    const o = await owner();
    const cases: [Parameters<typeof shareRequest>[2], RegExp][] = [
      [{ shareKind: 'artifact' }, /^share_kind must be "transcript"\.$/],
      [{ shareKind: '' }, /^share_kind must be "transcript"\.$/],
      [{ accessScope: 'workspace' }, /^access_scope must be "everyone"\.$/],
      [{ artifactId: '' }, /^artifact_id is required\.$/],
      [{ expiresAt: new Date(Date.now() - 60_000) }, /^expires_at must be in the future\.$/],
      [{ title: 'x'.repeat(301) }, /title/],
      [{ title: 'two\nlines' }, /title/],
      [{ targetVersionId: 'ver bad' }, /target_version_id/],
    ];
    for (const [overrides, message] of cases) {
      const err = await errorOf(h.shares.createShare(shareRequest(o.userId, o.artifactId, overrides)));
      assert.equal(err.code, 'validation_error', JSON.stringify(overrides));
      assert.match(err.message, message);
    }
    const made = await list(o.userId, { includeInactive: true });
    assert.equal(made.length, 0, 'nothing was created');
  });

  it('answers not_found for another user’s or an unknown artifact, and for a version of another artifact', async () => {
    const o = await owner();
    const stranger = await owner();
    for (const artifactId of [stranger.artifactId, 'art_01jd0000000000000000000000']) {
      const err = await errorOf(h.shares.createShare(shareRequest(o.userId, artifactId)));
      assert.deepEqual([err.code, err.message], ['not_found', 'The artifact was not found.']);
    }
    const second = await newTranscript(h, o.userId, o.mediaId);
    for (const versionId of [second.versionId, stranger.versionId]) {
      const err = await errorOf(
        h.shares.createShare(shareRequest(o.userId, o.artifactId, { targetVersionId: versionId })),
      );
      assert.equal(err.code, 'not_found');
      assert.match(err.message, /target_version_id/);
    }
  });

  it(`allows at most ${MAX_SHARES} live shares per artifact; a revoked one frees its place`, async () => {
    const o = await owner();
    const made = [];
    for (let i = 0; i < MAX_SHARES; i++) made.push(await share(o.userId, o.artifactId));
    const err = await errorOf(h.shares.createShare(shareRequest(o.userId, o.artifactId)));
    assert.equal(err.code, 'conflict');
    assert.match(err.message, new RegExp(`already has ${MAX_SHARES} live shares.*revoke one`));
    await h.shares.revokeShare({ userId: o.userId, shareId: made[0]!.share.shareId });
    await share(o.userId, o.artifactId);
    // Concurrent creations cannot overshoot.
    const other = await owner();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => h.shares.createShare(shareRequest(other.userId, other.artifactId))),
    );
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, MAX_SHARES);
  });
});

describe('listing and reading shares', () => {
  it('lists the caller’s shares newest first, filtered by target and pinned version', async () => {
    const o = await owner();
    const second = await newTranscript(h, o.userId, o.mediaId, transcriptSaying('Second.', o.mediaId), 'Second');
    const a = await share(o.userId, o.artifactId);
    const b = await share(o.userId, second.artifact.artifactId);
    const c = await share(o.userId, o.artifactId, { targetVersionId: o.versionId, title: 'Pinned' });
    const other = await owner();
    await share(other.userId, other.artifactId);

    const ids = (shares: Share[]) => shares.map((s) => s.shareId);
    assert.deepEqual(ids(await list(o.userId)), [c.share.shareId, b.share.shareId, a.share.shareId]);
    assert.deepEqual(ids(await list(o.userId, { limit: 2 })), [c.share.shareId, b.share.shareId]);
    assert.deepEqual(ids(await list(o.userId, { targetId: o.artifactId })), [c.share.shareId, a.share.shareId]);
    assert.deepEqual(ids(await list(o.userId, { targetVersionId: o.versionId })), [c.share.shareId]);
    assert.deepEqual(
      ids(await list(o.userId, { targetId: second.artifact.artifactId, targetVersionId: o.versionId })),
      [],
    );
    const listed = (await list(o.userId, { targetVersionId: o.versionId }))[0]!;
    assert.equal(listed.targetVersionId, o.versionId);
    assert.equal(listed.title, 'Pinned');

    assert.equal((await errorOf(list(o.userId, { limit: 201 }))).code, 'bad_request');
    assert.equal((await errorOf(list(o.userId, { targetId: 'art x' }))).code, 'validation_error');
  });

  it('answers not_found for another user’s or an unknown share, whatever the operation', async () => {
    const o = await owner();
    const { share: s } = await share(o.userId, o.artifactId);
    const stranger = newUser();
    for (const shareId of [s.shareId, 'shr_01jd0000000000000000000000', 'not-a-share', '']) {
      for (const call of [
        () => h.shares.getShare({ userId: stranger, shareId }),
        () =>
          h.shares.updateShare({
            userId: stranger,
            shareId,
            title: 'mine now',
            expiresAt: undefined,
            clearExpiry: false,
          }),
        () => h.shares.rotateShare({ userId: stranger, shareId }),
        () => h.shares.revokeShare({ userId: stranger, shareId }),
      ]) {
        const err = await errorOf(call());
        assert.deepEqual([err.code, err.message], ['not_found', 'The share was not found.'], shareId);
      }
    }
    assert.equal((await h.shares.getShare({ userId: o.userId, shareId: s.shareId })).status, 'active', 'untouched');
  });
});
