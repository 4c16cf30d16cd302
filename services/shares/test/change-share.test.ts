import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { assertNotShared, HOUR, sharesKit, shownText, startSharesHarness } from './kit.ts';
import { addVersion, errorOf, type Harness, newTranscript, type SharesClient, transcriptSaying } from './support.ts';

let h: Harness;

before(async () => {
  h = await startSharesHarness();
});

after(async () => {
  await h?.dispose();
});

const { owner, share, render, list, row } = sharesKit(() => h);

describe('changing a share', () => {
  it('changes the title, pins and unpins, sets and clears the expiry', async () => {
    const o = await owner('Version one.');
    const v2 = await addVersion(h, o.userId, o.artifactId, transcriptSaying('Version two.', o.mediaId));
    const { share: s, token } = await share(o.userId, o.artifactId);
    const update = (changes: Partial<Parameters<SharesClient['updateShare']>[0]>) =>
      h.shares.updateShare({
        userId: o.userId,
        shareId: s.shareId,
        expiresAt: undefined,
        clearExpiry: false,
        ...changes,
      });

    const titled = await update({ title: '  Board meeting  ' });
    assert.equal(titled.title, 'Board meeting');
    assert.ok(titled.updatedAt!.getTime() >= s.updatedAt!.getTime());
    assert.match((await render(token)).content, /<h1>Board meeting<\/h1>/);
    assert.equal((await update({ title: '' })).title, '');
    assert.match((await render(token)).content, /<h1>Interview<\/h1>/, "an empty title is the artifact's");

    const pinned = await update({ targetVersionId: o.versionId });
    assert.equal(pinned.targetVersionId, o.versionId);
    assert.equal(shownText(await render(token)), 'Version one.');
    const unpinned = await update({ targetVersionId: '' });
    assert.equal(unpinned.targetVersionId, '');
    assert.equal(shownText(await render(token)), 'Version two.');
    assert.equal((await update({ targetVersionId: v2 })).targetVersionId, v2);

    const other = await newTranscript(h, o.userId, o.mediaId);
    const err = await errorOf(update({ targetVersionId: other.versionId }));
    assert.equal(err.code, 'not_found');
    assert.match(err.message, /target_version_id/);

    const expiresAt = new Date(Math.ceil((Date.now() + HOUR) / 1000) * 1000);
    assert.deepEqual((await update({ expiresAt })).expiresAt, expiresAt);
    assert.equal(
      (await update({ title: 'Kept expiry' })).expiresAt?.getTime(),
      expiresAt.getTime(),
      'absent fields are left alone',
    );
    assert.equal((await update({ clearExpiry: true })).expiresAt, undefined);
    assert.equal((await errorOf(update({ clearExpiry: true, expiresAt }))).code, 'validation_error');
    assert.equal((await errorOf(update({ expiresAt: new Date(Date.now() - 1000) }))).code, 'validation_error');
    assert.equal((await errorOf(update({ title: 'x'.repeat(400) }))).code, 'validation_error');

    const final = await h.shares.getShare({ userId: o.userId, shareId: s.shareId });
    assert.deepEqual(
      [final.title, final.targetVersionId, final.expiresAt, final.status],
      ['Kept expiry', v2, undefined, 'active'],
    );
  });

  it('rotation issues a new token; the old one fails at once', async () => {
    const o = await owner();
    const { share: s, token } = await share(o.userId, o.artifactId);
    await render(token);
    const rotated = await h.shares.rotateShare({ userId: o.userId, shareId: s.shareId });
    assert.notEqual(rotated.token, token);
    assert.match(rotated.token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(rotated.share!.tokenHint, rotated.token.slice(0, 4));
    assert.ok(rotated.share!.rotatedAt);
    assert.equal(rotated.share!.shareId, s.shareId);
    await assertNotShared(render(token));
    assert.match((await render(rotated.token)).content, /<h1>Interview<\/h1>/);
    assert.equal((await row(s.shareId)).token_hash, createHash('sha256').update(rotated.token).digest('hex'));
  });
});

describe('revoking and expiring a share', () => {
  it('revocation takes the link down at once, is idempotent, and freezes the share', async () => {
    const o = await owner();
    const { share: s, token } = await share(o.userId, o.artifactId);
    await render(token);
    const revoked = await h.shares.revokeShare({ userId: o.userId, shareId: s.shareId });
    assert.equal(revoked.status, 'revoked');
    assert.ok(revoked.revokedAt);
    await assertNotShared(render(token));
    await assertNotShared(render(token, 'json'));
    const again = await h.shares.revokeShare({ userId: o.userId, shareId: s.shareId });
    assert.deepEqual(again, revoked);

    const rotate = await errorOf(h.shares.rotateShare({ userId: o.userId, shareId: s.shareId }));
    assert.equal(rotate.code, 'conflict');
    assert.match(rotate.message, /revoked/);
    const update = await errorOf(
      h.shares.updateShare({
        userId: o.userId,
        shareId: s.shareId,
        title: 'back?',
        expiresAt: undefined,
        clearExpiry: false,
      }),
    );
    assert.equal(update.code, 'conflict');

    const active = await list(o.userId);
    assert.deepEqual(active, []);
    const all = await list(o.userId, { includeInactive: true });
    assert.deepEqual(
      all.map((x) => [x.shareId, x.status]),
      [[s.shareId, 'revoked']],
    );
  });

  it('an expired share is not found; a new expiry brings it back', async () => {
    const o = await owner();
    const expiresAt = new Date(Date.now() + HOUR);
    const { share: s, token } = await share(o.userId, o.artifactId, { expiresAt });
    assert.equal(s.status, 'active');
    await render(token);
    h.clock.offsetMs = 2 * HOUR;
    try {
      await assertNotShared(render(token));
      assert.equal((await h.shares.getShare({ userId: o.userId, shareId: s.shareId })).status, 'expired');
      assert.deepEqual(await list(o.userId), []);
      const all = await list(o.userId, { includeInactive: true });
      assert.deepEqual(
        all.map((x) => x.status),
        ['expired'],
      );
      const renewed = await h.shares.updateShare({
        userId: o.userId,
        shareId: s.shareId,
        expiresAt: new Date(Date.now() + 3 * HOUR),
        clearExpiry: false,
      });
      assert.equal(renewed.status, 'active');
      await render(token);
    } finally {
      h.clock.offsetMs = 0;
    }
  });
});
