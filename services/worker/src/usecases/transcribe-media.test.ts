import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createPocketsphinxEngine, DecodeError, DEFAULT_POCKETSPHINX_MODEL_DIR, EngineError } from '@tp/engines';
import {
  aliveInGroups,
  childGroups,
  concatSpeech,
  eventually,
  HARVARD_SENTENCES,
  notKilledInGroups,
  tempDir,
  wordErrorRate,
  writeScript,
} from '@tp/testing';
import { transcribeMedia } from './transcribe-media.ts';

let dir: { path: string; remove(): Promise<void> };
let clip: Awaited<ReturnType<typeof concatSpeech>>;
const engine = createPocketsphinxEngine({
  binary: 'pocketsphinx_continuous',
  modelDir: DEFAULT_POCKETSPHINX_MODEL_DIR,
});

before(async () => {
  dir = await tempDir();
  // About 20 s of speech as MP3: several seconds of work for the engine.
  clip = await concatSpeech(HARVARD_SENTENCES.slice(0, 8), {
    voice: 'rms',
    format: 'mp3',
    dir: dir.path,
    name: 'clip',
  });
});
after(async () => {
  await dir?.remove();
});

async function newGroups(before: Set<number>, atLeast: number): Promise<number[]> {
  return eventually(`${atLeast} new process groups`, async () => {
    const now = (await childGroups()).filter((g) => !before.has(g));
    return now.length >= atLeast ? now : undefined;
  });
}

describe('transcribeMedia', () => {
  it('streams ffmpeg into the engine and counts the decoded audio', async () => {
    const run = transcribeMedia({
      input: clip.path,
      engine,
      language: 'auto',
      ffmpegPath: 'ffmpeg',
      signal: new AbortController().signal,
    });
    const result = await run.result;
    assert.ok(
      Math.abs(result.decodedBytes / 32_000 - clip.durationSeconds) < 0.06,
      `${result.decodedBytes} bytes for ${clip.durationSeconds} s`,
    );
    assert.equal(run.decodedBytes(), result.decodedBytes);
    assert.ok(result.engineMs > 0);
    const hypothesis = result.recognition.utterances.flatMap((u) => u.words.map((w) => w.text)).join(' ');
    assert.ok(wordErrorRate(clip.text, hypothesis).wer < 0.4, hypothesis);
    assert.ok(result.recognition.utterances.length >= 4, 'the pauses between sentences split utterances');
  });

  it('on cancellation kills ffmpeg and the engine together within a second, leaving no process behind', async () => {
    const controller = new AbortController();
    const before = new Set(await childGroups());
    const run = transcribeMedia({
      input: clip.path,
      engine,
      language: 'auto',
      ffmpegPath: 'ffmpeg',
      signal: controller.signal,
    });
    const groups = await newGroups(before, 2);
    await eventually('decoding to be under way', () => run.decodedBytes() > 32_000);
    controller.abort(new Error('the job was cancelled'));
    // Read before anything else runs: the abort itself sent SIGKILL to both groups.
    assert.deepEqual(notKilledInGroups(groups), [], 'both killed at once');
    await assert.rejects(run.result, /the job was cancelled/);
    await eventually('both groups to be gone', async () => (await aliveInGroups(groups)).length === 0);
  });

  it('stops ffmpeg when the engine crashes, and reports the crash', async () => {
    const crashing = await writeScript(dir.path, 'segv.sh', 'head -c 64000 > /dev/null\nkill -SEGV $$');
    const crashy = createPocketsphinxEngine({ binary: crashing, modelDir: DEFAULT_POCKETSPHINX_MODEL_DIR });
    const before = new Set(await childGroups());
    const run = transcribeMedia({
      input: clip.path,
      engine: crashy,
      language: 'auto',
      ffmpegPath: 'ffmpeg',
      signal: new AbortController().signal,
    });
    const crashed = assert.rejects(
      run.result,
      (err: Error) => err instanceof EngineError && /SIGSEGV/.test(err.message),
    );
    const seen = await childGroups();
    await crashed;
    const groups = seen.filter((g) => !before.has(g));
    // By the time the crash is reported, ffmpeg has been killed (the engine's group died of the crash).
    assert.deepEqual(notKilledInGroups(groups), [], 'ffmpeg killed');
    await eventually('no process left', async () => (await aliveInGroups(groups)).length === 0);
  });

  it('reports an unreadable input as a DecodeError, even though the engine saw an empty stream', async () => {
    const run = transcribeMedia({
      input: join(dir.path, 'missing.wav'),
      engine,
      language: 'auto',
      ffmpegPath: 'ffmpeg',
      signal: new AbortController().signal,
    });
    await assert.rejects(
      run.result,
      (err: Error) =>
        err instanceof DecodeError && err.failure.kind === 'unreadable' && !err.failure.detail.includes(dir.path),
    );
  });
});
