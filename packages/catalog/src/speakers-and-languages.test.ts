import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_TRANSLATION_PAIRS, formatLanguagePairs, parseLanguagePairs, targetsFrom } from './index.ts';

describe('language pairs', () => {
  it('read the setting, drop duplicates and write it back', () => {
    assert.deepEqual(parseLanguagePairs(' en:es, en:ca,en:es ,'), [
      { from: 'en', to: 'es' },
      { from: 'en', to: 'ca' },
    ]);
    assert.deepEqual(parseLanguagePairs(''), []);
    assert.equal(formatLanguagePairs(DEFAULT_TRANSLATION_PAIRS), 'en:es,en:ca,en:gl,en:eo');
  });

  it('refuse an entry that is not a pair of known codes, naming it', () => {
    for (const bad of ['en', 'en:es:ca', 'eng:spa', 'en:xx', ':es'])
      assert.throws(() => parseLanguagePairs(`en:ca,${bad}`), { name: 'RangeError', message: new RegExp(`"${bad}"`) });
    assert.throws(() => parseLanguagePairs('en:en'), /into itself/);
  });

  it('give the targets reachable from the sources, never a source itself', () => {
    const pairs = parseLanguagePairs('en:es,es:en,en:ca,eo:en');
    assert.deepEqual(targetsFrom(pairs, ['en']), ['ca', 'es']);
    assert.deepEqual(targetsFrom(pairs, ['en', 'es']), ['ca']);
    assert.deepEqual(targetsFrom(pairs, ['de']), []);
  });
});
