import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  aliveInGroups,
  blockedWriting,
  bytesWritten,
  childGroups,
  eventually,
  notKilledInGroups,
  tempDir,
} from '@tp/testing';
import { ffmpeg, serveFiles } from '../test-fixtures.ts';
import { decodeArgs, startDecoding, type DecodeOutcome } from './ffmpeg-decoder.ts';

let dir: { path: string; remove(): Promise<void> };
let files: Awaited<ReturnType<typeof serveFiles>>;
const at = (name: string) => join(dir.path, name);

before(async () => {
  dir = await tempDir();
  const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2:sample_rate=44100', '-ac', '2'];
  await Promise.all([
    ffmpeg(...tone, at('tone.wav')),
    ffmpeg(...tone, '-c:a', 'libmp3lame', at('tone.mp3')),
    ffmpeg(...tone, '-c:a', 'libopus', at('tone.ogg')),
    ffmpeg(...tone, '-c:a', 'flac', at('tone.flac')),
    // Videos: the audio is decoded, the picture ignored.
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2:size=160x120:rate=10',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=2:sample_rate=48000',
      '-c:v',
      'libvpx',
      '-c:a',
      'libopus',
      '-shortest',
      at('clip.webm'),
    ),
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2:size=160x120:rate=10',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=2:sample_rate=48000',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      at('clip.mp4'),
    ),
    ffmpeg('-f', 'lavfi', '-i', 'testsrc=duration=2:size=160x120:rate=10', '-pix_fmt', 'yuv420p', at('silent.mp4')),
    ffmpeg('-f', 'lavfi', '-i', 'sine=duration=600:sample_rate=16000', at('long.wav')),
    // Stereo: a tone on the left, silence on the right.
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=1:sample_rate=44100',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=channel_layout=mono:sample_rate=44100',
      '-filter_complex',
      '[0][1]amerge=inputs=2',
      '-t',
      '1',
      at('left-only.wav'),
    ),
    writeFile(at('corrupt.mp3'), Buffer.from('ID3\u0003 this is not an mp3 at all '.repeat(200))),
  ]);
  files = await serveFiles(dir.path);
  // An upload that is a playlist naming another URL (here one of ours, so a fetch would be seen).
  const segment = files.url('tone.wav').replace('tone.wav', 'segment.wav');
  await writeFile(at('playlist.m3u8'), `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${segment}\n#EXT-X-ENDLIST\n`);
});

after(async () => {
  await files?.close();
  await dir?.remove();
});

/** Decodes to the end, counting what a reader receives. */
async function decodeAll(input: string): Promise<{ outcome: DecodeOutcome; received: number }> {
  const decoding = startDecoding(input, { ffmpegPath: 'ffmpeg', signal: new AbortController().signal });
  let received = 0;
  await pipeline(
    decoding.pcm,
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback();
      },
    }),
  );
  const outcome = await decoding.outcome;
  assert.equal(decoding.bytes(), received, 'the counter saw what the reader got');
  return { outcome, received };
}

describe('startDecoding: audio from files and URLs', () => {
  it('turns audio files of every kind into exactly 2 s of 16 kHz mono s16le', async () => {
    for (const name of ['tone.wav', 'tone.mp3', 'tone.ogg', 'tone.flac', 'clip.webm']) {
      const { outcome, received } = await decodeAll(at(name));
      assert.deepEqual(outcome, { status: 'ok', bytes: 64_000 }, name);
      assert.equal(received, 64_000, name);
    }
  });

  it('decodes the AAC track of an MP4 video to within one AAC frame', async () => {
    const { outcome } = await decodeAll(at('clip.mp4'));
    assert.equal(outcome.status, 'ok');
    assert.equal(outcome.bytes % 2, 0);
    // AAC priming/padding: one frame is 1024 samples at 48 kHz, 341 samples (682 bytes) at 16 kHz.
    assert.ok(Math.abs(outcome.bytes - 64_000) <= 682, `${outcome.bytes} bytes`);
  });

  it('reads a presigned-style HTTP URL', async () => {
    const { outcome } = await decodeAll(files.url('tone.wav'));
    assert.deepEqual(outcome, { status: 'ok', bytes: 64_000 });
    // Streamed over HTTP, MP3's gapless trim is not applied: within one MP3 frame (1152 samples at 44.1 kHz).
    const mp3 = await decodeAll(files.url('tone.mp3'));
    assert.ok(mp3.outcome.status === 'ok' && Math.abs(mp3.outcome.bytes - 64_000) <= 836, JSON.stringify(mp3.outcome));
    assert.ok(decodeArgs(files.url('tone.mp3')).includes('http,https,tcp,tls,crypto'));
    assert.deepEqual(decodeArgs(at('tone.mp3')).slice(3, 5), ['-protocol_whitelist', 'file']);
  });
});

