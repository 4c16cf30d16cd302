// Public transcript links: the owner's API, the page a link opens in a real browser, and the ways
// a link stops working (rotate, revoke, expiry, the artifact or its media deleted).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser } from 'playwright-core';
import { createClient } from '@tp/grpc';
import { ArtifactsServiceService } from '@tp/proto';
import { startFleet, synthesizeSpeech, type Fleet } from '@tp/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call } from './support/http.ts';
import { createUser, uploadMedia, type TestUser } from './support/jobs.ts';

let fleet: Fleet;
let browser: Browser;
let artifacts: ReturnType<typeof createClient<typeof ArtifactsServiceService>>;
let dir: string;
let speech: string;
let ada: TestUser & { reader: string };
let bob: TestUser;

const HOSTILE = '<script>window.__owned = 1</script><img src=x onerror="window.__owned = 2">';

function transcript(text: string, speakerName: string | null = null) {
  const words = text.split(' ');
  return {
    version: 1,
    language: 'en',
    duration: 10,
    speakers: [{ id: 'S1', label: 'Speaker 1', name: speakerName }],
    segments: [
      {
        id: 's1',
        start: 1,
        end: 1 + words.length * 0.5,
        text,
        speaker: 'S1',
        words: words.map((w, i) => ({ text: w, start: 1 + i * 0.5, end: 1.4 + i * 0.5, confidence: 0.9, speaker: 'S1' })),
      },
    ],
    translation: null,
    source: { media_id: 'med_x', job_id: 'job_x', profile: 'oracle', engine: 'pocketsphinx' },
  };
}

/** A transcript artifact of ada's, made the way the worker makes one, on real media. */
async function artifactOf(user: TestUser, text: string, title = 'Board meeting') {
  const mediaId = await uploadMedia(fleet, user.token, speech, 'audio/wav', `${title}.wav`);
  const created = await artifacts.createArtifact({
    userId: user.id,
    artifactType: 'transcript',
    mediaId,
    workspaceId: '',
    jobId: '',
    title,
    payloadJson: JSON.stringify(transcript(text)),
    authorType: 'service',
    authorId: 'worker',
    outputKey: '',
    outputFormat: '',
    idempotencyKey: '',
  });
  return { artifactId: created.artifact!.artifactId, versionId: created.version!.versionId, mediaId };
}

