import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  createPocketsphinxEngine,
  DecodeError,
  DEFAULT_POCKETSPHINX_MODEL_DIR,
  EngineError,
  EnginePool,
  type SpeechEngine,
} from '@tp/engines';
import { createLogger } from '@tp/logging';
import { createSpeechGuard, createSpeechWindower, type SpeechGuard } from '@tp/speech-guard';
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
import { type TranscribeMediaInput, transcribeMedia } from './transcribe-media.ts';
import { windowCheckpoints } from '../window-items/window-checkpoints.ts';
import { localRecognizer } from '../window-items/window-recognizers.ts';

const execFileAsync = promisify(execFile);
let dir: { path: string; remove(): Promise<void> };
let clip: Awaited<ReturnType<typeof concatSpeech>>;
const engine = createPocketsphinxEngine({
  binary: 'pocketsphinx_continuous',
  modelDir: DEFAULT_POCKETSPHINX_MODEL_DIR,
});

let guard: SpeechGuard;
const log = createLogger({ service: 'transcribe-media-test', level: 'silent' });

/** A windowed run with 5-second windows (several per clip), two engine slots and no checkpoints. */
function start(
  input: Pick<TranscribeMediaInput, 'input' | 'signal'> & Partial<TranscribeMediaInput> & { engine?: SpeechEngine },
) {
  const checkpoints = windowCheckpoints(undefined, log, {
    jobId: 'j',
    channel: undefined,
    engine: 'pocketsphinx',
    language: 'auto',
  });
  const { engine: chosen = engine, ...rest } = input;
  return transcribeMedia({
    ffmpegPath: 'ffmpeg',
    windower: createSpeechWindower(guard, { targetSeconds: 5, maxSeconds: 10 }),
    recognizer: localRecognizer({ engine: chosen, language: 'auto', pool: new EnginePool(2), checkpoints }),
    ...rest,
  });
}

before(async () => {
  guard = await createSpeechGuard();
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
  await guard?.close();
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
    const run = start({ input: clip.path, signal: new AbortController().signal });
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
    assert.ok(result.windows.windows >= 3, `${result.windows.windows} windows`);
    assert.equal(run.doneSeconds() > clip.durationSeconds * 0.8, true, `${run.doneSeconds()} s done`);
    const words = result.recognition.utterances.flatMap((u) => u.words);
    for (const [i, word] of words.entries()) {
      assert.ok(word.start <= word.end && word.end <= clip.durationSeconds + 0.05, JSON.stringify(word));
      if (i > 0)
        assert.ok(word.start >= words[i - 1]!.end, `monotone at ${i}: ${JSON.stringify(words.slice(i - 1, i + 1))}`);
    }
  });

  it('sends no silence to the engine: a silent file gives an empty transcript without running it', async () => {
    const silent = join(dir.path, 'silence.wav');
    await execFileAsync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '20', silent]);
    // An engine that fails if it is ever started.
    const never = await writeScript(dir.path, 'never.sh', 'exit 3');
    const run = start({
      input: silent,
      engine: createPocketsphinxEngine({ binary: never, modelDir: DEFAULT_POCKETSPHINX_MODEL_DIR }),
      signal: new AbortController().signal,
    });
    const result = await run.result;
    assert.deepEqual(result.recognition.utterances, []);
    assert.equal(result.windows.windows, 0);
    assert.equal(result.engineMs, 0);
    assert.ok(Math.abs(result.decodedBytes / 32_000 - 20) < 0.05, 'the whole file was decoded (and billed)');
  });

  it('on cancellation kills ffmpeg and the engine together within a second, leaving no process behind', async () => {
    const controller = new AbortController();
    const before = new Set(await childGroups());
    const run = start({ input: clip.path, signal: controller.signal });
    // Two engine slots at work on windows of the clip (ffmpeg may have finished reading by then).
    await eventually('decoding to be under way', () => run.decodedBytes() > 32_000);
    const groups = await newGroups(before, 2);
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
    const run = start({ input: clip.path, engine: crashy, signal: new AbortController().signal });
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
    const run = start({ input: join(dir.path, 'missing.wav'), signal: new AbortController().signal });
    await assert.rejects(
      run.result,
      (err: Error) =>
        err instanceof DecodeError && err.failure.kind === 'unreadable' && !err.failure.detail.includes(dir.path),
    );
  });
});
