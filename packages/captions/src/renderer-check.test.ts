import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { tempDir, writeScript } from '@tp/testing';
import { checkCaptionRenderer } from './renderer-check.ts';

const dir = await tempDir('tp-captions-check-');
after(() => dir.remove());

describe('the caption renderer check', () => {
  it("passes Debian's ffmpeg, which draws ASS with libass", async () => {
    await checkCaptionRenderer('ffmpeg');
  });

  it('refuses an ffmpeg without the ass filter, and one that does not run, saying which', async () => {
    const noLibass = await writeScript(dir.path, 'ffmpeg-no-ass', 'echo " T.C scale             V->V       Scale"');
    await assert.rejects(checkCaptionRenderer(noLibass), /no ass filter \(libass\)/);
    await assert.rejects(checkCaptionRenderer(`${dir.path}/missing`), /ffmpeg cannot list its filters/);
  });
});
