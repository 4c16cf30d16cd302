// The app's Shares and Billing pages in a real browser against the fleet of web.test.ts. Of two
// transcripts made by jobs, the older is shared from its own page (the form starts on it): the copied
// link opens the public share, rotating replaces the link (the old one is 404), a refused clipboard
// leaves the link selected, and revoking ends it. The Billing page shows the granted balance, the
// jobs' ledger rows, and the grants without and with an expired one. axe-core finds no serious
// violation, and neither page scrolls sideways at 390 px.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { connectToSchema, eventually } from '@tp/testing';
import { assertAccessible, assertFitsWidth, PHONE } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { balance, createJob, transcribe, uploadMedia, waitForJob } from '../support/jobs.ts';
import { fullToken, grantCredits, newPage, signInAs, webUser, world } from './world.ts';

let page: Page;
let token: string;

/** A grant whose time has come: its expiry moved into the past, as if a day had gone by. */
async function backdateExpiry(reason: string): Promise<void> {
  const db = await connectToSchema(world.billingDb.databaseUrl);
  try {
    const moved = await db.query(
      "UPDATE credit_grants SET expires_at = now() - interval '1 minute' WHERE reason = $1",
      [reason],
    );
    assert.equal(moved.rowCount, 1);
  } finally {
    await db.end();
  }
}

async function setUp(): Promise<void> {
  const user = await webUser('shares');
  await grantCredits(user, '50', 'Welcome credits');
  await grantCredits(user, '2', 'Trial', '--expires-days', '1');
  await backdateExpiry('Trial');
  token = await fullToken(user);
  assert.equal((await balance(world.fleet, token)).available_credits, 50, 'the trial expired on the read');
  // Two transcripts: the older one is shared from its own page, so the form must start on it.
  const jobIds: string[] = [];
  for (const name of ['interview.wav', 'memo.wav']) {
    const created = await createJob(
      world.fleet,
      token,
      transcribe(await uploadMedia(world.fleet, token, world.short, 'audio/wav', name)),
    );
    assert.equal(created.status, 202, created.text);
    jobIds.push(created.body.data.job_id);
  }
  const jobs = await Promise.all(jobIds.map((id) => waitForJob(world.fleet, token, id)));
  for (const job of jobs) assert.equal(job.status, 'succeeded', JSON.stringify(job));
  page = await newPage();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.fleet.gatewayUrl });
  await signInAs(page, user);
}

export function sharesBillingTests(): void {
  describe('the Shares and Billing pages', { concurrency: false }, () => {
    before(setUp);
    after(() => page?.context().close());
    sharesTests();
    billingTests();
    phoneTests();
  });
}

/** What a share link answers to a program: the transcript as JSON, or 404 once it no longer works. */
const openLink = (url: string) => fetch(url, { headers: { accept: 'application/json' } });

