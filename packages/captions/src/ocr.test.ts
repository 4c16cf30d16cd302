import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ocrFrame, tempDir, tesseractAvailable, type TempDir } from '@tp/testing';
import { assDocument } from './ass.ts';
import { burnCaptions } from './burn.ts';
import { captionCues } from './cues.ts';
import type { CaptionBurnOptions } from './style.ts';
import { ffmpeg, segment, styleOf, transcriptOf } from './test-support.ts';

const VIDEO = { width: 640, height: 360 };
// "HELLO WORLD" from 0.5 s to 1.5 s of a 2 s video.
const TRANSCRIPT = transcriptOf(
  [
    segment('s1', [
      ['HELLO', 0.5, 1],
      ['WORLD', 1, 1.5],
    ]),
  ],
  2,
);
const BOTTOM = { x: 0, y: 240, width: 640, height: 120 };
const TOP = { x: 0, y: 0, width: 640, height: 120 };

let dir: TempDir;
let video: string;

before(async () => {
  dir = await tempDir('tp-captions-ocr-');
  video = join(dir.path, 'testsrc.mkv');
  await ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-t', '2', '-c:v', 'ffv1', video);
});
after(() => dir.remove());

async function burnt(name: string, style: Partial<CaptionBurnOptions>): Promise<string> {
  const options = styleOf(style);
  const assPath = join(dir.path, `${name}.ass`);
  await writeFile(assPath, assDocument(captionCues(TRANSCRIPT, options), options, VIDEO));
  const outputPath = join(dir.path, `${name}.mp4`);
  await burnCaptions({
    ffmpegPath: 'ffmpeg',
    input: video,
    assPath,
    outputPath,
    durationSeconds: 2,
    video: VIDEO,
    canvasColor: '#000000',
    preset: 'ultrafast',
  });
  return outputPath;
}

const words = (text: string): string[] => text.toUpperCase().match(/[A-Z]+/g) ?? [];

describe('ocrFrame reads burnt captions', {
  skip: !(await tesseractAvailable()) && 'tesseract is not installed',
}, () => {
  it('white with an outline at the bottom (the default style), only while the cue shows', async () => {
    const path = await burnt('default', { font_size: 40 });
    // Over testsrc's colour bars white text is read once the white is isolated.
    const during = await ocrFrame(path, 1, { crop: BOTTOM, textColor: '#FFFFFF' });
    assert.ok(words(during).includes('HELLO') && words(during).includes('WORLD'), during);
    const afterCue = await ocrFrame(path, 1.8, { crop: BOTTOM, textColor: '#FFFFFF' });
    assert.ok(!words(afterCue).includes('HELLO') && !words(afterCue).includes('WORLD'), afterCue);
  });

  it('yellow bold serif on a black box at the top, read in plain grayscale', async () => {
    const path = await burnt('boxed', {
      font_family: 'DejaVu Serif',
      font_size: 40,
      bold: true,
      primary_color: '#FFFF00',
      background_color: '#000000',
      outline_width: 8,
      alignment: 'top_center',
    });
    const top = await ocrFrame(path, 1, { crop: TOP });
    assert.ok(words(top).includes('HELLO') && words(top).includes('WORLD'), top);
    const bottom = await ocrFrame(path, 1, { crop: BOTTOM });
    assert.ok(!words(bottom).includes('HELLO'), bottom);
  });
});
