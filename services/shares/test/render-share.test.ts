import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  exportFileName,
  exportTranscript,
  syntheticTranscript,
  validateTranscript,
  type Transcript,
} from '@tp/transcript';
import { PAGE_CSP } from '../src/domain/page.ts';
import { assertNotShared, JOB_ID, sharesKit, shownText, startSharesHarness } from './kit.ts';
import { addVersion, errorOf, type Harness, newMedia, newTranscript, newUser, transcriptSaying } from './support.ts';

let h: Harness;

before(async () => {
  h = await startSharesHarness();
});

after(async () => {
  await h?.dispose();
});

const { owner, share, render } = sharesKit(() => h);

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
    for (const format of ['text', 'srt', 'vtt', 'json'])
      assert.ok(page.content.includes(`href="/s/${token}/download/${format}"`));
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
});

describe('rendering a share safely', () => {
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
    assert.ok(
      first.content.includes(
        '<p class="text">&lt;script&gt;alert(1)&lt;/script&gt; said &quot;&gt;&lt;img src=x onerror=alert(2)&gt;</p>',
      ),
    );
    assert.ok(first.content.includes('<p class="text">It&#39;s &lt;i&gt;fine&lt;/i&gt; &amp; done</p>'));
    assert.ok(first.content.includes('<span class="speaker">&quot;&gt;&lt;img src=x onerror=alert(3)&gt;</span>'));
    assert.ok(first.content.includes('<span class="speaker">&#39; onmouseover=&#39;alert(4)</span>'));
    assert.ok(first.content.includes('<span class="label">(&lt;b&gt;Label&lt;/b&gt;)</span>'));
    const second = await render(byOwnTitle.token);
    assert.ok(second.content.includes('<h1>&quot;&gt;&lt;svg onload=alert(6)&gt;</h1>'));

    for (const page of [first, second]) {
      const tags = [...page.content.matchAll(/<([A-Za-z][A-Za-z0-9]*)/g)].map((m) => m[1]!.toLowerCase());
      for (const forbidden of ['script', 'img', 'svg', 'b', 'i', 'iframe'])
        assert.ok(!tags.includes(forbidden), forbidden);
      // Every tag left is one of ours: none carries an event handler (the payloads are text).
      for (const tag of page.content.matchAll(/<[^>]*>/g)) assert.doesNotMatch(tag[0], /\son[a-z]+=/i, tag[0]);
      const style = /<style>([\s\S]*?)<\/style>/.exec(page.content)![1]!;
      assert.equal(
        page.contentSecurityPolicy,
        `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      );
    }
  });
});

describe('rendering a share: refusals, openings and size', () => {
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
    assert.equal(
      (await errorOf(h.shares.renderShare({ token, format: 'html', basePath: '' }))).code,
      'validation_error',
    );
    assert.equal(
      (await errorOf(h.shares.renderShare({ token, format: 'html', basePath: '//evil.example' }))).code,
      'validation_error',
    );
    assert.equal(
      (await h.shares.renderShare({ token, format: 'srt', basePath: '' })).fileName,
      'Interview.srt',
      'downloads need no base path',
    );
    assert.match(
      (await h.shares.renderShare({ token, format: '', basePath: '/p' })).content,
      /^<!DOCTYPE html>/,
      'no format is the page',
    );
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
    await h.db.query(
      'CREATE TRIGGER refuse_opens BEFORE UPDATE ON shares FOR EACH ROW EXECUTE FUNCTION refuse_opens()',
    );
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
    assert.equal(
      (JSON.parse((await render(pinned.token, 'json')).content) as Transcript).segments[0]!.text,
      'First take.',
    );
    assert.match((await render(following.token, 'text')).content, /Second take\./);
  });
});
