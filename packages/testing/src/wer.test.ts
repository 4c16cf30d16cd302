import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeWords, wordErrorRate } from './wer.ts';

describe('normalizeWords', () => {
  it('lower-cases, strips punctuation, keeps apostrophes inside words', () => {
    assert.deepEqual(normalizeWords('  "It\'s easy," she said -- to tell the depth of a well!  '), [
      "it's",
      'easy',
      'she',
      'said',
      'to',
      'tell',
      'the',
      'depth',
      'of',
      'a',
      'well',
    ]);
    assert.deepEqual(normalizeWords('Don\u2019t stop; re-enter.'), ["don't", 'stop', 're', 'enter']);
    assert.deepEqual(normalizeWords("'quoted' words"), ['quoted', 'words']);
    assert.deepEqual(normalizeWords('Ça va? Größe 42.'), ['ça', 'va', 'größe', '42']);
    assert.deepEqual(normalizeWords(' ,;. '), []);
  });
});

describe('wordErrorRate', () => {
  it('is 0 for the same words, whatever the case and punctuation', () => {
    const result = wordErrorRate('The quick brown fox.', 'the QUICK, brown fox');
    assert.deepEqual(result, {
      wer: 0,
      substitutions: 0,
      deletions: 0,
      insertions: 0,
      referenceWords: 4,
      hypothesisWords: 4,
    });
  });

  it('counts a substitution', () => {
    const result = wordErrorRate('the quick brown fox jumps', 'the quick brown fox jumped');
    assert.equal(result.substitutions, 1);
    assert.equal(result.deletions + result.insertions, 0);
    assert.equal(result.wer, 1 / 5);
  });

  it('counts deletions and insertions', () => {
    const deleted = wordErrorRate('please call stella now', 'please call now');
    assert.deepEqual([deleted.substitutions, deleted.deletions, deleted.insertions], [0, 1, 0]);
    assert.equal(deleted.wer, 0.25);
    const inserted = wordErrorRate('please call stella', 'please do call stella today');
    assert.deepEqual([inserted.substitutions, inserted.deletions, inserted.insertions], [0, 0, 2]);
    assert.equal(inserted.wer, 2 / 3);
  });

  it('mixes all three in a minimal alignment', () => {
    // ref: a b c d e f ; hyp: a x c e f g → b→x (S), d deleted (D), g inserted (I)
    const result = wordErrorRate('a b c d e f', 'a x c e f g');
    assert.equal(result.substitutions + result.deletions + result.insertions, 3);
    assert.deepEqual([result.substitutions, result.deletions, result.insertions], [1, 1, 1]);
    assert.equal(result.wer, 0.5);
  });

  it('can exceed 1 when the hypothesis is much longer', () => {
    const result = wordErrorRate('hello', 'hello there general kenobi');
    assert.equal(result.insertions, 3);
    assert.equal(result.wer, 3);
  });

  it('handles empty texts', () => {
    assert.equal(wordErrorRate('', '').wer, 0);
    assert.equal(wordErrorRate('', 'noise').wer, 1);
    const nothing = wordErrorRate('two words', '');
    assert.deepEqual([nothing.deletions, nothing.wer], [2, 1]);
  });

  it('matches a measured pocketsphinx hypothesis', () => {
    const reference =
      'The quick brown fox jumps over the lazy dog. Please call Stella and ask her to bring these things with her from the store.';
    const hypothesis =
      'the quick brown fox jumped over the lazy dog please call still in and ask her to bring these things with her from the store';
    const result = wordErrorRate(reference, hypothesis);
    // jumps→jumped, stella→still, inserted "in" (or stella→in with "still" inserted).
    assert.equal(result.substitutions + result.deletions + result.insertions, 3);
    assert.equal(result.referenceWords, 24);
    assert.equal(result.wer, 3 / 24);
  });
});

describe('wordErrorRate on an hour of words', () => {
  it('aligns thousands of words against thousands quickly', () => {
    const words = Array.from({ length: 8000 }, (_, i) => `w${i % 97}`);
    const hypothesis = words.filter((_, i) => i % 10 !== 0).map((w, i) => (i % 25 === 0 ? 'other' : w));
    const started = performance.now();
    const result = wordErrorRate(words.join(' '), hypothesis.join(' '));
    assert.equal(result.referenceWords, 8000);
    assert.equal(result.deletions + result.substitutions + result.insertions > 800, true);
    assert.ok(result.wer > 0.1 && result.wer < 0.16, `${result.wer}`);
    assert.ok(performance.now() - started < 20_000);
  });
});
