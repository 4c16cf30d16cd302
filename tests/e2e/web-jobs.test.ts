// The app's Jobs page in a real browser against a real fleet (one worker, one slot): a
// transcription started in the app reaches succeeded with its progress shown and its text export
// downloads; behind a long job, three queued ones are reordered with the keyboard buttons (the
// API's queue follows) and one is cancelled in the app; axe-core finds no serious violation.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { eventually, startFleet, synthesizeSpeech, UNREACHED_RATE_LIMITS, type Fleet } from '@tp/testing';
import { assertAccessible, createWebUser, launchChromium, signIn, WEB_USER } from './support/browser.ts';
import { call } from './support/http.ts';
import { createJob, repeatAudio, transcribe, uploadMedia, waitForJob } from './support/jobs.ts';

const EMAIL = WEB_USER.email;
let fleet: Fleet;
let browser: Browser;
let page: Page;
let token: string;
let dir: string;
const media: Record<string, string> = {};

before(async () => {
  fleet = await startFleet({
    with: ['web'],
    without: ['shares'],
    // The page and the test both poll under one user; 429s are the limiter's tests' business.
    gatewayEnv: UNREACHED_RATE_LIMITS,
    workerEnv: { WORKER_CONCURRENCY: '1', PROGRESS_INTERVAL_MS: '200' },
  });
  await createWebUser(fleet);
  const granted = await fleet.tsctl('credits', 'grant', '--email', EMAIL, '--credits', '50', '--reason', 'e2e');
  assert.equal(granted.code, 0, granted.stderr);
  token = (await fleet.tsctl('tokens', 'create', '--email', EMAIL, '--preset', 'full')).stdout.trim();
  dir = await mkdtemp(join(tmpdir(), 'tp-e2e-web-jobs-'));
  const short = await synthesizeSpeech('Open the window and let the fresh air in.', { voice: 'slt', dir });
  // Minutes of engine time: it runs whatever the test does meanwhile, until it is cancelled.
  const endless = repeatAudio(short, 160, join(dir, 'endless.wav'));
  for (const name of ['greeting', 'one', 'two', 'three'])
    media[name] = await uploadMedia(fleet, token, short, 'audio/wav', `${name}.wav`);
  media.endless = await uploadMedia(fleet, token, endless);
  browser = await launchChromium();
  page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(page, fleet);
  await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
});

after(async () => {
  await browser?.close();
  await fleet?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function queuedOrder(): Promise<string[]> {
  const res = await call(fleet.gatewayUrl, 'GET', '/api/v1/jobs/queue', { token });
  assert.equal(res.status, 200, res.text);
  return (res.body.data.jobs as { title: string; status: string }[])
    .filter((job) => job.status === 'queued')
    .map((job) => job.title);
}

async function start(name: string): Promise<string> {
  const res = await createJob(fleet, token, transcribe(media[name]!));
  assert.equal(res.status, 202, res.text);
  return res.body.data.job_id;
}

describe('the Jobs page', () => {
  it('starts a transcription that reaches succeeded with its progress shown, and downloads its text', async () => {
    const oracle = page.locator('input[type="radio"][value="oracle"]');
    await oracle.waitFor();
    await page.getByLabel('Media').selectOption({ label: 'greeting.wav' });
    await oracle.check();
    await page.getByLabel('Spoken language').selectOption('en');
    await assertAccessible(page, 'jobs page with the form filled in');
    await page.getByRole('button', { name: 'Start transcription' }).click();
    const progress = page.getByRole('progressbar', { name: 'Progress of greeting.wav' });
    await progress.first().waitFor();
    const card = page.getByRole('list', { name: 'Finished jobs' }).getByRole('listitem', { name: 'greeting.wav' });
    await card.getByText('Succeeded').waitFor({ timeout: 30_000 });
    assert.equal(await card.getByRole('progressbar').getAttribute('value'), '100');
    assert.equal(await page.getByLabel('Media').inputValue(), media.greeting, 'the choice is kept');
    await assertAccessible(page, 'jobs page with a finished job');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download Text: greeting.wav' }).click(),
    ]);
    const text = await readFile((await download.path())!, 'utf8');
    assert.match(text, /window/i, `the transcript: ${text}`);
  });

  it('reorders queued jobs with the keyboard buttons and cancels one', async () => {
    const endless = await start('endless');
    await waitForJob(fleet, token, endless, (job) => job.status === 'running');
    for (const name of ['one', 'two', 'three']) await start(name);
    assert.deepEqual(await queuedOrder(), ['one.wav', 'two.wav', 'three.wav']);
    // Jobs started elsewhere show on the next visit (the page polls only while its own list has work).
    await page.reload();
    const queue = page.getByRole('list', { name: 'Queue' });
    await queue.getByRole('listitem', { name: 'three.wav' }).waitFor();
    await queue.getByText('Position 1 in the queue').waitFor();
    await assertAccessible(page, 'jobs page with a queue');

    await page.getByRole('button', { name: 'Move up: three.wav' }).focus();
    await page.keyboard.press('Enter');
    await eventually('three before two', async () => (await queuedOrder()).join() === 'one.wav,three.wav,two.wav');
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
    await call(fleet.gatewayUrl, 'DELETE', `/api/v1/jobs/${endless}`, { token });
  });
});
