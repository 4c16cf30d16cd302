import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ACCOUNT_EVENTS } from '@tp/events';
import { assertNotShared, sharesKit, startSharesHarness } from './kit.ts';
import { errorOf, eventually, type Harness, newMedia, newTranscript, shareRequest } from './support.ts';

let h: Harness;

before(async () => {
  h = await startSharesHarness();
});

after(async () => {
  await h?.dispose();
});

const { owner, share, render, row } = sharesKit(() => h);

describe('taking shares down on events', () => {
  it('the media deletion event takes down every share of that media, and only those', async () => {
    const o = await owner();
    const second = await newTranscript(h, o.userId, o.mediaId);
    const a = await share(o.userId, o.artifactId);
    const b = await share(o.userId, second.artifact.artifactId, { targetVersionId: second.versionId });
    const otherMedia = await newMedia(h, o.userId, 'other.wav');
    const kept = await newTranscript(h, o.userId, otherMedia);
    const c = await share(o.userId, kept.artifact.artifactId);

    await h.media.deleteMedia({ userId: o.userId, mediaId: o.mediaId });
    // GetShare asks nobody: only the event can change the status.
    for (const s of [a, b])
      await eventually(
        'the share taken down by the event',
        async () => (await h.shares.getShare({ userId: o.userId, shareId: s.share.shareId })).status === 'taken_down',
        30_000,
      );
    assert.equal((await row(a.share.shareId)).takedown_reason, 'media_deleted');
    await assertNotShared(render(a.token));
    await assertNotShared(render(b.token, 'srt'));
    assert.equal((await h.shares.getShare({ userId: o.userId, shareId: c.share.shareId })).status, 'active');
    await render(c.token);

    const frozen = await errorOf(
      h.shares.updateShare({
        userId: o.userId,
        shareId: a.share.shareId,
        title: 'x',
        expiresAt: undefined,
        clearExpiry: false,
      }),
    );
    assert.equal(frozen.code, 'conflict');
    assert.match(frozen.message, /taken down/);
    assert.equal(
      (await errorOf(h.shares.rotateShare({ userId: o.userId, shareId: a.share.shareId }))).code,
      'conflict',
    );
    assert.equal(
      (await h.shares.revokeShare({ userId: o.userId, shareId: a.share.shareId })).status,
      'revoked',
      'revoking still works',
    );
    // A share cannot be made for the deleted media's transcript any more.
    const refused = await errorOf(h.shares.createShare(shareRequest(o.userId, o.artifactId)));
    assert.equal(refused.code, 'not_found');
    assert.match(refused.message, /media was deleted/);
  });

  it('the account deletion event takes down every share of the user', async () => {
    const o = await owner();
    const a = await share(o.userId, o.artifactId);
    const other = await owner();
    const kept = await share(other.userId, other.artifactId);
    await h.bus.publish(ACCOUNT_EVENTS.deleted, { user_id: o.userId, occurred_at: new Date().toISOString() });
    await eventually(
      'the share taken down',
      async () => (await h.shares.getShare({ userId: o.userId, shareId: a.share.shareId })).status === 'taken_down',
      30_000,
    );
    assert.equal((await row(a.share.shareId)).takedown_reason, 'account_deleted');
    await assertNotShared(render(a.token));
    assert.equal((await h.shares.getShare({ userId: other.userId, shareId: kept.share.shareId })).status, 'active');
  });
});

describe('taking shares down at the next opening', () => {
  it('deleting the media takes the link down at the next opening, before any event', async () => {
    // A second shares service that hears no event of the fleet (a NATS namespace of its own).
    const deaf = await h.startShares({ isolatedBus: true });
    const o = await owner();
    const { share: s, token } = await share(o.userId, o.artifactId, {}, deaf.client);
    await render(token, 'html', deaf.client);
    await h.media.deleteMedia({ userId: o.userId, mediaId: o.mediaId });
    await assertNotShared(render(token, 'html', deaf.client));
    const stored = await row(s.shareId, deaf.db);
    assert.equal(stored.takedown_reason, 'media_gone');
    assert.equal((await deaf.client.getShare({ userId: o.userId, shareId: s.shareId })).status, 'taken_down');
    await assertNotShared(render(token, 'json', deaf.client));
  });

  it('deleting the artifact takes the link down at the next opening', async () => {
    const o = await owner();
    const following = await share(o.userId, o.artifactId);
    const pinned = await share(o.userId, o.artifactId, { targetVersionId: o.versionId });
    await render(following.token);
    await h.artifacts.deleteArtifact({ userId: o.userId, artifactId: o.artifactId });
    await assertNotShared(render(following.token));
    await assertNotShared(render(pinned.token, 'vtt'));
    for (const s of [following, pinned]) {
      assert.equal((await h.shares.getShare({ userId: o.userId, shareId: s.share.shareId })).status, 'taken_down');
      assert.equal((await row(s.share.shareId)).takedown_reason, 'artifact_gone');
    }
  });
});
