// A share's life as its owner sees it, once for the file against the real fleet (accounts,
// artifacts, media) and database: who may call, creating (the token shown once, its hash kept),
// the live-share limit under concurrent creations, listing, changing, rotating, revoking and
// expiring. Each use case's refusals are its unit tests (src/usecases/*.test.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { CreateShareRequest, ListSharesRequest, RenderShareRequest, type Share, SharesServiceService } from '@tp/proto';
import { assertCallerChecks, assertOneCreatedOfRetries } from '@tp/testing';
import { assertNotShared, HOUR, MAX_SHARES, sharesKit, shownText, sharesForFile } from './kit.ts';
import {
  addVersion,
  errorOf,
  type Harness,
  newTranscript,
  newUser,
  shareRequest,
  transcriptSaying,
} from './support.ts';

const harness = sharesForFile();
const { owner, share, render, list, row } = sharesKit(harness);

describe('the shares service', () => {
  it('refuses calls without a valid token, from a service a method does not list, and for another user', async () => {
    const h = harness();
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

  it('is ready once its database and NATS answer', async () => {
    const h = harness();
    const ready = await fetch(`http://127.0.0.1:${h.service.opsPort}/readyz`);
    assert.equal(ready.status, 200, await ready.text());
    assert.equal((await fetch(`http://127.0.0.1:${h.service.opsPort}/healthz`)).status, 200);
  });
});

describe('creating shares', () => {
  it('creates a share that follows the artifact, with a token shown once and only its SHA-256 kept', async () => {
    const h = harness();
    const o = await owner();
    const { share: s, token } = await share(o.userId, o.artifactId);
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    assert.match(s.shareId, /^shr_[0-9a-z]{26}$/);
    assert.deepEqual(
      { ...s, shareId: undefined, createdAt: undefined, updatedAt: undefined },
      {
        shareId: undefined,
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
    assert.deepEqual(await h.shares.getShare({ userId: o.userId, shareId: s.shareId }), s);
    assert.equal((await row(s.shareId)).token_hash, createHash('sha256').update(token).digest('hex'));
    const { rows } = await h.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM shares WHERE position($1 in row_to_json(shares)::text) > 0`,
      [token],
    );
    assert.equal(rows[0]!.n, '0', 'no column holds the token');
  });

  it(`allows ${MAX_SHARES} live shares per artifact however many are created at once; a revoked one frees its place`, async () => {
    const h = harness();
    const o = await owner();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => h.shares.createShare(shareRequest(o.userId, o.artifactId))),
    );
    const made = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.share!] : []));
    assert.equal(made.length, MAX_SHARES);
    assert.equal((await errorOf(h.shares.createShare(shareRequest(o.userId, o.artifactId)))).code, 'conflict');
    await h.shares.revokeShare({ userId: o.userId, shareId: made[0]!.shareId });
    await share(o.userId, o.artifactId);
  });

  it('creates one share for concurrent retries with one Idempotency-Key; the others name it', async () => {
    const h = harness();
    const o = await owner();
    const retry = () => h.shares.createShare(shareRequest(o.userId, o.artifactId, { idempotencyKey: 'share-1' }));
    await assertOneCreatedOfRetries(6, retry, (made) => ({ share_id: made.share!.shareId }));
    const listed = await h.shares.listShares(
      ListSharesRequest.fromPartial({ userId: o.userId, targetId: o.artifactId }),
    );
    assert.equal(listed.shares.length, 1);
  });
});

describe('listing and reading shares', () => {
  it('lists the caller’s shares newest first, filtered by target and pinned version', async () => {
    const h = harness();
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
    const filters = { targetId: second.artifact.artifactId, targetVersionId: o.versionId };
    assert.deepEqual(ids(await list(o.userId, filters)), []);
  });

  it('answers not_found to another user, whatever the operation, and leaves the share alone', async () => {
    const h = harness();
    const o = await owner();
    const { share: s } = await share(o.userId, o.artifactId);
    const stranger = newUser();
    const update = {
      userId: stranger,
      shareId: s.shareId,
      title: 'mine now',
      expiresAt: undefined,
      clearExpiry: false,
    };
    for (const call of [
      () => h.shares.getShare({ userId: stranger, shareId: s.shareId }),
      () => h.shares.updateShare(update),
      () => h.shares.rotateShare({ userId: stranger, shareId: s.shareId }),
      () => h.shares.revokeShare({ userId: stranger, shareId: s.shareId }),
    ]) {
      const err = await errorOf(call());
      assert.deepEqual([err.code, err.message], ['not_found', 'The share was not found.']);
    }
    const untouched = await h.shares.getShare({ userId: o.userId, shareId: s.shareId });
    assert.deepEqual([untouched.status, untouched.title], ['active', 'Interview']);
  });
});

describe('changing a share', () => {
  it('changes the title, pins and unpins, sets and clears the expiry, as the link then shows', async () => {
    const h = harness();
    const o = await owner('Version one.');
    const v2 = await addVersion(h, o.userId, o.artifactId, transcriptSaying('Version two.', o.mediaId));
    const { share: s, token } = await share(o.userId, o.artifactId);
    const update = (changes: Partial<Parameters<Harness['shares']['updateShare']>[0]>) =>
      h.shares.updateShare({
        userId: o.userId,
        shareId: s.shareId,
        expiresAt: undefined,
        clearExpiry: false,
        ...changes,
      });
    assert.equal((await update({ title: '  Board meeting  ' })).title, 'Board meeting');
    assert.match((await render(token)).content, /<h1>Board meeting<\/h1>/);
    assert.equal((await update({ targetVersionId: o.versionId })).targetVersionId, o.versionId);
    assert.equal(shownText(await render(token)), 'Version one.');
    assert.equal((await update({ targetVersionId: '', title: '' })).targetVersionId, '');
    assert.equal(shownText(await render(token)), 'Version two.');
    assert.match((await render(token)).content, /<h1>Interview<\/h1>/, "an empty title is the artifact's");
    const other = await newTranscript(h, o.userId, o.mediaId);
    assert.equal((await errorOf(update({ targetVersionId: other.versionId }))).code, 'not_found');
    const expiresAt = new Date(Math.ceil((Date.now() + HOUR) / 1000) * 1000);
    assert.deepEqual((await update({ expiresAt, targetVersionId: v2 })).expiresAt, expiresAt);
    assert.equal((await update({ title: 'Kept' })).expiresAt?.getTime(), expiresAt.getTime(), 'absent fields stay');
    assert.equal((await update({ clearExpiry: true })).expiresAt, undefined);
    const final = await h.shares.getShare({ userId: o.userId, shareId: s.shareId });
    assert.deepEqual([final.title, final.targetVersionId, final.expiresAt], ['Kept', v2, undefined]);
  });

  it('rotation issues a new token; the old one fails at once', async () => {
    const h = harness();
    const o = await owner();
    const { share: s, token } = await share(o.userId, o.artifactId);
    const rotated = await h.shares.rotateShare({ userId: o.userId, shareId: s.shareId });
    assert.notEqual(rotated.token, token);
    assert.deepEqual([rotated.share!.shareId, rotated.share!.tokenHint], [s.shareId, rotated.token.slice(0, 4)]);
    assert.ok(rotated.share!.rotatedAt);
    await assertNotShared(render(token));
    assert.match((await render(rotated.token)).content, /<h1>Interview<\/h1>/);
    assert.equal((await row(s.shareId)).token_hash, createHash('sha256').update(rotated.token).digest('hex'));
  });
});

describe('revoking and expiring a share', () => {
  it('revocation takes the link down at once, for good, and lists the share as inactive', async () => {
    const h = harness();
    const o = await owner();
    const { share: s, token } = await share(o.userId, o.artifactId);
    const revoked = await h.shares.revokeShare({ userId: o.userId, shareId: s.shareId });
    assert.equal(revoked.status, 'revoked');
    await assertNotShared(render(token));
    assert.deepEqual(await h.shares.revokeShare({ userId: o.userId, shareId: s.shareId }), revoked);
    assert.equal((await errorOf(h.shares.rotateShare({ userId: o.userId, shareId: s.shareId }))).code, 'conflict');
    assert.deepEqual(await list(o.userId), []);
    const all = await list(o.userId, { includeInactive: true });
    assert.deepEqual(
      all.map((x) => [x.shareId, x.status]),
      [[s.shareId, 'revoked']],
    );
  });

  it('an expired share is not found and listed as inactive; a new expiry brings it back', async () => {
    const h = harness();
    const o = await owner();
    const { share: s, token } = await share(o.userId, o.artifactId, { expiresAt: new Date(Date.now() + HOUR) });
    h.clock.offsetMs = 2 * HOUR;
    try {
      await assertNotShared(render(token));
      assert.equal((await h.shares.getShare({ userId: o.userId, shareId: s.shareId })).status, 'expired');
      assert.deepEqual(await list(o.userId), []);
      assert.deepEqual(
        (await list(o.userId, { includeInactive: true })).map((x) => x.status),
        ['expired'],
      );
      const expiresAt = new Date(Date.now() + 3 * HOUR);
      const renewed = await h.shares.updateShare({
        userId: o.userId,
        shareId: s.shareId,
        expiresAt,
        clearExpiry: false,
      });
      assert.equal(renewed.status, 'active');
      await render(token);
    } finally {
      h.clock.offsetMs = 0;
    }
  });
});