const share = (user: TestUser, body: object) => call(fleet.gatewayUrl, 'POST', '/api/v1/shares', { token: user.token, body: { share_kind: 'transcript', access_scope: 'everyone', ...body } });
const open = (url: string, accept = 'application/json') => fetch(url, { headers: { accept } });
/** The transcript a link answers as JSON (checked field by field). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const transcriptAt = async (url: string): Promise<any> => (await open(url)).json();

before(async () => {
  fleet = await startFleet({ without: ['jobs', 'worker'], gatewayEnv: { LOG_LEVEL: 'info' } });
  artifacts = createClient(ArtifactsServiceService, fleet.artifactsGrpcAddr);
  dir = await mkdtemp(join(tmpdir(), 'tp-e2e-shares-'));
  speech = await synthesizeSpeech('A short recording to share.', { dir });
  const created = await createUser(fleet, 'ada', null);
  ada = { ...created, reader: (await fleet.tsctl('tokens', 'create', '--email', created.email, '--preset', 'read-only')).stdout.trim() };
  bob = await createUser(fleet, 'bob', null);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
});

after(async () => {
  await browser?.close();
  artifacts?.close();
  await fleet?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('creating and listing links', () => {
  it('creates a link shown once, lists and filters the caller’s links newest first', async () => {
    const a = await artifactOf(ada, 'first words');
    const b = await artifactOf(ada, 'second words', 'Standup');
    const first = await share(ada, { artifact_id: a.artifactId });
    assert.equal(first.status, 201, first.text);
    const s = first.body.data;
    assert.match(s.share_id, /^shr_/);
    assert.match(s.share_url, new RegExp(`^${fleet.gatewayUrl}/s/[A-Za-z0-9_-]{43}$`));
    assert.equal(s.target_id, a.artifactId);
    assert.equal(s.target_version_id, null, 'follows the current version');
    assert.equal(s.status, 'active');
    assert.equal(s.title, 'Board meeting');
    assert.equal(s.share_url.split('/s/')[1].slice(0, s.token_hint.length), s.token_hint);
    const pinned = await share(ada, { artifact_id: b.artifactId, target_version_id: b.versionId, title: 'Standup notes' });
    assert.equal(pinned.status, 201, pinned.text);
    assert.equal(pinned.body.data.target_version_id, b.versionId);

    const listed = await call(fleet.gatewayUrl, 'GET', '/api/v1/shares', { token: ada.reader });
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.data.map((x: { share_id: string }) => x.share_id), [pinned.body.data.share_id, s.share_id]);
    assert.ok(listed.body.data.every((x: { share_url: string | null }) => x.share_url === null), 'the URL is not kept');
    const byTarget = await call(fleet.gatewayUrl, 'GET', `/api/v1/shares?target_id=${a.artifactId}`, { token: ada.reader });
    assert.deepEqual(byTarget.body.data.map((x: { share_id: string }) => x.share_id), [s.share_id]);
    const byVersion = await call(fleet.gatewayUrl, 'GET', `/api/v1/shares?target_version_id=${b.versionId}`, { token: ada.reader });
    assert.deepEqual(byVersion.body.data.map((x: { share_id: string }) => x.share_id), [pinned.body.data.share_id]);
    assert.equal((await call(fleet.gatewayUrl, 'GET', `/api/v1/shares/${s.share_id}`, { token: ada.reader })).body.data.share_id, s.share_id);
    assert.deepEqual((await call(fleet.gatewayUrl, 'GET', '/api/v1/shares', { token: bob.token })).body.data, []);
  });

  it('refuses bad requests, foreign artifacts and missing scopes', async () => {
    const a = await artifactOf(ada, 'private words');
    const bad = await share(ada, { artifact_id: a.artifactId, share_kind: 'media', access_scope: 'team', expires_at: '2001-01-01T00:00:00Z' });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body.detail.map((d: { loc: string[] }) => d.loc.join('.')).sort(), ['body.access_scope', 'body.expires_at', 'body.share_kind']);
    assert.equal((await share(bob, { artifact_id: a.artifactId })).status, 404, 'another user’s artifact');
    const readOnly = await call(fleet.gatewayUrl, 'POST', '/api/v1/shares', { token: ada.reader, body: { share_kind: 'transcript', access_scope: 'everyone', artifact_id: a.artifactId } });
    assert.equal(readOnly.status, 403);
    assert.equal(readOnly.body.detail.required_scope, 'shares:write');
    const own = (await share(ada, { artifact_id: a.artifactId })).body.data;
    for (const [method, path] of [
      ['GET', `/api/v1/shares/${own.share_id}`],
      ['PATCH', `/api/v1/shares/${own.share_id}`],
      ['POST', `/api/v1/shares/${own.share_id}/rotate`],
      ['DELETE', `/api/v1/shares/${own.share_id}`],
    ] as const) {
      const res = await call(fleet.gatewayUrl, method, path, { token: bob.token, ...(method === 'PATCH' ? { body: { title: 'mine' } } : {}) });
      assert.equal(res.status, 404, `${method} ${path}`);
    }
    assert.equal((await open(own.share_url)).status, 200, 'bob’s attempts changed nothing');
  });
});

describe('the page a link opens', () => {
  it('renders the transcript in a real browser, with transcript text that looks like markup shown as text', async () => {
    const a = await artifactOf(ada, 'welcome everyone to the meeting');
    await artifacts.addVersion({
      userId: ada.id,
      artifactId: a.artifactId,
      payloadJson: JSON.stringify(transcript(`${HOSTILE} and welcome`, '"><b>Ada</b>')),
      baseVersionId: '',
      authorType: 'user',
      authorId: ada.id,
      note: '',
      outputKey: '',
      outputFormat: '',
    });
    const s = (await share(ada, { artifact_id: a.artifactId, title: 'Quarterly <review>' })).body.data;
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const response = await page.goto(s.share_url);
    assert.equal(response!.status(), 200);
    const csp = response!.headers()['content-security-policy']!;
    assert.match(csp, /default-src 'none'/);
    assert.ok(!/script-src|unsafe-inline/.test(csp), csp);
    assert.equal(await page.title(), 'Quarterly <review>');
    assert.equal(await page.locator('h1').textContent(), 'Quarterly <review>');
    const body = (await page.locator('body').textContent())!;
    assert.ok(body.includes(HOSTILE), 'the markup in the transcript is shown as text');
    assert.ok(body.includes('"><b>Ada</b>'), 'the speaker name too');
    assert.equal(await page.evaluate('window.__owned ?? null'), null, 'nothing in the transcript ran');
    assert.equal(await page.locator('script').count(), 0);
    assert.equal(await page.locator('img').count(), 0);
    assert.deepEqual(dialogs, []);
    const html = await page.content();
    for (const secret of [ada.id, a.artifactId, a.mediaId, a.versionId, ada.email]) assert.ok(!html.includes(secret), `the page does not reveal ${secret}`);
    assert.match(body, /00:00:01/, 'timestamps are shown');

    const download = page.locator('a[href$="/download/srt"]');
    assert.equal(await download.count(), 1, 'the page offers an SRT download');
    const srt = await fetch(new URL((await download.getAttribute('href'))!, s.share_url));
    assert.equal(srt.status, 200);
    assert.match(srt.headers.get('content-type')!, /^application\/x-subrip/);
    assert.match(srt.headers.get('content-disposition')!, /^attachment; filename="Quarterly review\.srt"/);
    assert.match(await srt.text(), /^1\n00:00:01,000 --> /);
    await page.close();
  });

  it('answers JSON to Accept: application/json, without the ids of the owner’s other objects', async () => {
    const a = await artifactOf(ada, 'json please');
    const s = (await share(ada, { artifact_id: a.artifactId })).body.data;
    const res = await open(s.share_url);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type')!, /^application\/json/);
    const t = (await res.json()) as ReturnType<typeof transcript>;
    assert.equal(t.segments[0]!.text, 'json please');
    assert.deepEqual({ media_id: t.source.media_id, job_id: t.source.job_id }, { media_id: null, job_id: null });
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const opened = (await call(fleet.gatewayUrl, 'GET', `/api/v1/shares/${s.share_id}`, { token: ada.token })).body.data;
    assert.equal(opened.open_count, 1);
    const secret = s.share_url.split('/s/')[1];
    assert.match(fleet.logs('gateway'), /"path":"\/s\/\{token\}"/, 'the opening is logged');
    assert.ok(!fleet.logs('gateway').includes(secret), 'without the link’s secret');
  });

  it('follows the current version, or stays on a pinned one', async () => {
    const a = await artifactOf(ada, 'draft text');
    const following = (await share(ada, { artifact_id: a.artifactId })).body.data;
    const pinned = (await share(ada, { artifact_id: a.artifactId, target_version_id: a.versionId })).body.data;
    const edit = await call(fleet.gatewayUrl, 'POST', `/api/v1/artifacts/${a.artifactId}/versions`, { token: ada.token, body: { payload: transcript('final text') } });
    assert.equal(edit.status, 201, edit.text);
    assert.equal((await transcriptAt(following.share_url)).segments[0].text, 'final text');
    assert.equal((await transcriptAt(pinned.share_url)).segments[0].text, 'draft text');
    // Unpin, and pin the other way round.
    const unpinned = await call(fleet.gatewayUrl, 'PATCH', `/api/v1/shares/${pinned.share_id}`, { token: ada.token, body: { target_version_id: null } });
    assert.equal(unpinned.status, 200, unpinned.text);
    assert.equal((await transcriptAt(pinned.share_url)).segments[0].text, 'final text');
  });
});

describe('links that stop working', () => {
  it('rotate: the old URL is 404 at once, the new one works', async () => {
    const a = await artifactOf(ada, 'rotate me');
    const s = (await share(ada, { artifact_id: a.artifactId })).body.data;
    const rotated = await call(fleet.gatewayUrl, 'POST', `/api/v1/shares/${s.share_id}/rotate`, { token: ada.token });
    assert.equal(rotated.status, 200);
    assert.notEqual(rotated.body.data.share_url, s.share_url);
    assert.equal((await open(s.share_url)).status, 404);
    const html = await open(s.share_url, 'text/html');
    assert.equal(html.status, 404);
    assert.match(await html.text(), /no longer shared/);
    assert.equal((await open(rotated.body.data.share_url)).status, 200);
  });

  it('revoke: 404 at once, and revoking again changes nothing', async () => {
    const a = await artifactOf(ada, 'revoke me');
    const s = (await share(ada, { artifact_id: a.artifactId })).body.data;
    assert.equal((await open(s.share_url)).status, 200);
    const revoked = await call(fleet.gatewayUrl, 'DELETE', `/api/v1/shares/${s.share_id}`, { token: ada.token });
    assert.equal(revoked.status, 200);
    assert.equal(revoked.body.data.status, 'revoked');
    assert.equal((await open(s.share_url)).status, 404);
    assert.equal((await open(`${s.share_url}/download/text`)).status, 404);
    assert.equal((await call(fleet.gatewayUrl, 'DELETE', `/api/v1/shares/${s.share_id}`, { token: ada.token })).status, 200);
    assert.deepEqual((await call(fleet.gatewayUrl, 'GET', `/api/v1/shares?target_id=${a.artifactId}`, { token: ada.token })).body.data, [], 'inactive links are not listed by default');
    const all = await call(fleet.gatewayUrl, 'GET', `/api/v1/shares?target_id=${a.artifactId}&include_inactive=true`, { token: ada.token });
    assert.equal(all.body.data[0].status, 'revoked');
  });

  it('deleting the media or the artifact takes the link down', async () => {
    const a = await artifactOf(ada, 'media goes');
    const b = await artifactOf(ada, 'artifact goes');
    const byMedia = (await share(ada, { artifact_id: a.artifactId })).body.data;
    const byArtifact = (await share(ada, { artifact_id: b.artifactId })).body.data;
    assert.equal((await call(fleet.gatewayUrl, 'DELETE', `/api/v1/media/${a.mediaId}`, { token: ada.token })).status, 204);
    assert.equal((await open(byMedia.share_url)).status, 404);
    assert.equal((await call(fleet.gatewayUrl, 'DELETE', `/api/v1/artifacts/${b.artifactId}`, { token: ada.token })).status, 204);
    assert.equal((await open(byArtifact.share_url)).status, 404);
    const statuses = await call(fleet.gatewayUrl, 'GET', '/api/v1/shares?include_inactive=true&limit=200', { token: ada.token });
    const status = (id: string) => statuses.body.data.find((x: { share_id: string }) => x.share_id === id)?.status;
    assert.equal(status(byMedia.share_id), 'taken_down');
    assert.equal(status(byArtifact.share_id), 'taken_down');
  });

  it('an expiry in the future is kept; unknown tokens are 404', async () => {
    const a = await artifactOf(ada, 'expiring');
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const s = (await share(ada, { artifact_id: a.artifactId, expires_at: expiresAt })).body.data;
    assert.equal(Date.parse(s.expires_at), Date.parse(expiresAt));
    const cleared = await call(fleet.gatewayUrl, 'PATCH', `/api/v1/shares/${s.share_id}`, { token: ada.token, body: { expires_at: null, title: 'Kept' } });
    assert.equal(cleared.body.data.expires_at, null);
    assert.equal(cleared.body.data.title, 'Kept');
    assert.equal((await open(`${fleet.gatewayUrl}/s/${'A'.repeat(43)}`)).status, 404);
    assert.equal((await open(`${fleet.gatewayUrl}/s/short`)).status, 404);
  });
});

describe('the OpenAPI document', () => {
  it('declares the share operations with their scopes, and the public page without one', async () => {
    const doc = (await call(fleet.gatewayUrl, 'GET', '/openapi.json')).body;
    const scopes = {
      'get /api/v1/shares': 'shares:read',
      'post /api/v1/shares': 'shares:write',
      'get /api/v1/shares/{share_id}': 'shares:read',
      'patch /api/v1/shares/{share_id}': 'shares:write',
      'post /api/v1/shares/{share_id}/rotate': 'shares:write',
      'delete /api/v1/shares/{share_id}': 'shares:write',
    };
    for (const [key, scope] of Object.entries(scopes)) {
      const [method, path] = key.split(' ') as [string, string];
      assert.equal(doc.paths[path]?.[method]?.['x-required-scope'], scope, key);
    }
    assert.equal(doc.paths['/s/{token}'].get['x-required-scope'], null);
  });
});
