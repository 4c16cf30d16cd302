import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@tp/errors';
import { resolveFastModel } from './fast-model.ts';

const pocketsphinxOnly = (engine: string): boolean => engine === 'pocketsphinx';
const everyEngine = (): boolean => true;

function refusal(model: string, features: string[] = [], runs = pocketsphinxOnly) {
  try {
    resolveFastModel(model, new Set(features), runs);
  } catch (err) {
    assert.ok(err instanceof AppError);
    return { code: err.code, details: err.details };
  }
  assert.fail(`${model} was accepted`);
}

describe('resolveFastModel', () => {
  it('takes svc-fast and the profiles whose live route is in the cloud', () => {
    for (const model of ['svc-fast', 'oracle-mini', 'oracle'])
      assert.equal(resolveFastModel(model, new Set(), pocketsphinxOnly).name, model);
    assert.equal(resolveFastModel('oracle-pro', new Set(), everyEngine).name, 'oracle-pro');
    assert.equal(resolveFastModel('oracle-max', new Set(['profile.oracle-max']), everyEngine).name, 'oracle-max');
    assert.equal(resolveFastModel('base-whisper', new Set(['profile.base-whisper']), everyEngine).engine, 'whisper');
  });

  it('refuses base (live on the device) naming a cloud fallback the user can use here', () => {
    assert.deepEqual(refusal('base'), {
      code: 'live_runs_on_device',
      details: { param: 'model', cloud_fallback: 'svc-fast' },
    });
    // The user may use base-whisper, but its engine is not installed: svc-fast still.
    assert.equal(refusal('base', ['profile.base-whisper']).details.cloud_fallback, 'svc-fast');
    assert.equal(refusal('base', ['profile.base-whisper'], everyEngine).details.cloud_fallback, 'base-whisper');
  });

  it('refuses unknown models and internal profiles the user lacks with a 422 naming model', () => {
    for (const model of ['nope', 'svc-chat', 'base-whisper', 'oracle-max', ''])
      assert.deepEqual(refusal(model), { code: 'validation_error', details: { param: 'model' } });
    assert.equal(refusal('base-whisper', ['profile.base-whisper']).code, 'profile_unavailable');
    assert.equal(refusal('oracle-pro').code, 'profile_unavailable');
  });
});
