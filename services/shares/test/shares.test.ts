import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { ACCOUNT_EVENTS } from '@tp/events';
import type { RenderShareResponse, Share } from '@tp/proto';
import { exportFileName, exportTranscript, syntheticTranscript, validateTranscript, type Transcript } from '@tp/transcript';
import { PAGE_CSP } from '../src/domain/page.ts';
import { NOT_SHARED_MESSAGE } from '../src/domain/share-rules.ts';
import {
  addVersion,
  errorOf,
  eventually,
  newMedia,
  newTranscript,
  newUser,
  shareRequest,
  startHarness,
  transcriptSaying,
  type Harness,
  type SharesClient,
} from './support.ts';

const MAX_SHARES = 3;
let h: Harness;

before(async () => {
  h = await startHarness({ MAX_SHARES_PER_ARTIFACT: String(MAX_SHARES) });
});

after(async () => {
  await h?.dispose();
});

const HOUR = 60 * 60 * 1000;
const JOB_ID = 'job_01jdsharetestjob0000000000';

/** A user with one verified media and one transcript artifact of it (saying `text`). */
async function owner(text = 'Hello there.', title = 'Interview') {
  const userId = newUser();
  const mediaId = await newMedia(h, userId);
  const { artifact, versionId } = await newTranscript(h, userId, mediaId, transcriptSaying(text, mediaId), title);
  return { userId, mediaId, artifactId: artifact.artifactId, versionId };
}

async function share(userId: string, artifactId: string, overrides: Parameters<typeof shareRequest>[2] = {}, client: SharesClient = h.shares) {
  const created = await client.createShare(shareRequest(userId, artifactId, overrides));
  return { share: created.share!, token: created.token };
}

const render = (token: string, format = 'html', client: SharesClient = h.shares): Promise<RenderShareResponse> => client.renderShare({ token, format, basePath: `/s/${token}` });

async function assertNotShared(promise: Promise<unknown>): Promise<void> {
  const err = await errorOf(promise);
  assert.equal(err.code, 'not_found');
  assert.equal(err.message, NOT_SHARED_MESSAGE);
}

/** The first segment's text as the page shows it. */
const shownText = (page: RenderShareResponse) => /<p class="text">([^<]*)<\/p>/.exec(page.content)?.[1];

async function row(shareId: string, db = h.db) {
  const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM shares WHERE id = $1', [shareId]);
  return rows[0]!;
}