/** Root mean square of 16-bit PCM samples. */
async function rmsOf(input: string, channel: number | undefined): Promise<number> {
  const decoding = startDecoding(input, { ffmpegPath: 'ffmpeg', signal: new AbortController().signal, channel });
  const chunks: Buffer[] = [];
  for await (const chunk of decoding.pcm) chunks.push(chunk as Buffer);
  assert.equal((await decoding.outcome).status, 'ok');
  const pcm = Buffer.concat(chunks);
  let sum = 0;
  for (let i = 0; i + 1 < pcm.length; i += 2) sum += pcm.readInt16LE(i) ** 2;
  return Math.sqrt(sum / (pcm.length / 2));
}

describe('startDecoding: one channel alone', () => {
  it('decodes the channel asked for, and a mix of all without one', async () => {
    const [left, right, mixed] = await Promise.all([
      rmsOf(at('left-only.wav'), 0),
      rmsOf(at('left-only.wav'), 1),
      rmsOf(at('left-only.wav'), undefined),
    ]);
    assert.ok(left > 1000, `left ${left}`);
    assert.ok(right < 10, `right ${right}`);
    assert.ok(mixed > 100 && mixed < left, `mixed ${mixed}`);
    assert.throws(() => decodeArgs(at('left-only.wav'), 1000, -1), RangeError);
  });
});

describe('startDecoding: media it cannot decode', () => {
  it('reports a corrupt file as unreadable, without its path', async () => {
    const { outcome } = await decodeAll(at('corrupt.mp3'));
    assert.equal(outcome.status, 'failed');
    assert.equal(outcome.status === 'failed' && outcome.failure.kind, 'unreadable');
    const detail = outcome.status === 'failed' ? outcome.failure.detail : '';
    assert.ok(!detail.includes(dir.path), detail);
    assert.match(detail, /Invalid data|could not find|Failed to read/i);
  });

  it('reports a video without audio as unreadable', async () => {
    const { outcome } = await decodeAll(at('silent.mp4'));
    assert.equal(outcome.status === 'failed' && outcome.failure.kind, 'unreadable');
  });

  it('refuses playlists, which would make the worker fetch other URLs', async () => {
    const { outcome } = await decodeAll(files.url('playlist.m3u8'));
    assert.equal(outcome.status === 'failed' && outcome.failure.kind, 'unreadable');
    assert.ok(files.requests.some((url) => url.includes('playlist.m3u8')));
    assert.ok(
      files.requests.every((url) => !url.includes('segment')),
      'the URL inside was not fetched',
    );
  });

  it('tells a deleted object (404) from storage that is down, and never leaks the signature', async () => {
    const missing = await decodeAll(files.url('gone.wav'));
    assert.equal(missing.outcome.status === 'failed' && missing.outcome.failure.kind, 'unavailable');
    const down = await decodeAll('http://127.0.0.1:1/x.wav?X-Amz-Signature=secret');
    assert.equal(down.outcome.status === 'failed' && down.outcome.failure.kind, 'transient');
    for (const { outcome } of [missing, down])
      assert.ok(
        outcome.status === 'failed' && !/Signature|secret|127\.0\.0\.1/.test(outcome.failure.detail),
        JSON.stringify(outcome),
      );
  });

  it('reports a missing ffmpeg as transient', async () => {
    const decoding = startDecoding(at('tone.wav'), {
      ffmpegPath: join(dir.path, 'no-ffmpeg'),
      signal: new AbortController().signal,
    });
    decoding.pcm.resume();
    const outcome = await decoding.outcome;
    assert.equal(outcome.status === 'failed' && outcome.failure.kind, 'transient');
  });
});

describe('startDecoding: abort', () => {
  it('kills ffmpeg at once when aborted, streaming a long file with backpressure', async () => {
    const controller = new AbortController();
    const before = new Set(await childGroups());
    const decoding = startDecoding(at('long.wav'), { ffmpegPath: 'ffmpeg', signal: controller.signal });
    // Nobody reads: ffmpeg blocks on a full pipe instead of buffering 19 MB in memory.
    const groups = await eventually('ffmpeg to start', async () => {
      const now = (await childGroups()).filter((g) => !before.has(g));
      return now.length > 0 ? now : undefined;
    });
    const [ffmpegPid] = groups as [number];
    await eventually('ffmpeg to block on its full output', () => blockedWriting(ffmpegPid, 1));
    assert.ok(decoding.bytes() < 1024 * 1024, `only what fits in the pipes is decoded (${decoding.bytes()} bytes)`);
    const written = bytesWritten(ffmpegPid);
    assert.ok(written < 1024 * 1024, `ffmpeg wrote only what fits in the pipes (${written} bytes)`);
    controller.abort(new Error('stop'));
    // Read before anything else runs: the abort itself sent SIGKILL to ffmpeg's group.
    assert.deepEqual(notKilledInGroups(groups), [], 'killed at once');
    const outcome = await decoding.outcome;
    assert.equal(outcome.status, 'aborted');
    await eventually('the group to be gone', async () => (await aliveInGroups(groups)).length === 0);
  });
});
