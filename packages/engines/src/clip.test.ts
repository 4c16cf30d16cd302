import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  concatSpeech,
  eventually,
  HARVARD_SENTENCES,
  type SpeechClip,
  type TempDir,
  tempDir,
  wordErrorRate,
} from '@tp/testing';
import { ClipTooLongError, decodeClip, transcribeClip } from './clip.ts';
import { DecodeError } from './decode/decode-failure.ts';
import { needsSeekableInput } from './decode/seekable-input.ts';
import { EngineError } from './engine.ts';
import { liveGroupCount } from './process-group.ts';
import { createPocketsphinxEngine } from './pocketsphinx/pocketsphinx.ts';
import { DEFAULT_POCKETSPHINX_MODEL_DIR } from './settings.ts';

const engine = createPocketsphinxEngine({
  binary: 'pocketsphinx_continuous',
  modelDir: DEFAULT_POCKETSPHINX_MODEL_DIR,
});
const SENTENCES = HARVARD_SENTENCES.slice(0, 2);
let dir: TempDir;
const clips: Partial<Record<'wav' | 'mp3' | 'mp4', SpeechClip>> = {};

before(async () => {
  dir = await tempDir();
  for (const format of ['wav', 'mp3', 'mp4'] as const)
    clips[format] = await concatSpeech(SENTENCES, { voice: 'rms', format, dir: dir.path, name: format });
});
after(async () => {
  await dir?.remove();
});

const signal = () => new AbortController().signal;
const bytesOf = (format: 'wav' | 'mp3' | 'mp4') => readFile(clips[format]!.path);

describe('transcribeClip', () => {
  it('decodes a clip held in memory through ffmpeg’s stdin and transcribes it, timing each step', async () => {
    const clip = clips.wav!;
    const result = await transcribeClip({ input: await bytesOf('wav'), engine, signal: signal() });
    assert.equal(result.language, 'en');
    assert.ok(Math.abs(result.durationSeconds - clip.durationSeconds) < 0.01, `${result.durationSeconds} s`);
    assert.ok(wordErrorRate(clip.text, result.text).wer < 0.4, result.text);
    assert.equal(result.text, result.words.map((w) => w.word).join(' '));
    assert.equal(result.text, result.segments.map((s) => s.text).join(' '));
    assert.ok(result.segments.length >= 2, 'the pause between the sentences splits them');
    for (const [i, w] of result.words.entries()) {
      assert.ok(w.start >= 0 && w.end >= w.start && w.end <= result.durationSeconds + 0.05, JSON.stringify(w));
      assert.ok(w.confidence !== null && w.confidence >= 0 && w.confidence <= 1);
      if (i > 0) assert.ok(w.start >= result.words[i - 1]!.end, 'ordered');
    }
    assert.ok(result.decodeMs > 0 && result.engineMs > 0, JSON.stringify(result));
  });

  it('takes compressed clips too, and an MP4 whose index follows its data (decoded from a private file)', async () => {
    const mp4 = await bytesOf('mp4');
    assert.ok(needsSeekableInput(mp4), 'ffmpeg writes the moov box last unless told to fast-start');
    for (const format of ['mp3', 'mp4'] as const) {
      const result = await transcribeClip({ input: await bytesOf(format), engine, language: 'en', signal: signal() });
      // MP3 and AAC pad the audio by up to a frame or two.
      assert.ok(
        Math.abs(result.durationSeconds - clips[format]!.durationSeconds) < 0.1,
        `${format}: ${result.durationSeconds}`,
      );
      assert.ok(wordErrorRate(clips[format]!.text, result.text).wer < 0.4, `${format}: ${result.text}`);
    }
  });

  it('refuses bytes that are not media, and a language the engine does not transcribe', async () => {
    await assert.rejects(
      transcribeClip({ input: Buffer.from('this is not audio at all '.repeat(100)), engine, signal: signal() }),
      (err: Error) => err instanceof DecodeError && err.failure.kind === 'unreadable',
    );
    await assert.rejects(
      transcribeClip({ input: Buffer.alloc(0), engine, signal: signal() }),
      (err: Error) => err instanceof DecodeError && err.failure.kind === 'unreadable',
    );
    await assert.rejects(
      transcribeClip({ input: await bytesOf('wav'), engine, language: 'de', signal: signal() }),
      (err: Error) => err instanceof EngineError && /not de/.test(err.message),
    );
  });

  it('refuses a clip longer than allowed as soon as that much is decoded', async () => {
    await assert.rejects(decodeClip({ input: await bytesOf('wav'), maxSeconds: 1, signal: signal() }), (err: Error) => {
      assert.ok(err instanceof ClipTooLongError);
      assert.equal(err.maxSeconds, 1);
      return true;
    });
    await eventually('ffmpeg stopped', () => liveGroupCount() === 0);
    const short = await decodeClip({ input: await bytesOf('wav'), maxSeconds: 60, signal: signal() });
    assert.equal(short.pcm.length, Math.round(clips.wav!.durationSeconds * 32_000));
  });
});
