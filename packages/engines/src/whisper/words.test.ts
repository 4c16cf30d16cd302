import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RawToken } from './decoder.ts';
import { wordsOf } from './words.ts';

describe("whisper's tokens as words", () => {
  it('starts a word at each leading space and joins the pieces and punctuation after it', () => {
    const tokens: RawToken[] = [
      [' Hel', 10, 30, 0.9],
      ['lo', 30, 50, 0.7],
      [',', 50, 52, 0.5],
      [' world', 60, 110, 0.8],
    ];
    assert.deepEqual(wordsOf(tokens, 0, 5), [
      { text: 'Hello,', start: 0.1, end: 0.52, confidence: 0.7 },
      { text: 'world', start: 0.6, end: 1.1, confidence: 0.8 },
    ]);
  });

  it('shifts times by the piece offset and keeps them inside the piece and in order', () => {
    const tokens: RawToken[] = [
      [' one', 100, 80, 0.5], // ends before it starts
      [' two', 50, 150, 0.5], // starts before the word before it ended
      [' three', 250, 900, 0.5], // ends past the piece
    ];
    const words = wordsOf(tokens, 30, 3);
    assert.deepEqual(
      words.map((w) => [w.text, w.start, w.end]),
      [
        ['one', 31, 31],
        ['two', 31, 31.5],
        ['three', 32.5, 33],
      ],
    );
  });

  it('drops tokens that are only blanks and gives nothing for no tokens', () => {
    assert.deepEqual(wordsOf([[' ', 0, 10, 0.9]], 0, 1), []);
    assert.deepEqual(wordsOf([], 0, 1), []);
  });
});
