import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  aliveInGroups,
  childGroups,
  eventually,
  notKilledInGroups,
  synthesizeSpeech,
  tempDir,
  wordErrorRate,
  writeScript,
} from '@tp/testing';
import { EngineError, EngineUnavailableError } from '../engine.ts';
import { DEFAULT_POCKETSPHINX_MODEL_DIR as MODEL_DIR } from '../settings.ts';
import { createPocketsphinxEngine, pocketsphinxArgs, resolveExecutable } from './pocketsphinx.ts';

const SENTENCE = 'The quick brown fox jumps over the lazy dog. She sells seashells by the seashore.';
/** Measured on PocketSphinx 0.8+5prealpha (en-us): rms 0.067, awb 0.067, slt 0.333. */
const WER_BOUND = { rms: 0.2, slt: 0.45 } as const;

let dir: { path: string; remove(): Promise<void> };
const engine = createPocketsphinxEngine({ binary: 'pocketsphinx_continuous', modelDir: MODEL_DIR });
const speech: Record<string, string> = {};

before(async () => {
  dir = await tempDir();
  for (const voice of ['rms', 'slt'] as const)
    speech[voice] = await synthesizeSpeech(SENTENCE, { voice, format: 's16le', dir: dir.path, name: voice });
});
after(async () => {
  await dir?.remove();
});

const signal = () => new AbortController().signal;

describe('pocketsphinx engine: set-up', () => {
  it('passes its check where the Debian packages are installed', async () => {
    await engine.check();
    assert.ok(await resolveExecutable('pocketsphinx_continuous'));
    assert.deepEqual(pocketsphinxArgs('/m').slice(0, 6), [
      '-infile',
      '/dev/stdin',
      '-time',
      'yes',
      '-logfn',
      '/dev/null',
    ]);
    assert.deepEqual(pocketsphinxArgs('/m').slice(6), [
      '-hmm',
      '/m/en-us',
      '-dict',
      '/m/cmudict-en-us.dict',
      '-lm',
      '/m/en-us.lm.bin',
      '-maxhmmpf',
      '3000',
      '-maxwpf',
      '10',
    ]);
    assert.deepEqual(pocketsphinxArgs('/m', { maxHmmPerFrame: 30000, maxWordsPerFrame: -1 }).slice(-4), [
      '-maxhmmpf',
      '30000',
      '-maxwpf',
      '-1',
    ]);
  });

  it('says what is missing when it cannot run', async () => {
    const broken = createPocketsphinxEngine({ binary: 'no-such-pocketsphinx', modelDir: join(dir.path, 'no-model') });
    await assert.rejects(broken.check(), (err: Error) => {
      assert.ok(err instanceof EngineUnavailableError);
      assert.match(err.message, /no-such-pocketsphinx is not an executable on PATH/);
      assert.match(err.message, /no-model\/en-us is missing/);
      assert.match(err.message, /cmudict-en-us\.dict is missing/);
      assert.match(err.message, /pocketsphinx-en-us/);
      return true;
    });
  });
});

describe('pocketsphinx engine: recognition', () => {
  for (const voice of ['rms', 'slt'] as const) {
    it(`recognizes flite ${voice} speech with ordered, timed words (WER ≤ ${WER_BOUND[voice]})`, async () => {
      const seconds = (await stat(speech[voice]!)).size / 32_000;
      const recognition = await engine.transcribe(createReadStream(speech[voice]!), {
        language: 'auto',
        signal: signal(),
      });
      assert.equal(recognition.language, 'en');
      const words = recognition.utterances.flatMap((u) => u.words);
      const hypothesis = words.map((w) => w.text).join(' ');
      const wer = wordErrorRate(SENTENCE, hypothesis);
      assert.ok(wer.wer <= WER_BOUND[voice], `WER ${wer.wer.toFixed(3)}: ${hypothesis}`);
      assert.ok(
        words.every((w) => /^[a-z']+$/.test(w.text)),
        'plain words, no markers',
      );
      for (const [i, w] of words.entries()) {
        assert.ok(w.start >= 0 && w.end >= w.start && w.end <= seconds + 0.05, JSON.stringify(w));
        assert.ok(w.confidence !== null && w.confidence >= 0 && w.confidence <= 1);
        if (i > 0) assert.ok(w.start >= words[i - 1]!.end, 'ordered');
      }
      assert.equal(words[0]?.text, 'the');
    });
  }

  it('transcribes silence to nothing', async () => {
    const silence = join(dir.path, 'silence.raw');
    await writeFile(silence, Buffer.alloc(32_000 * 2));
    const recognition = await engine.transcribe(createReadStream(silence), { language: 'en', signal: signal() });
    assert.deepEqual(recognition.utterances, []);
  });

  it('refuses a language it does not transcribe', async () => {
    await assert.rejects(
      engine.transcribe(createReadStream(speech.rms!), { language: 'de', signal: signal() }),
      (err: Error) => err instanceof EngineError && /en only, not de/.test(err.message),
    );
  });
});

describe('pocketsphinx engine: failures', () => {
  it('turns a crash (SIGSEGV) into an EngineError, not a dead worker', async () => {
    const crashing = await writeScript(dir.path, 'segv.sh', 'head -c 20000 > /dev/null\nkill -SEGV $$');
    const crashy = createPocketsphinxEngine({ binary: crashing, modelDir: MODEL_DIR });
    await assert.rejects(
      crashy.transcribe(createReadStream(speech.rms!), { language: 'auto', signal: signal() }),
      (err: Error) => {
        assert.ok(err instanceof EngineError);
        assert.match(err.message, /pocketsphinx crashed \(killed by SIGSEGV\)/);
        return true;
      },
    );
  });

  it('turns a non-zero exit into an EngineError, its last words kept apart from its message', async () => {
    const failing = await writeScript(
      dir.path,
      'fail.sh',
      'cat > /dev/null\necho "FATAL: acoustic model is broken" >&2\nexit 3',
    );
    const broken = createPocketsphinxEngine({ binary: failing, modelDir: MODEL_DIR });
    await assert.rejects(
      broken.transcribe(createReadStream(speech.rms!), { language: 'auto', signal: signal() }),
      (err: Error) => {
        assert.ok(err instanceof EngineError);
        assert.equal(err.message, 'pocketsphinx exited with code 3');
        assert.equal(err.output, 'FATAL: acoustic model is broken');
        return true;
      },
    );
  });

  it('kills its whole process group within a second when aborted', async () => {
    const slow = await writeScript(dir.path, 'slow.sh', 'sleep 30 & sleep 30\ncat > /dev/null');
    const stuck = createPocketsphinxEngine({ binary: slow, modelDir: MODEL_DIR });
    const controller = new AbortController();
    const before = new Set(await childGroups());
    const running = stuck.transcribe(createReadStream(speech.rms!), { language: 'auto', signal: controller.signal });
    const groups = await eventually('the engine group', async () => {
      const now = (await childGroups()).filter((g) => !before.has(g));
      return now.length > 0 && (await aliveInGroups(now)).length >= 3 ? now : undefined;
    });
    controller.abort(new Error('cancelled by test'));
    // Read before anything else runs: the abort itself sent SIGKILL to every process of the group.
    assert.deepEqual(notKilledInGroups(groups), [], 'killed at once');
    await assert.rejects(running, /cancelled by test/);
    await eventually('no process left in the group', async () => (await aliveInGroups(groups)).length === 0);
  });
});
