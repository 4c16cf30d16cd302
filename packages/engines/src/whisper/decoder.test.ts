// The decoder in this process (as a host runs it), on a random-weight tiny.en: random weights never
// end a sentence, so every piece decodes to its token bound, the case that once made whisper.cpp
// re-encode a window pass after pass (its decode limit of 220 tokens counts as a repetition loop).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildLongRecording, tempDir, type TempDir, writeRandomWhisperModel } from '@tp/testing';
import { WhisperDecoder } from './decoder.ts';
import { DEFAULT_WHISPER_LIBRARY as LIBRARY } from './settings.ts';

let dir: TempDir;
let decoder: WhisperDecoder;
let samples: Float32Array;

before(async () => {
  dir = await tempDir('tp-whisper-decoder-');
  const model = join(dir.path, 'ggml-tiny.en.bin');
  await writeRandomWhisperModel(model, 'tiny.en');
  decoder = new WhisperDecoder({ library: LIBRARY, model, threads: 1, useGpu: false });
  const recording = await buildLongRecording({ seconds: 30, dir: dir.path });
  const wav = await readFile(recording.path);
  // The recording is 16 kHz mono s16le WAV: its samples after the 44-byte header.
  const pcm = wav.subarray(44);
  samples = new Float32Array(Math.floor(pcm.byteLength / 2));
  for (let i = 0; i < samples.length; i += 1) samples[i] = pcm.readInt16LE(2 * i) / 32768;
});
after(() => dir?.remove());

describe('whisper decoder', () => {
  it('decodes a whole 30 s piece in one encoder pass, within 200 tokens', () => {
    const tokens = decoder.decode(samples.subarray(0, 30 * 16_000), 'en');
    assert.equal(decoder.lastPasses, 1, 'one encoder pass');
    assert.ok(tokens.length > 0 && tokens.length <= 200, `${tokens.length} tokens`);
  });

  it('bounds a short piece at 8 tokens a second, in one pass', () => {
    const tokens = decoder.decode(samples.subarray(0, 10 * 16_000), 'en');
    assert.equal(decoder.lastPasses, 1);
    assert.ok(tokens.length > 0 && tokens.length <= 80, `${tokens.length} tokens`);
  });
});
