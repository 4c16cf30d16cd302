import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { concatSpeech, eventually, synthesizeSpeech, tempDir, type TempDir } from '@tp/testing';
import { EngineError, EngineUnavailableError } from '../engine.ts';
import { PCM_SAMPLE_RATE } from '../pcm.ts';
import type { Recognition } from '../recognition.ts';
import { DEFAULT_POCKETSPHINX_MODEL_DIR } from '../settings.ts';
import { createPocketsphinxLibraryEngine, MAX_UTTERANCE_SECONDS } from './library-engine.ts';
import { createPocketsphinxEngine } from './pocketsphinx.ts';

const SENTENCES = ['The birch canoe slid on the smooth planks.', 'Glue the sheet to the dark blue background.'];
const engine = createPocketsphinxLibraryEngine({ modelDir: DEFAULT_POCKETSPHINX_MODEL_DIR, idleHosts: 1 });
let dir: TempDir;
let speech: { pcm: Buffer; text: string };
let hello: Buffer;

before(async () => {
  dir = await tempDir();
  const clip = await concatSpeech(SENTENCES, { dir: dir.path, format: 's16le', gapSeconds: 1 });
  speech = { pcm: await readFile(clip.path), text: clip.text };
  hello = await readFile(await synthesizeSpeech('Hello world.', { dir: dir.path, format: 's16le' }));
  await engine.check();
});
after(async () => {
  await engine.close();
  await dir?.remove();
});

const run = (pcm: Buffer, signal = new AbortController().signal) =>
  engine.transcribe(Readable.from([pcm]), { language: 'en', signal });
const words = (r: Recognition) => r.utterances.flatMap((u) => u.words);
const alive = (pid: number) => existsSync(`/proc/${pid}`);

describe('pocketsphinx through the library: recognition', () => {
  it('recognizes exactly what the command-line tool recognizes, one utterance per sentence', async () => {
    const library = await run(speech.pcm);
    const command = await createPocketsphinxEngine({
      binary: 'pocketsphinx_continuous',
      modelDir: DEFAULT_POCKETSPHINX_MODEL_DIR,
    }).transcribe(Readable.from([speech.pcm]), { language: 'en', signal: new AbortController().signal });
    assert.deepEqual(library, command, 'the same utterances, words, times and confidences');
    assert.equal(library.utterances.length, 2, 'the 1 s pause between the sentences ends an utterance');
    assert.ok(words(library).length >= 10, 'it recognized the speech');
  });

  it('keeps one host loaded between calls, and recognizes the same audio the same way every time', async () => {
    const [pid] = engine.idleHostPids();
    assert.ok(pid !== undefined && alive(pid));
    const first = await run(hello);
    const second = await run(hello);
    assert.deepEqual(engine.idleHostPids(), [pid], 'the same host served both');
    assert.deepEqual(second, first, 'nothing carried over from one call to the next');
    assert.match(
      words(first)
        .map((w) => w.text)
        .join(' '),
      /hello world/,
    );
  });
});

describe('pocketsphinx through the library: hosts and failures', () => {
  it('an abort kills the host at once and rejects with the reason; the next call starts a new host', async () => {
    const [pid] = engine.idleHostPids();
    const controller = new AbortController();
    const long = Buffer.concat([speech.pcm, speech.pcm, speech.pcm]);
    const pending = run(long, controller.signal);
    controller.abort(new Error('cancelled by the test'));
    await assert.rejects(pending, /cancelled by the test/);
    await eventually('the host to be gone', () => !alive(pid!));
    assert.deepEqual(engine.idleHostPids(), []);
    assert.match(
      words(await run(hello))
        .map((w) => w.text)
        .join(' '),
      /hello world/,
    );
    assert.notEqual(engine.idleHostPids()[0], pid);
  });

  it('a host that crashes mid-window rejects with an EngineError saying how, and is replaced', async () => {
    const [pid] = engine.idleHostPids();
    const pending = run(Buffer.concat([speech.pcm, speech.pcm]));
    process.kill(pid!, 'SIGSEGV');
    await assert.rejects(pending, (err: unknown) => {
      assert.ok(err instanceof EngineError);
      assert.match(err.message, /pocketsphinx crashed \(killed by SIGSEGV\)/);
      return true;
    });
    assert.match(
      words(await run(hello))
        .map((w) => w.text)
        .join(' '),
      /hello world/,
    );
  });

  it('no audio, or silence, gives no utterances', async () => {
    assert.deepEqual(await run(Buffer.alloc(0)), { language: 'en', utterances: [] });
    assert.deepEqual(await run(Buffer.alloc(2 * PCM_SAMPLE_RATE)), { language: 'en', utterances: [] });
  });

  it('refuses a language it does not speak, without taking a host', async () => {
    await assert.rejects(
      engine.transcribe(Readable.from([hello]), { language: 'de', signal: new AbortController().signal }),
      /transcribes en only, not de/,
    );
  });

  it(`decodes input longer than ${MAX_UTTERANCE_SECONDS} s in pieces cut in pauses, on the input's time line`, async () => {
    const gap = Buffer.alloc(PCM_SAMPLE_RATE * 2 * 4);
    const parts: Buffer[] = [];
    let seconds = 0;
    while (seconds < MAX_UTTERANCE_SECONDS + 10) {
      parts.push(hello, gap);
      seconds += (hello.length + gap.length) / 2 / PCM_SAMPLE_RATE;
    }
    const recognized = words(await run(Buffer.concat(parts)));
    const hellos = recognized.filter((w) => w.text === 'hello');
    assert.ok(hellos.length >= parts.length / 2 - 1, `${hellos.length} of ${parts.length / 2}`);
    assert.ok(hellos.at(-1)!.start > MAX_UTTERANCE_SECONDS, 'the last ones after the first piece');
    for (let i = 1; i < recognized.length; i += 1) assert.ok(recognized[i]!.start >= recognized[i - 1]!.start);
  });

  it('refuses to start without the model, naming what is missing', async () => {
    const missing = createPocketsphinxLibraryEngine({ modelDir: `${dir.path}/nowhere` });
    await assert.rejects(missing.check(), (err: unknown) => {
      assert.ok(err instanceof EngineUnavailableError);
      assert.match(err.message, /nowhere\/en-us is missing.*pocketsphinx-en-us/);
      return true;
    });
  });
});
