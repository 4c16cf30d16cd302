// The app's Jobs page in a real browser against the fleet of web.test.ts (one worker, one slot): a
// transcription started in the app reaches succeeded with its progress shown and its text export
// downloads; a batch of two started in the app (its first request lost: "Try again" sends the same
// Idempotency-Key) is one batch job whose items reach succeeded and download; behind a long job,
// three queued ones started through the API show without a reload, are reordered with the keyboard
// buttons (the API's queue follows) and one is cancelled in the app, as is a batch in progress (its
// items with it); axe-core finds no serious violation. The page's tests run beside the other
// modules; the queue's (queueTests) run alone: their long job holds the fleet's one worker slot, and
// a queue position counts every user's jobs.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import type { Page, Request } from 'playwright-core';
import { eventually } from '@tp/testing';
import { assertAccessible, assertFitsWidth, DESKTOP, PHONE } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { createJob, repeatAudio, transcribe, uploadMedia, waitForJob } from '../support/jobs.ts';
import { fullToken, grantCredits, newPage, signInAs, webUser, world } from './world.ts';

let page: Page;
let token: string;
const media: Record<string, string> = {};
/** The Idempotency-Key of each POST /jobs the page sent, in order. */
const jobKeys: string[] = [];

function recordJobKey(request: Request): void {
  if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/jobs')
    jobKeys.push(request.headers()['idempotency-key'] ?? '');
}

async function setUp(): Promise<void> {
  const user = await webUser('jobs');
  await grantCredits(user, '50', 'e2e');
  token = await fullToken(user);
  // Minutes of engine time: it runs whatever the test does meanwhile, until it is cancelled.
  const endless = repeatAudio(world.short, 160, join(world.dir, 'endless.wav'));
  for (const name of ['greeting', 'one', 'two', 'three', 'left', 'right'])
    media[name] = await uploadMedia(world.fleet, token, world.short, 'audio/wav', `${name}.wav`);
  media.endless = await uploadMedia(world.fleet, token, endless);
  page = await newPage({ acceptDownloads: true });
  page.on('request', recordJobKey);
  await signInAs(page, user);
  await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
}

async function queuedOrder(): Promise<string[]> {
  const res = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/jobs/queue', { token });
  assert.equal(res.status, 200, res.text);
  return (res.body.data.jobs as { title: string; status: string }[])
    .filter((job) => job.status === 'queued')
    .map((job) => job.title);
}

async function start(name: string): Promise<string> {
  const res = await createJob(world.fleet, token, transcribe(media[name]!));
  assert.equal(res.status, 202, res.text);
  return res.body.data.job_id;
}

export function jobsPageTests(): void {
  describe('the Jobs page', { concurrency: false }, () => {
    before(setUp);

    it('starts a transcription that reaches succeeded with its progress shown, and downloads its text', async () => {
      const oracle = page.locator('input[type="radio"][value="oracle"]');
      await oracle.waitFor();
      await page.getByRole('checkbox', { name: 'greeting.wav' }).check();
      await oracle.check();
      await page.getByLabel('Spoken language').selectOption('en');
      await assertAccessible(page, 'jobs page with the form filled in');
      await page.getByRole('button', { name: 'Start transcription' }).click();
      const progress = page.getByRole('progressbar', { name: 'Progress of greeting.wav' });
      await progress.first().waitFor();
      const card = page.getByRole('list', { name: 'Finished jobs' }).getByRole('listitem', { name: 'greeting.wav' });
      await card.getByText('Succeeded').waitFor({ timeout: 30_000 });
      assert.equal(await card.getByRole('progressbar').getAttribute('value'), '100');
      assert.ok(await page.getByRole('checkbox', { name: 'greeting.wav' }).isChecked(), 'the choice is kept');
      assert.equal(jobKeys.length, 1);
      assert.match(jobKeys[0]!, /^[0-9a-f-]{36}$/, 'POST /jobs carries an Idempotency-Key');
      await assertAccessible(page, 'jobs page with a finished job');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: 'Download Text: greeting.wav' }).click(),
      ]);
      const text = await readFile((await download.path())!, 'utf8');
      assert.match(text, /window/i, `the transcript: ${text}`);
    });

    it('starts a batch of two: one batch job, its items reach succeeded and download; a retry sends the same key', async () => {
      // The first request is lost on the way: "Try again" sends it again with the same Idempotency-Key.
      let lost = false;
      const isJobs = (url: URL) => url.pathname === '/api/v1/jobs';
      await page.route(isJobs, (route) => {
        if (route.request().method() !== 'POST' || lost) return route.continue();
        lost = true;
        return route.abort('internetdisconnected');
      });
      const form = page.getByRole('form', { name: 'New transcription' });
      await form.getByRole('checkbox', { name: 'greeting.wav' }).uncheck();
      await form.getByRole('checkbox', { name: 'left.wav' }).check();
      await form.getByRole('checkbox', { name: 'right.wav' }).check();
      await form.getByRole('button', { name: 'Start batch of 2' }).click();
      await form.getByRole('button', { name: 'Try again' }).click();
      await form.getByRole('status').getByText('Started').waitFor();
      await page.unroute(isJobs);
      assert.equal(jobKeys.length, 3);
      assert.equal(jobKeys[2], jobKeys[1], 'the retry sends the same key');
      assert.notEqual(jobKeys[1], jobKeys[0], 'a new submission, a new key');

      const listed = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/jobs', { token });
      const batches = (listed.body.data as { job_id: string; title: string; input: { type: string } }[]).filter(
        (job) => job.input.type === 'batch',
      );
      assert.equal(batches.length, 1, 'one batch job');
      const batch = batches[0]!;
      const items = await call(world.fleet.gatewayUrl, 'GET', `/api/v1/jobs/${batch.job_id}/items`, { token });
      assert.deepEqual((items.body.data as { title: string }[]).map((item) => item.title).sort(), [
        'left.wav',
        'right.wav',
      ]);

      await page.getByRole('listitem', { name: batch.title }).getByText('Batch of 2').waitFor();
      await page.getByRole('listitem', { name: batch.title }).getByText('Items (2)').click();
      const card = page.getByRole('list', { name: 'Finished jobs' }).getByRole('listitem', { name: batch.title });
      const itemList = card.getByRole('list', { name: `Items of ${batch.title}` });
      for (const name of ['left.wav', 'right.wav'])
        await itemList.getByRole('listitem', { name }).getByText('Succeeded').waitFor({ timeout: 30_000 });
      await assertAccessible(page, 'jobs page with a finished batch and its items');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        itemList.getByRole('button', { name: 'Download Text: right.wav' }).click(),
      ]);
      assert.match(await readFile((await download.path())!, 'utf8'), /window/i);
    });
  });
}

