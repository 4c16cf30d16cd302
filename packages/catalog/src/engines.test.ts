import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES, ENGINE_KINDS, LANGUAGE_CODES, isEngineKind, isLanguageCode } from './engines.ts';
import { PROFILES } from './profiles.ts';

describe('engines', () => {
  it('describe every engine a profile names', () => {
    for (const profile of PROFILES) assert.ok(isEngineKind(profile.engine), profile.codename);
    assert.deepEqual(ENGINE_KINDS.sort(), ['pocketsphinx', 'whisper']);
  });

  it('list only known language codes', () => {
    for (const engine of Object.values(ENGINES))
      for (const language of engine.languages) assert.ok(isLanguageCode(language), language);
  });

  it('know the ISO 639-1 codes and nothing else', () => {
    assert.equal(new Set(LANGUAGE_CODES).size, LANGUAGE_CODES.length);
    assert.ok(LANGUAGE_CODES.length > 180);
    assert.ok(isLanguageCode('en') && isLanguageCode('de') && isLanguageCode('zh'));
    assert.ok(!isLanguageCode('xx') && !isLanguageCode('EN') && !isLanguageCode('auto') && !isLanguageCode('eng'));
  });
});