async function goTo(name: string): Promise<void> {
  await page.getByRole('link', { name }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

function sharesTests(): void {
  describe('the Shares page', () => {
    it('shares a transcript whose copied link opens it; rotating replaces the link, revoking ends it', async () => {
      await goTo('Transcripts');
      await page.getByRole('link', { name: 'interview.wav' }).click();
      await page.getByRole('link', { name: 'Share this transcript…' }).click();
      await page.getByRole('heading', { name: 'Shares', level: 1 }).waitFor();
      const transcript = page.getByLabel('Transcript', { exact: true });
      await transcript.waitFor();
      // The newest transcript (memo.wav) would be first: the form starts on the one the page was for.
      assert.match((await transcript.locator('option:checked').textContent()) ?? '', /interview\.wav/);
      await page.getByLabel(/Title on the page/).fill('Window interview');
      await page.getByRole('radio', { name: '7 days' }).check();
      await assertAccessible(page, 'shares page with the form filled in');
      await page.getByRole('button', { name: 'Create link' }).click();

      const link = page.getByLabel('Share link');
      const first = await link.inputValue();
      await page.getByRole('button', { name: 'Copy' }).click();
      await page.getByText('Copied to the clipboard.').waitFor();
      assert.equal(await page.evaluate('navigator.clipboard.readText()'), first);
      const opened = await openLink(first);
      assert.equal(opened.status, 200);
      assert.match(JSON.stringify(await opened.json()), /window/i);
      const card = page.getByRole('list', { name: 'Links' }).getByRole('listitem', { name: 'Window interview' });
      await card.getByRole('heading', { name: 'Window interview Active' }).waitFor();
      await assertAccessible(page, 'shares page with a new link');

      await card.getByRole('button', { name: 'Rotate Window interview' }).click();
      await card.getByRole('button', { name: 'Yes, new link' }).click();
      await page.getByRole('heading', { name: 'New link for “Window interview”' }).waitFor();
      const second = await link.inputValue();
      assert.notEqual(second, first);
      assert.equal((await openLink(first)).status, 404, 'the old link stops working');
      assert.equal((await openLink(second)).status, 200);
      // A browser that refuses the clipboard: the link is left selected in its field, to copy by hand.
      await page.evaluate(
        "navigator.clipboard.writeText = () => Promise.reject(new DOMException('no', 'NotAllowedError'))",
      );
      await page.getByRole('button', { name: 'Copy' }).click();
      await page.getByText('Copying failed: it is selected above').waitFor();
      const focused = await page.evaluate(
        '(() => { const el = document.activeElement; return [el.labels[0].textContent, el.value.slice(el.selectionStart, el.selectionEnd)]; })()',
      );
      assert.deepEqual(focused, ['Share link', second]);

      await card.getByRole('button', { name: 'Revoke Window interview' }).click();
      await card.getByRole('button', { name: 'Yes, revoke' }).click();
      await card.getByRole('heading', { name: 'Window interview Revoked' }).waitFor();
      assert.equal(await link.count(), 0, 'the revoked link is no longer offered');
      assert.equal((await openLink(second)).status, 404);
      await assertAccessible(page, 'shares page with a revoked link');
    });
  });
}

function billingTests(): void {
  describe('the Billing page', () => {
    it('shows the granted balance, the job in the ledger, and grants without and with the expired one', async () => {
      await eventually('both jobs are settled', async () => {
        const ledger = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/billing/ledger?limit=20', { token });
        return ledger.body.data.filter((entry: { kind: string }) => entry.kind === 'settlement').length === 2;
      });
      const now = await balance(world.fleet, token);
      assert.ok(now.available_credits < 50 && now.available_credits > 49, `charged a little: ${now.available_credits}`);
      await goTo('Billing');
      const credits = now.available_credits.toLocaleString('en-US', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 6,
      });
      const available = page.getByRole('region', { name: 'Balance' }).getByRole('definition').first();
      await available.waitFor();
      const shown = (await available.textContent()) ?? '';
      assert.ok(shown.startsWith(`${credits} credits ($`), `the balance shown: ${shown}`);

      const ledger = page.getByRole('table', { name: /^Ledger/ });
      await ledger.waitFor();
      // Each row's cells: when, what, details, available change, held change, available after.
      const rows = (await ledger.locator('tbody tr').allInnerTexts()).map((row) => row.split('\t'));
      const kinds = rows.map(([, what]) => what);
      // Newest first: the grants and the expiry came before either job; the two jobs' holds and
      // charges interleave as they ran, the last charge newest.
      assert.deepEqual(kinds.slice(-3), ['Credits expired', 'Credits granted', 'Credits granted'], kinds.join(', '));
      assert.deepEqual(kinds.slice(0, -3).sort(), ['Held', 'Held', 'Job charged', 'Job charged'], kinds.join(', '));
      assert.equal(kinds[0], 'Job charged', 'newest first');
      const changes = rows.map(([, what, , change]) => `${what} ${change}`);
      for (const change of ['Credits granted +50.00', 'Credits granted +2.00', 'Credits expired -2.00'])
        assert.ok(changes.includes(change), `${change} in ${changes.join(', ')}`);
      assert.equal(rows[0]![5], `${credits} credits`, 'the balance after the job');

      const inForce = page.getByRole('table', { name: 'Credit grants in force' });
      await inForce.getByRole('row').filter({ hasText: 'Welcome credits' }).waitFor();
      assert.equal(await inForce.getByRole('row').filter({ hasText: 'Trial' }).count(), 0);
      await page.getByLabel('Include expired grants').check();
      const all = page.getByRole('table', { name: 'Credit grants, expired ones included' });
      await all.getByRole('row').filter({ hasText: 'Trial' }).filter({ hasText: 'Expired' }).waitFor();
      await all.getByRole('row').filter({ hasText: 'Welcome credits' }).waitFor();
      await assertAccessible(page, 'billing page');
    });
  });
}

function phoneTests(): void {
  describe('a phone-width screen', () => {
    it('shows both pages without sideways scrolling at 390 px', async () => {
      await page.setViewportSize(PHONE.viewport);
      for (const name of ['Shares', 'Billing']) {
        await goTo(name);
        await page.getByRole('heading', { name: name === 'Shares' ? 'Your links' : 'Credit grants' }).waitFor();
        await assertFitsWidth(page, `${name} page at 390 px`);
        await assertAccessible(page, `${name} page at 390 px`);
      }
    });
  });
}