describe('creating, listing and reading shares', () => {
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
    for (const [column, value] of Object.entries(stored)) assert.ok(!String(value).includes(token), `column ${column} holds the token`);
    const { rows } = await h.db.query<{ n: string }>(`SELECT count(*) AS n FROM shares WHERE position($1 in row_to_json(shares)::text) > 0`, [token]);
    assert.equal(rows[0]!.n, '0');
  });

  it('lists the caller’s shares newest first, filtered by target and pinned version', async () => {
    const o = await owner();
    const second = await newTranscript(h, o.userId, o.mediaId, transcriptSaying('Second.', o.mediaId), 'Second');
    const a = await share(o.userId, o.artifactId);
    const b = await share(o.userId, second.artifact.artifactId);
    const c = await share(o.userId, o.artifactId, { targetVersionId: o.versionId, title: 'Pinned' });
    const other = await owner();
    await share(other.userId, other.artifactId);

    const ids = (shares: Share[]) => shares.map((s) => s.shareId);
    assert.deepEqual(ids((await h.shares.listShares({ userId: o.userId, limit: 0, targetId: '', targetVersionId: '', includeInactive: false })).shares), [c.share.shareId, b.share.shareId, a.share.shareId]);
    assert.deepEqual(ids((await h.shares.listShares({ userId: o.userId, limit: 2, targetId: '', targetVersionId: '', includeInactive: false })).shares), [c.share.shareId, b.share.shareId]);
    assert.deepEqual(ids((await h.shares.listShares({ userId: o.userId, limit: 0, targetId: o.artifactId, targetVersionId: '', includeInactive: false })).shares), [c.share.shareId, a.share.shareId]);
    assert.deepEqual(ids((await h.shares.listShares({ userId: o.userId, limit: 0, targetId: '', targetVersionId: o.versionId, includeInactive: false })).shares), [c.share.shareId]);
    assert.deepEqual(ids((await h.shares.listShares({ userId: o.userId, limit: 0, targetId: second.artifact.artifactId, targetVersionId: o.versionId, includeInactive: false })).shares), []);
    const listed = (await h.shares.listShares({ userId: o.userId, limit: 0, targetId: '', targetVersionId: o.versionId, includeInactive: false })).shares[0]!;
    assert.equal(listed.targetVersionId, o.versionId);
    assert.equal(listed.title, 'Pinned');

    assert.equal((await errorOf(h.shares.listShares({ userId: o.userId, limit: 201, targetId: '', targetVersionId: '', includeInactive: false }))).code, 'bad_request');
    assert.equal((await errorOf(h.shares.listShares({ userId: o.userId, limit: 0, targetId: 'art x', targetVersionId: '', includeInactive: false }))).code, 'validation_error');
  });

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
    const list = await h.shares.listShares({ userId: o.userId, limit: 0, targetId: '', targetVersionId: '', includeInactive: true });
    assert.equal(list.shares.length, 0, 'nothing was created');
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
      const err = await errorOf(h.shares.createShare(shareRequest(o.userId, o.artifactId, { targetVersionId: versionId })));
      assert.equal(err.code, 'not_found');
      assert.match(err.message, /target_version_id/);
    }
  });

  it('answers not_found for another user’s or an unknown share, whatever the operation', async () => {
    const o = await owner();
    const { share: s } = await share(o.userId, o.artifactId);
    const stranger = newUser();
    for (const shareId of [s.shareId, 'shr_01jd0000000000000000000000', 'not-a-share', '']) {
      for (const call of [
        () => h.shares.getShare({ userId: stranger, shareId }),
        () => h.shares.updateShare({ userId: stranger, shareId, title: 'mine now', expiresAt: undefined, clearExpiry: false }),
        () => h.shares.rotateShare({ userId: stranger, shareId }),
        () => h.shares.revokeShare({ userId: stranger, shareId }),
      ]) {
        const err = await errorOf(call());
        assert.deepEqual([err.code, err.message], ['not_found', 'The share was not found.'], shareId);
      }
    }
    assert.equal((await h.shares.getShare({ userId: o.userId, shareId: s.shareId })).status, 'active', 'untouched');
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
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => h.shares.createShare(shareRequest(other.userId, other.artifactId))));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, MAX_SHARES);
  });
});

