// A share's link as its readers see it, once for the file against the real fleet (accounts,
// artifacts, media), database and NATS: the page and the downloads of the transcript artifacts
// stores (following or pinned, three hours long), the openings counted, and the link taken down
// when its media, artifact or account goes, by event or at the next opening. How each format is
// written is the domain's unit tests; each refusal is the use case's (src/usecases/*.test.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ACCOUNT_EVENTS } from '@tp/events';
import { eventually } from '@tp/testing';
import { syntheticTranscript, type Transcript } from '@tp/transcript';
import { PAGE_CSP } from '../src/domain/page.ts';
import { assertNotShared, JOB_ID, sharesKit, shownText, sharesForFile } from './kit.ts';
import { addVersion, errorOf, newMedia, newTranscript, newUser, shareRequest, transcriptSaying } from './support.ts';

const harness = sharesForFile();
const { owner, share, render, row } = sharesKit(harness);

describe('reading a shared transcript', () => {
  it('writes the page and the downloads, naming nothing of the owner’s, and counts each opening', async () => {
    const h = harness();
    const o = await owner('Welcome to the show.');
    const { share: s, token } = await share(o.userId, o.artifactId, { title: 'Café: "talk"' });
    const page = await render(token);
    assert.deepEqual(
      [page.contentType, page.fileName, page.contentSecurityPolicy],
      ['text/html; charset=utf-8', '', PAGE_CSP],
    );
    assert.equal(shownText(page), 'Welcome to the show.');
    assert.ok(page.content.includes(`href="/s/${token}/download/srt"`));
    const json = await render(token, 'json');
    assert.equal(json.fileName, 'Cafe talk.json');
    assert.equal((JSON.parse(json.content) as Transcript).segments[0]!.text, 'Welcome to the show.');
    assert.equal((await render(token, 'vtt')).contentType, 'text/vtt; charset=utf-8');
    for (const out of [page, json])
      for (const id of [o.userId, o.artifactId, o.mediaId, o.versionId, JOB_ID, s.shareId])
        assert.ok(!out.content.includes(id), `${out.contentType} shows ${id}`);
    const counted = await h.shares.getShare({ userId: o.userId, shareId: s.shareId });
    assert.equal(counted.openCount, 3);
    assert.ok(counted.lastOpenedAt);
    assert.deepEqual(counted.updatedAt, s.updatedAt, 'opening is not an edit');
  });

  it('a following share shows the new version, a pinned one the old', async () => {
    const h = harness();
    const o = await owner('First take.');
    const following = await share(o.userId, o.artifactId);
    const pinned = await share(o.userId, o.artifactId, { targetVersionId: o.versionId });
    assert.equal(shownText(await render(following.token)), 'First take.');
    await addVersion(h, o.userId, o.artifactId, transcriptSaying('Second take.', o.mediaId));
    assert.equal(shownText(await render(following.token)), 'Second take.');
    assert.equal(shownText(await render(pinned.token)), 'First take.');
    assert.match((await render(pinned.token, 'text')).content, /First take\./);
  });

  // How fast: tools/bench/src/share-page.ts.
  it('renders a three-hour transcript (3,000 segments, ~30,000 words) in full, across every hop', async () => {
    const h = harness();
    const userId = newUser();
    const mediaId = await newMedia(h, userId);
    const { artifact } = await newTranscript(h, userId, mediaId, syntheticTranscript(), 'Three hours');
    const { token } = await share(userId, artifact.artifactId);
    const page = await render(token);
    assert.equal(page.content.match(/class="segment"/g)?.length, 3000);
    assert.ok((await render(token, 'srt')).content.length > 100_000);
  });
});

describe('taking shares down on events', () => {
  it('the media deletion event takes down every share of that media, and only those', async () => {
    const h = harness();
    const o = await owner();
    const second = await newTranscript(h, o.userId, o.mediaId);
    const a = await share(o.userId, o.artifactId);
    const b = await share(o.userId, second.artifact.artifactId, { targetVersionId: second.versionId });
    const kept = await newTranscript(h, o.userId, await newMedia(h, o.userId, 'other.wav'));
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
    await assertNotShared(render(b.token, 'srt'));
    assert.equal((await h.shares.getShare({ userId: o.userId, shareId: c.share.shareId })).status, 'active');
    await render(c.token);
    const frozen = await errorOf(
      h.shares.updateShare({
        userId: o.userId,
        shareId: a.share.shareId,
        title: 'x',
        clearExpiry: false,
        expiresAt: undefined,
      }),
    );
    assert.deepEqual(
      [frozen.code, frozen.message],
      ['conflict', 'The share was taken down because its transcript or media was deleted.'],
    );
    assert.equal((await h.shares.revokeShare({ userId: o.userId, shareId: a.share.shareId })).status, 'revoked');
    const refused = await errorOf(h.shares.createShare(shareRequest(o.userId, o.artifactId)));
    assert.deepEqual(
      [refused.code, refused.message],
      ['not_found', "The artifact's media was deleted, so its transcript can no longer be shared."],
    );
  });

  it('the account deletion event takes down every share of the user', async () => {
    const h = harness();
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
    const h = harness();
    // A second shares service that hears no event of the fleet (a NATS namespace of its own).
    const deaf = await h.startShares({ isolatedBus: true });
    const o = await owner();
    const { share: s, token } = await share(o.userId, o.artifactId, {}, deaf.client);
    await render(token, 'html', deaf.client);
    await h.media.deleteMedia({ userId: o.userId, mediaId: o.mediaId });
    await assertNotShared(render(token, 'html', deaf.client));
    assert.equal((await row(s.shareId, deaf.db)).takedown_reason, 'media_gone');
    assert.equal((await deaf.client.getShare({ userId: o.userId, shareId: s.shareId })).status, 'taken_down');
  });

  it('deleting the artifact takes its following and pinned links down at the next opening', async () => {
    const h = harness();
    const o = await owner();
    const following = await share(o.userId, o.artifactId);
    const pinned = await share(o.userId, o.artifactId, { targetVersionId: o.versionId });
    await h.artifacts.deleteArtifact({ userId: o.userId, artifactId: o.artifactId });
    await assertNotShared(render(following.token));
    await assertNotShared(render(pinned.token, 'vtt'));
    for (const s of [following, pinned]) assert.equal((await row(s.share.shareId)).takedown_reason, 'artifact_gone');
  });
});
