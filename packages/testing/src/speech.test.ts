import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { concatSpeech, HARVARD_SENTENCES, makeSpeechClip, synthesizeSpeech } from './speech.ts';

const run = promisify(execFile);

async function probe(path: string): Promise<{
  format: string;
  duration: number;
  streams: { codec_type: string; codec_name: string; sample_rate?: string; channels?: number }[];
}> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    path,
  ]);
  const parsed = JSON.parse(stdout) as {
    format: { format_name: string; duration: string };
    streams: { codec_type: string; codec_name: string; sample_rate?: string; channels?: number }[];
  };
  return { format: parsed.format.format_name, duration: Number(parsed.format.duration), streams: parsed.streams };
}

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'speech-test-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('synthesizeSpeech', () => {
  it('writes a 16 kHz mono WAV by default', async () => {
    const path = await synthesizeSpeech('Open the window and let the fresh air in.', { dir, name: 'window' });
    assert.equal(path, join(dir, 'window.wav'));
    const info = await probe(path);
    assert.equal(info.format, 'wav');
    assert.equal(info.streams[0]?.sample_rate, '16000');
    assert.equal(info.streams[0]?.channels, 1);
    assert.ok(info.duration > 1.5 && info.duration < 5, `duration ${info.duration}`);
  });

  it('transcodes to other formats, rates and channel counts, and a video', async () => {
    const mp3 = await probe(
      await synthesizeSpeech('Read verse out loud for pleasure.', {
        dir,
        format: 'mp3',
        sampleRate: 44100,
        voice: 'slt',
      }),
    );
    assert.equal(mp3.format, 'mp3');
    assert.equal(mp3.streams[0]?.sample_rate, '44100');
    const ogg = await probe(
      await synthesizeSpeech('Read verse out loud for pleasure.', { dir, format: 'ogg', channels: 2 }),
    );
    assert.equal(ogg.streams[0]?.codec_name, 'opus');
    assert.equal(ogg.streams[0]?.channels, 2);
    const video = await probe(await synthesizeSpeech('Read verse out loud for pleasure.', { dir, format: 'mp4' }));
    assert.deepEqual(video.streams.map((s) => s.codec_type).sort(), ['audio', 'video']);
  });

  it('creates (and leaves) its own folder without dir', async () => {
    const path = await synthesizeSpeech('Two blue fish swam in the tank.');
    try {
      assert.ok((await stat(path)).size > 10_000);
    } finally {
      await rm(join(path, '..'), { recursive: true, force: true });
    }
  });
});

describe('concatSpeech and makeSpeechClip', () => {
  it('joins sentences with silences and reports the reference text', async () => {
    const one = await probe(await synthesizeSpeech(HARVARD_SENTENCES[0]!, { dir }));
    const clip = await concatSpeech(HARVARD_SENTENCES.slice(0, 3), { dir, gapSeconds: 1 });
    assert.equal(clip.text, HARVARD_SENTENCES.slice(0, 3).join(' '));
    const info = await probe(clip.path);
    assert.ok(Math.abs(info.duration - clip.durationSeconds) < 0.01);
    assert.ok(clip.durationSeconds > one.duration * 2 + 2, 'three sentences and two one-second gaps');
  });

  it('makes a clip of about the target length', async () => {
    const clip = await makeSpeechClip({ dir, targetSeconds: 20 });
    assert.ok(clip.durationSeconds > 15 && clip.durationSeconds < 25, `duration ${clip.durationSeconds}`);
    assert.ok(clip.sentences.length >= 5);
    assert.ok((await readdir(dir)).includes(clip.path.slice(dir.length + 1)));
  });
});
