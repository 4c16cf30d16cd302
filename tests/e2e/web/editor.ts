// The app's transcript editor in a real browser against the fleet of web.test.ts: a transcription of
// synthesized speech (oracle) is opened from its job and from the Transcripts list; its audio plays from
// a signed storage URL (GET /media/{id}/download-url) and a click on a word seeks there, the spoken word
// lit; a word and a speaker's name are edited and saved as a new version; a version saved meanwhile
// through the API is a conflict the page shows without overwriting it, the edits kept, and so does a
// save that fails while artifacts is down (saved when tried again); the history restores an older
// version; an export with options downloads; axe-core is clean and nothing scrolls sideways at 390 px.
// Its tests up to the conflict run beside the other modules (editorTests); the save that fails stops
// the fleet's artifacts service, so it and the tests after it run alone, after them (editorOutageTests).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { eventually } from '@tp/testing';
import { assertAccessible, assertFitsWidth, PHONE } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { createJob, transcribe, uploadMedia, waitForJob } from '../support/jobs.ts';
import { fullToken, grantCredits, newPage, signInAs, webUser, world } from './world.ts';

interface Word {
  text: string;
  start: number;
  end: number;
}
interface Payload {
  speakers: { id: string; label: string; name: string | null }[];
  segments: { id: string; text: string; speaker: string | null; words: Word[] }[];
}

let page: Page;
let token: string;
let artifactId: string;

async function setUp(): Promise<void> {
  const user = await webUser('editor');
  await grantCredits(user, '50', 'e2e');
  token = await fullToken(user);
  const mediaId = await uploadMedia(world.fleet, token, world.short, 'audio/wav', 'window.wav');
  // One speaker, for a name to give.
  const job = { ...transcribe(mediaId), options: { language: 'en', diarization: { num_speakers: 1 } } };
  const created = await createJob(world.fleet, token, job);
  assert.equal(created.status, 202, created.text);
  const done = (job: { status: string }) => job.status === 'succeeded';
  await waitForJob(world.fleet, token, created.body.data.job_id, done, 60_000);
  page = await newPage({ acceptDownloads: true });
  await signInAs(page, user);
}

/** The editor's first part, beside the other modules: the transcript opened, listened to and edited. */
export function editorTests(): void {
  describe('the transcript editor', { concurrency: false }, () => {
    before(setUp);
    openingTests();
    editingTests();
  });
}

/** Its second part, alone, after the modules that run side by side: a save while artifacts is stopped. */
export function editorOutageTests(): void {
  describe('the transcript editor, artifacts stopped', { concurrency: false }, () => {
    after(() => page?.context().close());
    failedSaveTests();
    historyTests();
  });
}

