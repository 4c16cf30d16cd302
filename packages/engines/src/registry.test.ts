import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig, z } from '@tp/config';
import { tempDir, type TempDir } from '@tp/testing';
import { EngineUnavailableError } from './engine.ts';
import { closeEngines, createEngines, engineRefusal } from './registry.ts';
import { engineToolSettings } from './settings.ts';
import { whisperSettings } from './whisper/settings.ts';

const Schema = z.object({ ...engineToolSettings(), ...whisperSettings() });
let dir: TempDir;

before(async () => {
  dir = await tempDir('tp-engines-');
  // Existence is what decides the models served; loading them is each engine's check().
  for (const model of ['base.en', 'small.en']) await writeFile(join(dir.path, `ggml-${model}.bin`), '');
  await writeFile(join(dir.path, 'ggml-tiny.en.bin'), '');
});
after(() => dir?.remove());

const settings = (env: Record<string, string> = {}) => loadConfig(Schema, { WHISPER_MODEL_DIR: dir.path, ...env });

describe('engine registry', () => {
  it('implements every engine the catalog knows and refuses others', () => {
    assert.equal(engineRefusal('pocketsphinx'), undefined);
    assert.equal(engineRefusal('whisper'), undefined);
    assert.match(engineRefusal('vosk') ?? '', /unknown engine "vosk"/);
  });

  it('runs one whisper engine per catalog model whose weights are mounted (tiny.en is no profile’s)', async () => {
    const engines = createEngines(['pocketsphinx', 'whisper'], settings());
    assert.deepEqual(engines.kinds(), ['pocketsphinx', 'whisper']);
    assert.deepEqual(engines.models('whisper'), ['base.en', 'small.en']);
    assert.deepEqual(engines.describe(), ['pocketsphinx', 'whisper:base.en', 'whisper:small.en']);
    assert.equal(engines.get('whisper', 'base.en')?.kind, 'whisper');
    assert.equal(engines.get('whisper', 'medium.en'), undefined, 'not mounted');
    assert.equal(engines.get('pocketsphinx', 'en-us')?.kind, 'pocketsphinx');
    assert.equal(engines.get('pocketsphinx')?.kind, 'pocketsphinx', 'an engine of one model without naming it');
    assert.equal(engines.has('whisper') && !engines.has('vosk'), true);
    await closeEngines(engines);
  });

  it('serves exactly WHISPER_MODELS, refusing to start when one of their files is missing', () => {
    const only = createEngines(['whisper'], settings({ WHISPER_MODELS: 'small.en' }));
    assert.deepEqual(only.models('whisper'), ['small.en']);
    assert.throws(
      () => createEngines(['whisper'], settings({ WHISPER_MODELS: 'small.en, medium.en' })),
      (err: Error) =>
        err instanceof EngineUnavailableError &&
        /WHISPER_MODELS names medium\.en, but .*ggml-medium\.en\.bin is missing/.test(err.message),
    );
  });

  it('refuses to start a whisper worker with no weights, naming the files it looked for', () => {
    assert.throws(
      () => createEngines(['whisper'], settings({ WHISPER_MODEL_DIR: join(dir.path, 'empty') })),
      /no weights in WHISPER_MODEL_DIR .*empty \(looked for ggml-base\.en\.bin, ggml-medium\.en\.bin, ggml-small\.en\.bin\)/,
    );
  });

  it('validates the whisper settings', () => {
    const defaults = loadConfig(Schema, {});
    assert.equal(defaults.WHISPER_MODEL_DIR, '/models');
    assert.match(defaults.WHISPER_LIBRARY, /\.tools\/whisper\/lib\/libwhisper\.so$/);
    assert.deepEqual([defaults.WHISPER_MODELS, defaults.WHISPER_THREADS, defaults.WHISPER_USE_GPU], [[], 1, false]);
    assert.equal(loadConfig(Schema, { WHISPER_USE_GPU: 'true' }).WHISPER_USE_GPU, true);
    assert.throws(() => loadConfig(Schema, { WHISPER_MODELS: 'base.en,tiny.en' }), /WHISPER_MODELS/);
    assert.throws(() => loadConfig(Schema, { WHISPER_THREADS: '0' }), /WHISPER_THREADS/);
    assert.throws(() => loadConfig(Schema, { WHISPER_USE_GPU: 'maybe' }), /WHISPER_USE_GPU/);
  });
});
