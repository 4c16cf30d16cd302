// The app's Media page in a real browser (Chromium through playwright-core) against the fleet of
// web.test.ts: files uploaded straight to storage (chosen in the file input, and dropped on the drop
// zone) with their progress, verified and listed, deleted with a confirmation (then 404 in the API); a
// file the platform refuses shows the API's message and is retried without choosing it again;
// axe-core finds no serious or critical violation.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { eventually } from '@tp/testing';
import { assertAccessible, assertFitsWidth, DESKTOP, PHONE } from '../support/browser.ts';
import { newPage, signInAs, webUser, world } from './world.ts';

let page: Page;
let wav: Buffer;

async function setUp(): Promise<void> {
  wav = await readFile(world.fox);
  const user = await webUser('media');
  page = await newPage();
  await signInAs(page, user);
  await page.getByRole('link', { name: 'Media' }).click();
  await page.getByRole('heading', { name: 'Media', level: 1 }).waitFor();
}

/** GET on the API with the page's own session token. */
async function apiGet(path: string): Promise<{ status: number; body: any }> {
  const token = (await page.evaluate(`JSON.parse(localStorage.getItem('tp.session')).token`)) as string;
  const res = await fetch(`${world.fleet.gatewayUrl}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}

const uploadRow = (name: string): Locator =>
  page.getByRole('list', { name: 'Uploads' }).getByRole('listitem', { name: `Upload of ${name}` });
const mediaItem = (name: string): Locator =>
  page.getByRole('list', { name: 'Media' }).getByRole('listitem', { name, exact: true });

async function assertUploaded(name: string): Promise<void> {
  const row = uploadRow(name);
  await row.getByText('Uploaded and verified.').waitFor();
  await row.getByText('100 %').waitFor();
  const progress = row.getByRole('progressbar', { name: `Upload progress of ${name}` });
  assert.equal(await progress.evaluate((el) => (el as unknown as { value: number }).value), 100);
  await mediaItem(name).getByText('Ready').waitFor();
}

export function mediaTests(): void {
  describe('the Media page', { concurrency: false }, () => {
    before(setUp);
    after(() => page?.context().close());

    it('is empty at first and has no serious accessibility violation', async () => {
      await page.getByText('No media yet.').waitFor();
      await assertAccessible(page, 'empty Media page');
    });

    it('uploads chosen and dropped files straight to storage, lists them, and deletes one', async () => {
      await page
        .getByLabel('Media files to upload')
        .setInputFiles({ name: 'talk.wav', mimeType: 'audio/wav', buffer: wav });
      // A drop as the browser makes it: a DataTransfer holding the file, dispatched on the zone.
      const dataTransfer = await page.evaluateHandle((b64) => {
        const dom = globalThis as unknown as {
          DataTransfer: new () => { items: { add(file: unknown): void } };
          File: new (parts: Uint8Array[], name: string, options: { type: string }) => unknown;
        };
        const transfer = new dom.DataTransfer();
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        transfer.items.add(new dom.File([bytes], 'dropped.wav', { type: 'audio/wav' }));
        return transfer;
      }, wav.toString('base64'));
      await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer });
      await assertUploaded('talk.wav');
      await assertUploaded('dropped.wav');
      const item = mediaItem('talk.wav');
      await item.getByText('audio/wav').waitFor();
      await item.getByText(/^0:0\d$/).waitFor(); // a few seconds of speech
      await assertAccessible(page, 'Media page with uploads');
      await page.setViewportSize(PHONE.viewport);
      await assertFitsWidth(page, 'Media page with uploads at 390 px');
      await assertAccessible(page, 'Media page with uploads at 390 px');
      await page.setViewportSize(DESKTOP);

      const listed = await apiGet('/media');
      const talk = listed.body.data.find((m: { file_name: string }) => m.file_name === 'talk.wav');
      assert.equal(talk.status, 'ready');
      assert.equal(talk.size_bytes, wav.length);
      await item.getByRole('button', { name: 'Delete talk.wav' }).click();
      await assertAccessible(page, 'Media page confirming a deletion');
      await item.getByRole('button', { name: 'Yes, delete' }).click();
      await item.waitFor({ state: 'detached' });
      await mediaItem('dropped.wav').waitFor();
      assert.equal((await apiGet(`/media/${talk.media_id}`)).status, 404);
    });

    it("shows the API's message for a file it refuses, and retries it without choosing it again", async () => {
      const text = Buffer.from('this is not audio, just text '.repeat(100));
      await page
        .getByLabel('Media files to upload')
        .setInputFiles({ name: 'notes.wav', mimeType: 'audio/wav', buffer: text });
      const row = uploadRow('notes.wav');
      const alert = row.getByRole('alert');
      await alert.waitFor();
      const refused = async () =>
        (
          (await apiGet('/media')).body.data as { file_name: string; status: string; failure: { message: string } }[]
        ).filter((m) => m.file_name === 'notes.wav' && m.status === 'failed');
      const [first] = await refused();
      assert.ok(first, 'the refused media is listed as failed');
      assert.equal((await alert.textContent())?.trim(), first.failure.message);
      await mediaItem('notes.wav').getByText('Rejected').waitFor();
      await assertAccessible(page, 'Media page with a refused upload');

      await row.getByRole('button', { name: 'Retry notes.wav' }).click();
      await eventually(
        'the retry made a second upload, refused too',
        async () => (await refused()).length === 2,
        20_000,
      );
      await alert.waitFor();
      assert.equal((await alert.textContent())?.trim(), first.failure.message);
    });
  });
}