async function api(method: string, path: string, body?: unknown) {
  const res = await call(world.fleet.gatewayUrl, method, `/api/v1${path}`, { token, ...(body ? { body } : {}) });
  assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${res.text}`);
  return res.body.data;
}

async function current(): Promise<{ versionId: string; payload: Payload }> {
  const artifact = await api('GET', `/artifacts/${artifactId}`);
  const version = await api('GET', `/artifacts/${artifactId}/versions/${artifact.current_version_id}`);
  return { versionId: artifact.current_version_id, payload: version.payload };
}

const words = (payload: Payload) => payload.segments.flatMap((s) => s.words);
const textOf = (payload: Payload) => words(payload).map((w) => w.text);
/** The page's audio element, as the test drives it (the tests are compiled without the DOM's types). */
interface Audio {
  currentTime: number;
  duration: number;
  muted: boolean;
  playbackRate: number;
  play(): Promise<void>;
  pause(): void;
}
const audioTime = () => page.locator('audio').evaluate((audio: Audio) => audio.currentTime);
const spokenWord = () => page.locator('button.word[aria-current="true"]').textContent();

function openingTests(): void {
  describe('opening and listening', () => {
    it('opens from the Transcripts list and from the succeeded job', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transcripts' }).click();
      const listed = page.getByRole('list', { name: 'Transcripts' }).getByRole('listitem').first();
      await listed.getByText('window.wav').first().waitFor();
      await assertAccessible(page, 'transcripts list');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click();
      await page.getByRole('link', { name: 'Open transcript: window.wav' }).click();
      await page.getByRole('heading', { level: 1, name: 'window.wav' }).waitFor();
      artifactId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
      assert.match(artifactId, /^art_/);
      await page.getByRole('button', { name: 'window', exact: true }).waitFor();
      await assertAccessible(page, 'transcript page');
    });

    it('plays the audio from storage; a click on a word seeks to it and the spoken word is lit', async () => {
      const { payload } = await current();
      const fresh = words(payload).find((w) => w.text === 'fresh')!;
      assert.ok(fresh, `the words: ${textOf(payload)}`);
      // The signed URL of the public storage address loads under the page's CSP (media-src).
      const duration = () => page.locator('audio').evaluate((audio: Audio) => audio.duration);
      await eventually('the audio is loaded', async () => (await duration()) > 1);
      await page.getByRole('button', { name: 'fresh', exact: true }).click();
      assert.ok(Math.abs((await audioTime()) - fresh.start) < 0.05, `at ${await audioTime()}, want ${fresh.start}`);
      assert.equal(await spokenWord(), 'fresh');
      const first = words(payload)[0]!;
      await page.getByRole('button', { name: first.text, exact: true }).first().click();
      assert.ok(Math.abs((await audioTime()) - first.start) < 0.05, `at ${await audioTime()}, want ${first.start}`);
      // Headless Chromium plays muted audio without a gesture; faster, to be done sooner.
      await page.locator('audio').evaluate((audio: Audio) => {
        audio.muted = true;
        audio.playbackRate = 2;
        return audio.play();
      });
      await eventually('the audio plays on', async () => (await audioTime()) > fresh.start + 0.1);
      await eventually('the lit word follows', async () => ['fresh', 'air', 'in'].includes((await spokenWord()) ?? ''));
      await page.locator('audio').evaluate((audio: Audio) => audio.pause());
    });

    it('is one Tab stop for all the words: the arrow keys, Home and End move among them, Enter seeks', async () => {
      const all = words((await current()).payload);
      const focusedWord = () => page.evaluate<string | null>('document.activeElement?.textContent ?? null');
      await page.getByRole('button', { name: all[0]!.text, exact: true }).first().focus();
      await page.keyboard.press('ArrowRight');
      assert.equal(await focusedWord(), all[1]!.text);
      await page.keyboard.press('End');
      assert.equal(await focusedWord(), all.at(-1)!.text);
      const stops = page.getByRole('list', { name: 'Transcript' }).locator('button[tabindex="0"]');
      assert.equal(await stops.count(), 1, 'one Tab stop among the words');
      await page.keyboard.press('Enter');
      assert.ok(Math.abs((await audioTime()) - all.at(-1)!.start) < 0.05, `at ${await audioTime()}`);
      await page.keyboard.press('Home');
      assert.equal(await focusedWord(), all[0]!.text);
    });
  });
}

function editingTests(): void {
  describe('editing', () => {
    it('saves an edited word and speaker name as a new version', async () => {
      const before = await current();
      const speaker = before.payload.speakers[0]!;
      await page.getByRole('button', { name: 'Edit words' }).click();
      await page.getByLabel(/^Word “window”/).fill('door');
      await page.getByLabel(`Name of ${speaker.label}`).fill('Grace');
      await page.getByText('2 unsaved changes').waitFor();
      await assertAccessible(page, 'transcript page while editing');
      await page.getByRole('button', { name: 'Save as a new version' }).click();
      await page.getByText('no unsaved changes').waitFor();
      const saved = await current();
      assert.notEqual(saved.versionId, before.versionId);
      assert.ok(textOf(saved.payload).includes('door') && !textOf(saved.payload).includes('window'));
      assert.equal(saved.payload.speakers[0]!.name, 'Grace');
    });

    it('shows a newer version saved meanwhile as a conflict, overwriting nothing, the edits kept', async () => {
      await page.getByLabel(/^Word “fresh”/).fill('cool');
      const base = await current();
      const theirs = structuredClone(base.payload);
      const air = theirs.segments.flatMap((s) => s.words).find((w) => w.text === 'air')!;
      air.text = 'breeze';
      for (const s of theirs.segments) s.text = s.words.map((w) => w.text).join(' ');
      const newer = await api('POST', `/artifacts/${artifactId}/versions`, {
        payload: theirs,
        base_version_id: base.versionId,
      });
      await page.getByRole('button', { name: 'Save as a new version' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'a newer version exists' });
      await alert.waitFor();
      assert.equal(await page.getByLabel(/^Word “fresh”/).inputValue(), 'cool', 'the edit is still in the page');
      const after = await current();
      assert.equal(after.versionId, newer.version.version_id, 'the newer version stays current');
      assert.ok(textOf(after.payload).includes('breeze') && !textOf(after.payload).includes('cool'));
      await assertAccessible(page, 'transcript page with a conflict');

      await alert.getByRole('button', { name: 'Apply my edits to the newer version' }).click();
      assert.equal(await page.getByLabel(/^Word “fresh”/).inputValue(), 'cool');
      await page.getByRole('button', { name: 'Save as a new version' }).click();
      await page.getByText('no unsaved changes').waitFor();
      const merged = textOf((await current()).payload);
      assert.ok(merged.includes('breeze') && merged.includes('cool'), `both edits: ${merged}`);
    });
  });
}

function failedSaveTests(): void {
  describe('a save that fails', () => {
    it('keeps the edits when a save fails, and saves them when tried again', async () => {
      await page.getByLabel(/^Word “let”/).fill('allow');
      await world.fleet.stopService('artifacts');
      try {
        await page.getByRole('button', { name: 'Save as a new version' }).click();
        await page.getByText('Nothing was saved; your edits are still here.').waitFor();
        assert.equal(await page.getByLabel(/^Word “let”/).inputValue(), 'allow');
      } finally {
        await world.fleet.startService('artifacts');
      }
      // The gateway reconnects to artifacts on its own time (gRPC backoff); then the person tries again.
      const answers = async () =>
        (await call(world.fleet.gatewayUrl, 'GET', `/api/v1/artifacts/${artifactId}`, { token })).status;
      await eventually('artifacts answers through the gateway', async () => (await answers()) === 200, 30_000, 200);
      await page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
      await page.getByText('no unsaved changes').waitFor();
      assert.ok(textOf((await current()).payload).includes('allow'));
    });
  });
}

function historyTests(): void {
  describe('history, exports and a phone', () => {
    it('lists the versions and restores an older one', async () => {
      await page.getByRole('button', { name: 'Edit words' }).click();
      const history = page.getByRole('list', { name: 'Versions' });
      await history.getByRole('listitem', { name: 'Version 5' }).getByText('Current').waitFor();
      assert.equal(await history.getByRole('listitem').count(), 5);
      const before = await current();
      await history.getByRole('button', { name: 'Restore version 1' }).click();
      await page.getByRole('button', { name: 'Yes, restore version 1' }).click();
      await eventually('version 1 is current again', async () => (await current()).versionId !== before.versionId);
      assert.ok(textOf((await current()).payload).includes('window'));
      // With nothing edited, the page follows the current version.
      await page.getByRole('button', { name: 'window', exact: true }).waitFor();
      await assertAccessible(page, 'transcript page after a restore');
    });

    it('starts the export from the preferences and downloads it with its options', async () => {
      const prefs = { default_export_format: 'srt', max_chars_per_entry: 42, show_timestamps: false };
      const patched = await call(world.fleet.gatewayUrl, 'PATCH', '/api/v1/account/app-experience', {
        token,
        body: prefs,
      });
      assert.equal(patched.status, 200, patched.text);
      await page.reload();
      await page.getByRole('button', { name: 'window', exact: true }).waitFor();
      await eventually('the preferred format', async () => (await page.getByLabel('Format').inputValue()) === 'srt');
      assert.equal(await page.getByLabel('Longest subtitle (characters)').inputValue(), '42');
      await page.getByLabel('Format').selectOption('text');
      assert.equal(await page.getByLabel('Timestamps before paragraphs').isChecked(), false, 'as the preferences say');
      await page.getByLabel('Timestamps before paragraphs').check();
      const [text] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download' }).click(),
      ]);
      const body = await readFile((await text.path())!, 'utf8');
      assert.match(body, /^\[00:00:0\d\] Speaker 1: .*window/, body);
      await page.getByLabel('Format').selectOption('srt');
      await page.getByLabel('Speaker names').uncheck();
      await page.getByLabel('Longest subtitle (characters)').fill('12');
      const [srt] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download' }).click(),
      ]);
      const cues = (await readFile((await srt.path())!, 'utf8')).trim().split(/\n\n/);
      assert.ok(cues.length >= 3, `short cues: ${cues}`);
      for (const cue of cues) assert.ok(cue.split('\n').slice(2).join(' ').length <= 12, cue);
    });

    it('fits a 390 px wide phone without scrolling sideways', async () => {
      await page.setViewportSize(PHONE.viewport);
      await assertFitsWidth(page, 'transcript page at 390 px');
      await page.getByRole('button', { name: 'Edit words' }).click();
      await assertFitsWidth(page, 'transcript page at 390 px, editing');
      await assertAccessible(page, 'transcript page on a phone');
    });
  });
}
