import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cleanFileName, keySegment } from './file-names.ts';

describe('file names', () => {
  it('keep the last path segment, without control characters, whitespace collapsed', () => {
    assert.equal(cleanFileName('  My Talk.wav '), 'My Talk.wav');
    assert.equal(cleanFileName('C:\\Users\\ada\\talk.wav'), 'talk.wav');
    assert.equal(cleanFileName('../../etc/passwd'), 'passwd');
    assert.equal(cleanFileName('a\u0000b\u200bc\td.wav'), 'abc d.wav');
    assert.equal(cleanFileName('Cafe\u0301.mp3'), 'Café.mp3', 'NFC');
  });

  it('must be 1 to 255 characters after cleaning', () => {
    for (const bad of ['', '   ', '/', 'a/', '..', '.', '\u0000'])
      assert.throws(() => cleanFileName(bad), { code: 'bad_request' }, JSON.stringify(bad));
    assert.equal(cleanFileName('é'.repeat(255)).length, 255);
    assert.throws(() => cleanFileName('a'.repeat(256)), { code: 'bad_request', message: /255/ });
  });

  it('become safe storage key segments', () => {
    assert.equal(keySegment('My Recording (1).wav'), 'My_Recording_1_.wav');
    assert.equal(keySegment('.hidden'), 'hidden');
    assert.equal(keySegment('..'), 'file');
    assert.equal(keySegment('日本語 録音.m4a'), '日本語_録音.m4a');
    assert.equal(keySegment('a?b#c%d&e.wav'), 'a_b_c_d_e.wav');
    const long = keySegment('é'.repeat(255));
    assert.ok(Buffer.byteLength(long) <= 200);
    assert.ok(!long.includes('\ufffd'), 'never cuts a character in half');
  });
});
