import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  APP_EXPERIENCE_DEFAULTS,
  APP_EXPERIENCE_FIELDS,
  appExperienceProblem,
  canonicalInterfaceLanguage,
} from './index.ts';

describe('app-experience preferences', () => {
  it('has a valid default for every field', () => {
    assert.deepEqual(APP_EXPERIENCE_FIELDS, [
      'defaultProfile',
      'defaultExportFormat',
      'maxCharsPerEntry',
      'interfaceLanguage',
      'theme',
      'showTimestamps',
    ]);
    for (const field of APP_EXPERIENCE_FIELDS)
      assert.equal(appExperienceProblem(field, APP_EXPERIENCE_DEFAULTS[field]), null, field);
  });

  it('names what is wrong with a value', () => {
    assert.equal(appExperienceProblem('defaultProfile', 'oracle-max'), null);
    assert.equal(appExperienceProblem('defaultProfile', 'teleport'), 'an unknown profile');
    assert.equal(appExperienceProblem('defaultExportFormat', 'docx'), 'not one of text, json, srt, vtt');
    assert.equal(appExperienceProblem('maxCharsPerEntry', 500), null);
    for (const bad of [9, 501, 80.5, '80'])
      assert.equal(appExperienceProblem('maxCharsPerEntry', bad), 'not an integer from 10 to 500', String(bad));
    assert.equal(appExperienceProblem('theme', 'sepia'), 'not one of system, light, dark');
    assert.equal(appExperienceProblem('showTimestamps', 'yes'), 'not a boolean');
    assert.equal(appExperienceProblem('interfaceLanguage', 'english'), 'not a language tag such as en or pt-BR');
  });

  it('keeps interface languages in their canonical form', () => {
    assert.equal(canonicalInterfaceLanguage('PT-br'), 'pt-BR');
    assert.equal(canonicalInterfaceLanguage('zh-hant-tw'), 'zh-Hant-TW');
    assert.equal(canonicalInterfaceLanguage('es-419'), 'es-419');
    for (const bad of ['', 'e', 'en_US', 'en-US-x-private', 'toolonglanguage', 'en-'])
      assert.equal(canonicalInterfaceLanguage(bad), null, bad);
  });
});
