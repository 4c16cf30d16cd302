import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MAX_INPUT_DEPTH, unstorableTextIssues, unstorableTextReason } from './storable-text.ts';

const refused = fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff');

describe('text every service can store', () => {
  it('refuses any string with a NUL or an unpaired surrogate, wherever it sits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), refused, fc.string({ unit: 'binary' }), (before, bad, after) => {
        // Plain letters around it, so a surrogate cannot pair up with a neighbour.
        const text = `${before}x${bad}x${after}`;
        assert.notEqual(unstorableTextReason(text), null, JSON.stringify(text));
      }),
    );
  });

  it('accepts well-formed text, astral symbols, controls and noncharacters included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        fc.pre(!text.includes('\u0000'));
        assert.equal(unstorableTextReason(text), null, JSON.stringify(text));
      }),
    );
    assert.equal(unstorableTextReason('\u{1f600} \u0001 \uffff \u202e é'), null);
  });

  it('names each place in a request part, keys and array items included', () => {
    assert.deepEqual(
      unstorableTextIssues('body', { ok: 'fine', note: 'a\u0000b', tags: ['x', '\ud800'], nested: { 'k\u0000': 1 } }),
      [
        { loc: ['body', 'note'], msg: 'String should not contain NUL (\\u0000) characters', type: 'value_error' },
        {
          loc: ['body', 'tags', 1],
          msg: 'String should not contain unpaired surrogates (\\ud800-\\udfff)',
          type: 'value_error',
        },
        {
          loc: ['body', 'nested', 'k\u0000'],
          msg: 'Key: String should not contain NUL (\\u0000) characters',
          type: 'value_error',
        },
      ],
    );
    assert.deepEqual(unstorableTextIssues('path', { media_id: 'med_\u0000' })[0]!.loc, ['path', 'media_id']);
    assert.deepEqual(unstorableTextIssues('query', { limit: '5', q: 'plain' }), []);
  });

  it('refuses nesting deeper than any request goes, without recursion', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const issues = unstorableTextIssues('body', deep);
    assert.equal(issues.length, 1);
    assert.match(issues[0]!.msg, new RegExp(`at most ${MAX_INPUT_DEPTH} levels`));
    let fine: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH - 1; i++) fine = { a: fine };
    assert.deepEqual(unstorableTextIssues('body', fine), []);
  });

  it('names at most 20 places, however many there are', () => {
    assert.equal(
      unstorableTextIssues(
        'body',
        Array.from({ length: 1000 }, () => '\u0000'),
      ).length,
      20,
    );
  });
});
