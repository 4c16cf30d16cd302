// The page a public link opens: in a real browser (Chromium), with markup in the transcript shown
// as text and the SRT download it offers; as JSON to a client, counted and logged without its
// secret; on the current version or a pinned one. ada's links.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { eventually } from '@tp/testing';
import { launchChromium } from '../support/browser.ts';
import { call, SETTLED_WITHIN_MS } from '../support/http.ts';
import {
  ada,
  artifactOf,
  artifacts,
  fleet,
  HOSTILE,
  open,
  newShare,
  transcript,
  transcriptAt,
} from '../support/shares.ts';

let browser: Browser;

/** Registers the page's tests against the fleet of the entry file (tests/e2e/shares.test.ts). */
export function sharePageTests(): void {
  describe('the page a link opens', () => {
    before(async () => {
      browser = await launchChromium();
    });
    after(async () => {
      await browser?.close();
    });

    it(
      'renders the transcript in a real browser, with transcript text that looks like markup shown as text',
      rendersInBrowser,
    );
    it('answers JSON to Accept: application/json, counted, its secret kept out of the log', answersJson);
    it('follows the current version, or stays on a pinned one', followsOrPins);
  });
}

async function rendersInBrowser() {
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
    idempotencyKey: '',
  });
  const s = await newShare(ada, { artifact_id: a.artifactId, title: 'Quarterly <review>' });
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
  for (const secret of [ada.id, a.artifactId, a.mediaId, a.versionId, ada.email])
    assert.ok(!html.includes(secret), `the page does not reveal ${secret}`);
  assert.match(body, /00:00:01/, 'timestamps are shown');

  const download = page.locator('a[href$="/download/srt"]');
  assert.equal(await download.count(), 1, 'the page offers an SRT download');
  const srt = await fetch(new URL((await download.getAttribute('href'))!, s.share_url));
  assert.equal(srt.status, 200);
  assert.match(srt.headers.get('content-type')!, /^application\/x-subrip/);
  assert.match(srt.headers.get('content-disposition')!, /^attachment; filename="Quarterly review\.srt"/);
  assert.match(await srt.text(), /^1\n00:00:01,000 --> /);
  await page.close();
}

async function answersJson() {
  const a = await artifactOf(ada, 'json please');
  const s = await newShare(ada, { artifact_id: a.artifactId });
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
  // The gateway's log lines reach this process a little after the response.
  await eventually(
    'the opening logged',
    () => /"path":"\/s\/\{token\}"/.test(fleet.logs('gateway')),
    SETTLED_WITHIN_MS,
  );
  assert.ok(!fleet.logs('gateway').includes(secret), 'without the link’s secret');
}

async function followsOrPins() {
  const a = await artifactOf(ada, 'draft text');
  const following = await newShare(ada, { artifact_id: a.artifactId });
  const pinned = await newShare(ada, { artifact_id: a.artifactId, target_version_id: a.versionId });
  const edit = await call(fleet.gatewayUrl, 'POST', `/api/v1/artifacts/${a.artifactId}/versions`, {
    token: ada.token,
    body: { payload: transcript('final text') },
  });
  assert.equal(edit.status, 201, edit.text);
  assert.equal((await transcriptAt(following.share_url)).segments[0].text, 'final text');
  assert.equal((await transcriptAt(pinned.share_url)).segments[0].text, 'draft text');
  // Unpinned, it follows the current version.
  const unpinned = await call(fleet.gatewayUrl, 'PATCH', `/api/v1/shares/${pinned.share_id}`, {
    token: ada.token,
    body: { target_version_id: null },
  });
  assert.equal(unpinned.status, 200, unpinned.text);
  assert.equal((await transcriptAt(pinned.share_url)).segments[0].text, 'final text');
}
