import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { catalogModels, parseServedEngines, servedModelList, servedModelMap } from './served-engines.ts';
import { findProfile, isProfileDeployed } from './index.ts';

describe('served engines (jobs ENGINES)', () => {
  it('knows the models the catalog profiles run on each engine', () => {
    assert.deepEqual(catalogModels('whisper'), ['base.en', 'medium.en', 'small.en']);
    assert.deepEqual(catalogModels('pocketsphinx'), ['en-us']);
  });

  it('reads bare engines (every model) and engine:model items (those models only)', () => {
    const served = parseServedEngines(' pocketsphinx , whisper:base.en,whisper:small.en ');
    assert.deepEqual([...served.engines], ['pocketsphinx', 'whisper']);
    assert.deepEqual(servedModelList(served.models), ['whisper:base.en', 'whisper:small.en']);
    const deployment = { ...served, translations: [] };
    assert.equal(isProfileDeployed(findProfile('oracle-pro')!, deployment), true);
    assert.equal(isProfileDeployed(findProfile('base-whisper')!, deployment), true);
    assert.equal(isProfileDeployed(findProfile('oracle-max')!, deployment), false, 'medium.en is not mounted');
    assert.equal(isProfileDeployed(findProfile('oracle')!, deployment), true);
  });

  it('lets a bare engine win over its named models', () => {
    const served = parseServedEngines('whisper:base.en,whisper');
    assert.equal(served.models.size, 0);
    assert.equal(isProfileDeployed(findProfile('oracle-max')!, { ...served, translations: [] }), true);
  });

  it('refuses unknown engines, models no profile runs and an empty list, naming each', () => {
    assert.throws(() => parseServedEngines(' , '), /at least one engine/);
    assert.throws(() => parseServedEngines('pocketsphinx,vosk'), /unknown engine "vosk"/);
    assert.throws(
      () => parseServedEngines('whisper:large-v3,whisper:tiny.en'),
      /model "large-v3" \(its models: base\.en, medium\.en, small\.en\); .*model "tiny\.en"/,
    );
  });

  it('round-trips the list GetDeployment carries', () => {
    const served = parseServedEngines('whisper:small.en,whisper:base.en');
    assert.deepEqual(servedModelMap(servedModelList(served.models)), served.models);
    assert.deepEqual(
      servedModelMap(['vosk:x', 'whisper:', 'whisper:base.en']),
      new Map([['whisper', new Set(['base.en'])]]),
    );
  });
});
