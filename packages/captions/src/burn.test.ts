import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir, type TempDir } from '@tp/testing';
import { assDocument } from './ass.ts';
import { burnArgs } from './burn-args.ts';
import { burnCaptions } from './burn.ts';
import { captionCues } from './cues.ts';
import { probeOutput } from './probe.ts';
import { evenWords, ffmpeg, segment, styleOf, transcriptOf } from './test-support.ts';

let dir: TempDir;
/** An ASS file in a folder whose name needs every level of filtergraph escaping. */
let assPath: string;

before(async () => {
  dir = await tempDir('tp-captions-');
  const odd = join(dir.path, "it's: a, [strange]; folder\\");
  await mkdir(odd);
  assPath = join(odd, 'captions.ass');
  const cues = captionCues(transcriptOf([segment('s1', evenWords(6, 0.2))]), styleOf());
  await writeFile(assPath, assDocument(cues, styleOf({ karaoke: true }), { width: 320, height: 240 }));
});
after(() => dir.remove());

async function generate(name: string, ...sources: string[]): Promise<string> {
  const path = join(dir.path, name);
  await ffmpeg(...sources, '-t', '3', '-shortest', path);
  return path;
}

const burn = (input: string, outputName: string, video: { width: number; height: number } | null) => {
  const progress: number[] = [];
  const outputPath = join(dir.path, outputName);
  const result = burnCaptions({
    ffmpegPath: 'ffmpeg',
    input,
    assPath,
    outputPath,
    durationSeconds: 3,
    video,
    canvasColor: '#204060',
    preset: 'ultrafast',
    onProgress: (f) => progress.push(f),
  });
  return { result, progress, outputPath };
};

describe('burnCaptions', () => {
  it('burns a video into an MP4 of H.264 and AAC of the same length, reporting progress up to 1', async () => {
    const input = await generate(
      'video.mkv',
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    );
    const { result, progress, outputPath } = burn(input, 'video.mp4', { width: 320, height: 240 });
    const burnt = await result;
    assert.ok(burnt.bytes > 1000);
    assert.ok(Math.abs(burnt.durationSeconds - 3) < 0.1, String(burnt.durationSeconds));
    const probed = await probeOutput('ffprobe', outputPath);
    assert.ok(Math.abs(probed.durationSeconds - 3) <= 0.1, String(probed.durationSeconds));
    assert.deepEqual(probed.streams, [
      { type: 'video', codec: 'h264', width: 320, height: 240 },
      { type: 'audio', codec: 'aac' },
    ]);
    assert.ok(progress.length >= 1);
    assert.equal(progress.at(-1), 1);
    for (const [i, f] of progress.entries()) assert.ok(f > (progress[i - 1] ?? 0) && f <= 1, progress.join(' '));
  });

  it('puts audio-only media on a generated 1280x720 canvas', async () => {
    const input = await generate('audio.wav', '-f', 'lavfi', '-i', 'sine=frequency=300');
    const { result, outputPath } = burn(input, 'audio.mp4', null);
    await result;
    const probed = await probeOutput('ffprobe', outputPath);
    assert.ok(Math.abs(probed.durationSeconds - 3) <= 0.1, String(probed.durationSeconds));
    assert.deepEqual(probed.streams, [
      { type: 'video', codec: 'h264', width: 1280, height: 720 },
      { type: 'audio', codec: 'aac' },
    ]);
  });

  it('pads an odd width and height by one pixel, and keeps a video without audio silent', async () => {
    const input = await generate('odd.mkv', '-f', 'lavfi', '-i', 'testsrc=size=321x241:rate=25');
    const { result, outputPath } = burn(input, 'odd.mp4', { width: 321, height: 241 });
    await result;
    const probed = await probeOutput('ffprobe', outputPath);
    assert.deepEqual(probed.streams, [{ type: 'video', codec: 'h264', width: 322, height: 242 }]);
  });
});

describe('burnArgs', () => {
  const input = {
    ffmpegPath: 'ffmpeg',
    input: 'https://s3.example/media?X-Amz-Signature=abc',
    assPath: '/tmp/a.ass',
    outputPath: '/tmp/out.mp4',
    durationSeconds: 12.3456,
    video: null,
    canvasColor: '#112233',
    fontsDir: '/fonts',
  };

  it('reads a URL with the network protocols only, and generates the canvas of audio-only media', () => {
    const args = burnArgs(input).join(' ');
    assert.match(args, /-protocol_whitelist http,https,tcp,tls,crypto -rw_timeout \d+ -format_whitelist \S+ -i https:/);
    assert.match(args, /-f lavfi -i color=c=0x112233:s=1280x720:r=30 -map 1:v:0 -map 0:a:0\?/);
    assert.match(args, /-vf ass=filename=\/tmp\/a\.ass:fontsdir=\/fonts /);
    assert.match(args, /-c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p -c:a aac -b:a 160k /);
    assert.match(args, /-t 12\.346 -movflags \+faststart -f mp4 -y \/tmp\/out\.mp4$/);
    assert.match(args, /^-hide_banner -nostdin -nostats -v error -progress pipe:1 /);
  });

  it('reads a local file with the file protocol only', () => {
    const args = burnArgs({ ...input, input: '/media/in.mp4', video: { width: 640, height: 360 } }).join(' ');
    assert.match(args, /-protocol_whitelist file -format_whitelist \S+ -i \/media\/in\.mp4 -map 0:v:0 -map 0:a:0\?/);
    assert.doesNotMatch(args, /lavfi/);
  });

  it('refuses a duration, size or canvas colour ffmpeg could not use', () => {
    for (const bad of [
      { durationSeconds: 0 },
      { durationSeconds: Number.POSITIVE_INFINITY },
      { video: { width: 0, height: 360 } },
      { video: { width: 640.5, height: 360 } },
      { canvasColor: 'black' },
    ]) {
      assert.throws(() => burnArgs({ ...input, ...bad }), RangeError, JSON.stringify(bad));
    }
  });
});