describe('rendering a share', () => {
  it('writes the page, with its CSP matching the one style element', async () => {
    const o = await owner('Welcome to the show.');
    const { token } = await share(o.userId, o.artifactId);
    const page = await render(token);
    assert.equal(page.contentType, 'text/html; charset=utf-8');
    assert.equal(page.fileName, '');
    assert.equal(page.contentSecurityPolicy, PAGE_CSP);
    assert.match(page.content, /^<!DOCTYPE html>/);
    assert.match(page.content, /<title>Interview<\/title>/);
    assert.match(page.content, /<h1>Interview<\/h1>/);
    assert.equal(shownText(page), 'Welcome to the show.');
    assert.match(page.content, /<span class="speaker">Ada<\/span>/);
    assert.match(page.content, /<time datetime="PT2.5S">00:00:02<\/time>/);
    for (const format of ['text', 'srt', 'vtt', 'json']) assert.ok(page.content.includes(`href="/s/${token}/download/${format}"`));
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.content)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    assert.ok(page.contentSecurityPolicy.includes(`style-src 'sha256-${hash}'`));
    assert.doesNotMatch(page.content, /<script/i);
  });

  it('writes the canonical JSON without the ids of the owner’s other objects, and the export formats', async () => {
    const o = await owner('Export me.');
    const { token } = await share(o.userId, o.artifactId, { title: 'Café: "talk"' });
    const json = await render(token, 'json');
    assert.equal(json.contentType, 'application/json; charset=utf-8');
    assert.equal(json.fileName, 'Cafe talk.json');
    const parsed = JSON.parse(json.content) as Transcript;
    assert.deepEqual(parsed.source, { engine: 'pocketsphinx', job_id: null, media_id: null, profile: 'oracle' });
    assert.equal(parsed.segments[0]!.text, 'Export me.');
    assert.ok(validateTranscript(parsed).ok);
    assert.ok(!json.content.includes(o.mediaId) && !json.content.includes(JOB_ID));

    const stored = validateTranscript(transcriptSaying('Export me.', o.mediaId));
    assert.ok(stored.ok);
    for (const [format, extension, contentType] of [
      ['text', 'txt', 'text/plain; charset=utf-8'],
      ['srt', 'srt', 'application/x-subrip; charset=utf-8'],
      ['vtt', 'vtt', 'text/vtt; charset=utf-8'],
    ] as const) {
      const file = await render(token, format);
      assert.equal(file.content, exportTranscript(stored.value, { format }).content, format);
      assert.equal(file.contentType, contentType);
      assert.equal(file.fileName, `Cafe talk.${extension}`);
      assert.equal(file.fileName, exportFileName('Café: "talk"', format));
      assert.equal(file.contentSecurityPolicy, '');
    }
  });

  it('shows nothing that names the owner or their other objects', async () => {
    const o = await owner();
    const v2 = await addVersion(h, o.userId, o.artifactId, transcriptSaying('Edited.', o.mediaId));
    const following = await share(o.userId, o.artifactId);
    const pinned = await share(o.userId, o.artifactId, { targetVersionId: o.versionId });
    for (const { share: s, token } of [following, pinned]) {
      for (const format of ['html', 'json', 'text', 'srt', 'vtt']) {
        const out = await render(token, format);
        for (const id of [o.userId, o.artifactId, o.mediaId, o.versionId, v2, JOB_ID, s.shareId]) {
          assert.ok(!out.content.includes(id), `${format} shows ${id}`);
          assert.ok(!out.fileName.includes(id));
        }
      }
    }
  });

  it('renders markup in the transcript, speaker names, labels and titles as text', async () => {
    const userId = newUser();
    const mediaId = await newMedia(h, userId);
    const t = transcriptSaying('<script>alert(1)</script> said "><img src=x onerror=alert(2)>', mediaId);
    t.speakers = [
      { id: 'S1', label: '<b>Label</b>', name: '"><img src=x onerror=alert(3)>' },
      { id: 'S2', label: "' onmouseover='alert(4)", name: null },
    ];
    t.segments[1]!.text = "It's <i>fine</i> & done";
    const { artifact } = await newTranscript(h, userId, mediaId, t, '</title><script>alert(5)</script>');
    const byArtifactTitle = await share(userId, artifact.artifactId);
    const byOwnTitle = await share(userId, artifact.artifactId, { title: `"><svg onload=alert(6)>` });

    const first = await render(byArtifactTitle.token);
    assert.ok(first.content.includes('<title>&lt;/title&gt;&lt;script&gt;alert(5)&lt;/script&gt;</title>'));
    assert.ok(first.content.includes('<h1>&lt;/title&gt;&lt;script&gt;alert(5)&lt;/script&gt;</h1>'));
    assert.ok(first.content.includes('<p class="text">&lt;script&gt;alert(1)&lt;/script&gt; said &quot;&gt;&lt;img src=x onerror=alert(2)&gt;</p>'));
    assert.ok(first.content.includes('<p class="text">It&#39;s &lt;i&gt;fine&lt;/i&gt; &amp; done</p>'));
    assert.ok(first.content.includes('<span class="speaker">&quot;&gt;&lt;img src=x onerror=alert(3)&gt;</span>'));
    assert.ok(first.content.includes('<span class="speaker">&#39; onmouseover=&#39;alert(4)</span>'));
    assert.ok(first.content.includes('<span class="label">(&lt;b&gt;Label&lt;/b&gt;)</span>'));
    const second = await render(byOwnTitle.token);
    assert.ok(second.content.includes('<h1>&quot;&gt;&lt;svg onload=alert(6)&gt;</h1>'));

    for (const page of [first, second]) {
      const tags = [...page.content.matchAll(/<([A-Za-z][A-Za-z0-9]*)/g)].map((m) => m[1]!.toLowerCase());
      for (const forbidden of ['script', 'img', 'svg', 'b', 'i', 'iframe']) assert.ok(!tags.includes(forbidden), forbidden);
      // Every tag left is one of ours: none carries an event handler (the payloads are text).
      for (const tag of page.content.matchAll(/<[^>]*>/g)) assert.doesNotMatch(tag[0], /\son[a-z]+=/i, tag[0]);
      const style = /<style>([\s\S]*?)<\/style>/.exec(page.content)![1]!;
      assert.equal(page.contentSecurityPolicy, `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
    }
  });

  it('answers the same not_found for an unknown or malformed token', async () => {
    await assertNotShared(render('A'.repeat(43)));
    await assertNotShared(render('short'));
    await assertNotShared(render(''));
    await assertNotShared(h.shares.renderShare({ token: '../../etc/passwd', format: 'html', basePath: '' }));
  });

  it('refuses an unknown format or a missing or unsafe base path for the page', async () => {
    const o = await owner();
    const { token } = await share(o.userId, o.artifactId);
    assert.equal((await errorOf(render(token, 'pdf'))).code, 'validation_error');
    assert.equal((await errorOf(h.shares.renderShare({ token, format: 'html', basePath: '' }))).code, 'validation_error');
    assert.equal((await errorOf(h.shares.renderShare({ token, format: 'html', basePath: '//evil.example' }))).code, 'validation_error');
    assert.equal((await h.shares.renderShare({ token, format: 'srt', basePath: '' })).fileName, 'Interview.srt', 'downloads need no base path');
    assert.match((await h.shares.renderShare({ token, format: '', basePath: '/p' })).content, /^<!DOCTYPE html>/, 'no format is the page');
  });

  it('counts openings, and still answers when counting fails', async () => {
    const o = await owner();
    const { share: s, token } = await share(o.userId, o.artifactId);
    await render(token);
    await render(token, 'json');
    await render(token, 'srt');
    const counted = await h.shares.getShare({ userId: o.userId, shareId: s.shareId });
    assert.equal(counted.openCount, 3);
    assert.ok(counted.lastOpenedAt);
    assert.deepEqual(counted.updatedAt, s.updatedAt, 'opening is not an edit');

    await h.db.query(`CREATE FUNCTION refuse_opens() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.open_count <> OLD.open_count THEN RAISE EXCEPTION 'counting is down'; END IF; RETURN NEW; END; $$`);
    await h.db.query('CREATE TRIGGER refuse_opens BEFORE UPDATE ON shares FOR EACH ROW EXECUTE FUNCTION refuse_opens()');
    try {
      const page = await render(token);
      assert.match(page.content, /<h1>Interview<\/h1>/);
    } finally {
      await h.db.query('DROP TRIGGER refuse_opens ON shares');
      await h.db.query('DROP FUNCTION refuse_opens()');
    }
    assert.equal((await h.shares.getShare({ userId: o.userId, shareId: s.shareId })).openCount, 3);
  });

  // How fast: tools/bench/src/share-page.ts.
  it('renders a three-hour transcript (3,000 segments, ~30,000 words) in full', async () => {
    const userId = newUser();
    const mediaId = await newMedia(h, userId);
    const long = syntheticTranscript();
    const { artifact } = await newTranscript(h, userId, mediaId, long, 'Three hours');
    const { token } = await share(userId, artifact.artifactId);
    const page = await render(token);
    assert.equal(page.content.match(/class="segment"/g)?.length, 3000);
    assert.ok(page.content.length > 500_000);
    const srt = await render(token, 'srt');
    assert.ok(srt.content.length > 100_000);
  });
});

describe('following and pinned shares', () => {
  it('a following share shows the new version, a pinned one the old', async () => {
    const o = await owner('First take.');
    const following = await share(o.userId, o.artifactId);
    const pinned = await share(o.userId, o.artifactId, { targetVersionId: o.versionId });
    assert.equal(pinned.share.targetVersionId, o.versionId);
    assert.equal(shownText(await render(following.token)), 'First take.');

    await addVersion(h, o.userId, o.artifactId, transcriptSaying('Second take.', o.mediaId));
    assert.equal(shownText(await render(following.token)), 'Second take.');
    assert.equal(shownText(await render(pinned.token)), 'First take.');
    assert.equal((JSON.parse((await render(pinned.token, 'json')).content) as Transcript).segments[0]!.text, 'First take.');
    assert.match((await render(following.token, 'text')).content, /Second take\./);
  });
});

describe('changing a share', () => {
  it('changes the title, pins and unpins, sets and clears the expiry', async () => {
    const o = await owner('Version one.');
    const v2 = await addVersion(h, o.userId, o.artifactId, transcriptSaying('Version two.', o.mediaId));
    const { share: s, token } = await share(o.userId, o.artifactId);
    const update = (changes: Partial<Parameters<SharesClient['updateShare']>[0]>) =>
      h.shares.updateShare({ userId: o.userId, shareId: s.shareId, expiresAt: undefined, clearExpiry: false, ...changes });

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
    assert.equal((await update({ title: 'Kept expiry' })).expiresAt?.getTime(), expiresAt.getTime(), 'absent fields are left alone');
    assert.equal((await update({ clearExpiry: true })).expiresAt, undefined);
    assert.equal((await errorOf(update({ clearExpiry: true, expiresAt }))).code, 'validation_error');
    assert.equal((await errorOf(update({ expiresAt: new Date(Date.now() - 1000) }))).code, 'validation_error');
    assert.equal((await errorOf(update({ title: 'x'.repeat(400) }))).code, 'validation_error');

    const final = await h.shares.getShare({ userId: o.userId, shareId: s.shareId });
    assert.deepEqual([final.title, final.targetVersionId, final.expiresAt, final.status], ['Kept expiry', v2, undefined, 'active']);
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
    const update = await errorOf(h.shares.updateShare({ userId: o.userId, shareId: s.shareId, title: 'back?', expiresAt: undefined, clearExpiry: false }));
    assert.equal(update.code, 'conflict');

    const active = await h.shares.listShares({ userId: o.userId, limit: 0, targetId: '', targetVersionId: '', includeInactive: false });
    assert.deepEqual(active.shares, []);
    const all = await h.shares.listShares({ userId: o.userId, limit: 0, targetId: '', targetVersionId: '', includeInactive: true });
    assert.deepEqual(all.shares.map((x) => [x.shareId, x.status]), [[s.shareId, 'revoked']]);
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
      assert.deepEqual((await h.shares.listShares({ userId: o.userId, limit: 0, targetId: '', targetVersionId: '', includeInactive: false })).shares, []);
      const all = await h.shares.listShares({ userId: o.userId, limit: 0, targetId: '', targetVersionId: '', includeInactive: true });
      assert.deepEqual(all.shares.map((x) => x.status), ['expired']);
      const renewed = await h.shares.updateShare({ userId: o.userId, shareId: s.shareId, expiresAt: new Date(Date.now() + 3 * HOUR), clearExpiry: false });
      assert.equal(renewed.status, 'active');
      await render(token);
    } finally {
      h.clock.offsetMs = 0;
    }
  });
});

describe('taking shares down', () => {
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
    for (const s of [a, b]) await eventually('the share taken down by the event', async () => (await h.shares.getShare({ userId: o.userId, shareId: s.share.shareId })).status === 'taken_down');
    assert.equal((await row(a.share.shareId)).takedown_reason, 'media_deleted');
    await assertNotShared(render(a.token));
    await assertNotShared(render(b.token, 'srt'));
    assert.equal((await h.shares.getShare({ userId: o.userId, shareId: c.share.shareId })).status, 'active');
    await render(c.token);

    const frozen = await errorOf(h.shares.updateShare({ userId: o.userId, shareId: a.share.shareId, title: 'x', expiresAt: undefined, clearExpiry: false }));
    assert.equal(frozen.code, 'conflict');
    assert.match(frozen.message, /taken down/);
    assert.equal((await errorOf(h.shares.rotateShare({ userId: o.userId, shareId: a.share.shareId }))).code, 'conflict');
    assert.equal((await h.shares.revokeShare({ userId: o.userId, shareId: a.share.shareId })).status, 'revoked', 'revoking still works');
    // A share cannot be made for the deleted media's transcript any more.
    const refused = await errorOf(h.shares.createShare(shareRequest(o.userId, o.artifactId)));
    assert.equal(refused.code, 'not_found');
    assert.match(refused.message, /media was deleted/);
  });

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

  it('the account deletion event takes down every share of the user', async () => {
    const o = await owner();
    const a = await share(o.userId, o.artifactId);
    const other = await owner();
    const kept = await share(other.userId, other.artifactId);
    await h.bus.publish(ACCOUNT_EVENTS.deleted, { user_id: o.userId, occurred_at: new Date().toISOString() });
    await eventually('the share taken down', async () => (await h.shares.getShare({ userId: o.userId, shareId: a.share.shareId })).status === 'taken_down');
    assert.equal((await row(a.share.shareId)).takedown_reason, 'account_deleted');
    await assertNotShared(render(a.token));
    assert.equal((await h.shares.getShare({ userId: other.userId, shareId: kept.share.shareId })).status, 'active');
  });
});
