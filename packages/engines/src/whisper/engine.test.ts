import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { concatSpeech, eventually, tempDir, type TempDir, writeRandomWhisperModel } from '@tp/testing';
import { EngineError, EngineUnavailableError } from '../engine.ts';
import { PCM_SAMPLE_RATE } from '../pcm.ts';
import type { Recognition } from '../recognition.ts';
import { createWhisperEngine, type WhisperEngine } from './engine.ts';
import { DEFAULT_WHISPER_LIBRARY as LIBRARY } from './settings.ts';

// whisper.cpp built by make test (tools/dev/whisper-lib.ts), and a random-weight tiny.en: real
// loading, decoding and timing, meaningless words (accuracy is not what these tests measure).
let dir: TempDir;
let engine: WhisperEngine;
let speech: Buffer;

before(async () => {
  dir = await tempDir('tp-whisper-');
  await writeRandomWhisperModel(join(dir.path, 'ggml-tiny.en.bin'), 'tiny.en');
  engine = createWhisperEngine({ library: LIBRARY, modelDir: dir.path, model: 'tiny.en', idleHosts: 1 });
  const clip = await concatSpeech(
    ['The birch canoe slid on the smooth planks.', 'Glue the sheet to the dark blue background.'],
    {
      dir: dir.path,
      format: 's16le',
      gapSeconds: 1,
    },
  );
  speech = await readFile(clip.path);
  await engine.check();
});
after(async () => {
  await engine?.close();
  await dir?.remove();
});

const run = (pcm: Buffer, signal = new AbortController().signal) =>
  engine.transcribe(Readable.from([pcm]), { language: 'en', signal });
const words = (r: Recognition) => r.utterances.flatMap((u) => u.words);
const seconds = (pcm: Buffer) => pcm.byteLength / 2 / PCM_SAMPLE_RATE;
const alive = (pid: number) => existsSync(`/proc/${pid}`);

function assertTimeline(recognized: Recognition, duration: number): void {
  const all = words(recognized);
  assert.ok(all.length > 0, 'some words');
  for (const [i, word] of all.entries()) {
    assert.ok(
      word.start >= 0 && word.end <= duration + 1e-9,
      `${word.text} ${word.start}–${word.end} inside ${duration}`,
    );
    assert.ok(word.end >= word.start, `${word.text} ends after it starts`);
    if (i > 0) assert.ok(word.start >= all[i - 1]!.end - 1e-9, 'in order');
    assert.ok(word.confidence !== null && word.confidence >= 0 && word.confidence <= 1);
  }
}

describe('whisper engine: recognition', () => {
  it('decodes a clip into timed, scored words inside its duration, with a warm host', async () => {
    const [pid] = engine.idleHostPids();
    const recognized = await run(speech);
    assert.equal(recognized.language, 'en');
    assert.equal(recognized.utterances.length, 1, 'one piece');
    assertTimeline(recognized, seconds(speech));
    const all = words(recognized);
    assert.ok(
      all.some((w) => w.end > w.start) && all.some((w) => w.start > 0),
      'times come from the tokens (all 0 when whisper runs without timestamps)',
    );
    assert.deepEqual(engine.idleHostPids(), [pid!], 'the same host, kept loaded');
  });

  it('decodes input longer than 30 s in pieces, on the input time line', async () => {
    const long = Buffer.concat([speech, speech, speech, speech, speech]);
    const recognized = await run(long);
    assert.ok(recognized.utterances.length >= 2, `${recognized.utterances.length} pieces`);
    assertTimeline(recognized, seconds(long));
    assert.ok(recognized.utterances.at(-1)!.words[0]!.start >= 20, 'the last piece starts late in the input');
  });

  it('gives nothing for no audio', async () => {
    assert.deepEqual(await run(Buffer.alloc(0)), { language: 'en', utterances: [] });
  });

  it('refuses a language the model does not speak', async () => {
    await assert.rejects(
      engine.transcribe(Readable.from([speech]), { language: 'de', signal: new AbortController().signal }),
      /whisper \(tiny\.en\) transcribes en only, not de/,
    );
  });
});

describe('whisper engine: hosts and failures', () => {
  it('an abort kills the host at once; the next call starts a new one', async () => {
    const [pid] = engine.idleHostPids();
    const controller = new AbortController();
    const pending = run(Buffer.concat(Array.from({ length: 8 }, () => speech)), controller.signal);
    controller.abort(new Error('cancelled by the test'));
    await assert.rejects(pending, /cancelled by the test/);
    await eventually('the host to be gone', () => !alive(pid!));
    assertTimeline(await run(speech), seconds(speech));
    assert.notEqual(engine.idleHostPids()[0], pid);
  });

  it('a host that crashes mid-window rejects with an EngineError saying how, and is replaced', async () => {
    const [pid] = engine.idleHostPids();
    const pending = run(Buffer.concat([speech, speech, speech]));
    process.kill(pid!, 'SIGSEGV');
    await assert.rejects(pending, (err: unknown) => {
      assert.ok(err instanceof EngineError);
      assert.match(err.message, /whisper crashed \(killed by SIGSEGV\)/);
      return true;
    });
    assertTimeline(await run(speech), seconds(speech));
  });

  it('a missing model or library is refused at check, naming the file', async () => {
    const missing = createWhisperEngine({ library: LIBRARY, modelDir: dir.path, model: 'base.en' });
    await assert.rejects(missing.check(), (err: unknown) => {
      assert.ok(err instanceof EngineUnavailableError);
      assert.match(
        err.message,
        /ggml-base\.en\.bin is missing \(mount the operator's ggml files in WHISPER_MODEL_DIR\)/,
      );
      return true;
    });
    const noLibrary = createWhisperEngine({ library: join(dir.path, 'nope.so'), modelDir: dir.path, model: 'tiny.en' });
    await assert.rejects(noLibrary.check(), /nope\.so is missing/);
  });

  it('a file that is not a whisper model is refused at check', async () => {
    await writeFile(join(dir.path, 'ggml-small.en.bin'), Buffer.alloc(4096, 7));
    const broken = createWhisperEngine({ library: LIBRARY, modelDir: dir.path, model: 'small.en' });
    await assert.rejects(broken.check(), (err: unknown) => {
      assert.ok(err instanceof EngineUnavailableError);
      assert.match(err.message, /whisper could not load the model .*ggml-small\.en\.bin/);
      return true;
    });
  });
});
