import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assignWordSpeakers } from './words.ts';

const turns = [
  { start: 0, end: 5, speaker: 0 },
  { start: 5, end: 9, speaker: 1 },
  { start: 10, end: 14, speaker: 0 },
];

// [what, words as "start-end", expected speakers, turns]
const CASES: [string, string, number[], typeof turns][] = [
  ['a word inside a turn gets that turn’s speaker', '1-1.4 6-6.3 12-12.5', [0, 1, 0], turns],
  ['a word straddling a change goes to the turn holding most of it', '4.7-5.1 4.9-5.3', [0, 1], turns],
  ['a word in a gap or past the ends goes to the nearest turn', '9.1-9.3 9.7-9.9 15-15.4', [1, 0, 0], turns],
  ['unsorted turns and words out of order', '12-12.2 1-1.2 6-6.2', [0, 0, 1], [...turns].reverse()],
  ['no turns at all', '12-12.2 1-1.2', [-1, -1], []],
];

describe('assignWordSpeakers', () => {
  for (const [what, words, expected, of] of CASES) {
    it(what, () => {
      const spans = words.split(' ').map((w) => {
        const [start, end] = w.split('-').map(Number);
        return { start: start!, end: end! };
      });
      assert.deepEqual(assignWordSpeakers(of, spans), expected);
    });
  }
});