/** Runs alone, after the Jobs page's tests: its long job holds the fleet's one worker slot. */
export function queueTests(): void {
  describe('the queue', { concurrency: false }, () => {
    let endless: string;
    before(async () => {
      endless = await start('endless');
      await waitForJob(world.fleet, token, endless, (job) => job.status === 'running');
    });
    after(async () => {
      await call(world.fleet.gatewayUrl, 'DELETE', `/api/v1/jobs/${endless}`, { token });
      await page?.context().close();
    });

    it('shows jobs started through the API without a reload, reorders them with the keyboard buttons and cancels one', async () => {
      for (const name of ['one', 'two', 'three']) await start(name);
      assert.deepEqual(await queuedOrder(), ['one.wav', 'two.wav', 'three.wav']);
      // Jobs started elsewhere show without a reload: the page asks for its lists again while it is visible.
      const queue = page.getByRole('list', { name: 'Queue' });
      await queue.getByRole('listitem', { name: 'three.wav' }).waitFor();
      await queue.getByText('Position 1 in the queue').waitFor();
      await assertAccessible(page, 'jobs page with a queue');
      await page.setViewportSize(PHONE.viewport);
      await assertFitsWidth(page, 'jobs page with a queue at 390 px');
      await assertAccessible(page, 'jobs page with a queue at 390 px');
      await page.setViewportSize(DESKTOP);

      await page.getByRole('button', { name: 'Move up: three.wav' }).focus();
      await page.keyboard.press('Enter');
      await eventually('three before two', async () => (await queuedOrder()).join() === 'one.wav,three.wav,two.wav');
      // The page has the answer too (its move buttons wait, disabled, until then).
      await page.getByRole('status').getByText('Moved three.wav to place 2').waitFor();
      await page.getByRole('button', { name: 'Move down: one.wav' }).focus();
      await page.keyboard.press('Enter');
      await eventually('one after three', async () => (await queuedOrder()).join() === 'three.wav,one.wav,two.wav');
      await page.getByRole('status').getByText('Moved one.wav to place 2').waitFor();

      await page.getByRole('button', { name: 'Cancel two.wav' }).click();
      await page.getByRole('button', { name: 'Yes, cancel the job' }).click();
      const finished = page.getByRole('list', { name: 'Finished jobs' });
      await finished.getByRole('listitem', { name: 'two.wav' }).getByText('Cancelled').waitFor();
      assert.deepEqual(await queuedOrder(), ['three.wav', 'one.wav']);
      await assertAccessible(page, 'jobs page after a cancel');

      // And by dragging, as with a mouse: one.wav dropped on three.wav takes its place.
      // Held by its corner (the card's middle may be one of its buttons).
      const corner = { x: 8, y: 8 };
      await queue
        .getByRole('listitem', { name: 'one.wav' })
        .dragTo(queue.getByRole('listitem', { name: 'three.wav' }), { sourcePosition: corner, targetPosition: corner });
      await eventually('one dragged before three', async () => (await queuedOrder()).join() === 'one.wav,three.wav');
      await page.getByRole('status').getByText('Moved one.wav to place 1').waitFor();
    });

    it('cancels a batch in progress as one: its items end cancelled too', async () => {
      const batch = {
        ...transcribe(media.greeting!),
        input: { type: 'batch', media_ids: [media.greeting, media.one] },
      };
      const res = await createJob(world.fleet, token, batch);
      assert.equal(res.status, 202, res.text);
      const { job_id: id, title } = res.body.data as { job_id: string; title: string };
      const card = page.getByRole('list', { name: 'Batches in progress' }).getByRole('listitem', { name: title });
      await card.getByText('Batch of 2').waitFor();
      await card.getByRole('button', { name: `Cancel ${title}` }).click();
      await card.getByRole('button', { name: 'Yes, cancel the job' }).click();
      const finished = page.getByRole('list', { name: 'Finished jobs' }).getByRole('listitem', { name: title });
      await finished.getByText('Cancelled', { exact: true }).waitFor();
      const items = await call(world.fleet.gatewayUrl, 'GET', `/api/v1/jobs/${id}/items`, { token });
      assert.deepEqual(
        (items.body.data as { status: string }[]).map((item) => item.status),
        ['cancelled', 'cancelled'],
      );
    });
  });
}
