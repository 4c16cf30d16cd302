import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { captionCues, MAX_PAUSE_SECONDS, MIN_CUE_SECONDS, type Cue } from './cues.ts';
import { evenWords, segment, transcriptOf } from './test-support.ts';

const layout = { max_chars_per_line: 20, max_lines_per_cue: 2 };
const lineTexts = (cue: Cue) => cue.lines.map((line) => line.map((w) => w.text).join(' '));

describe('captionCues lines', () => {
  it('fills lines up to max_chars_per_line and cues up to max_lines_per_cue, breaking between words', () => {
    // "word1 … word9" are 5 characters, "word10" on are 6: three words make a line of 17 or more.
    const cues = captionCues(transcriptOf([segment('s1', evenWords(14))]), layout);
    assert.deepEqual(cues.map(lineTexts), [
      ['word1 word2 word3', 'word4 word5 word6'],
      ['word7 word8 word9', 'word10 word11 word12'],
      ['word13 word14'],
    ]);
    for (const cue of cues) for (const line of lineTexts(cue)) assert.ok(line.length <= 20, line);
  });

  it('times a cue from its first word’s start to its last word’s end, keeping each word’s time', () => {
    const cues = captionCues(transcriptOf([segment('s1', evenWords(7, 10))]), layout);
    assert.deepEqual(
      cues.map((c) => [c.start, c.end]),
      [
        [10, 12.3],
        [12.4, 12.4 + MIN_CUE_SECONDS],
      ],
    );
    assert.deepEqual(cues[1]!.lines, [[{ text: 'word7', start: 12.4, end: 12.7 }]]);
  });

  it('honours one line per cue and four lines per cue', () => {
    const t = transcriptOf([segment('s1', evenWords(12))]); // four lines of three words
    assert.deepEqual(
      captionCues(t, { max_chars_per_line: 20, max_lines_per_cue: 1 }).map((c) => c.lines.length),
      [1, 1, 1, 1],
    );
    assert.deepEqual(
      captionCues(t, { max_chars_per_line: 20, max_lines_per_cue: 4 }).map((c) => c.lines.length),
      [4],
    );
  });
});

describe('captionCues boundaries and timing', () => {
  it('never joins two segments, or two speakers of one segment, in a cue', () => {
    const t = transcriptOf([
      segment(
        's1',
        [
          ['hello', 0, 0.5, 'S1'],
          ['there', 0.6, 1, 'S1'],
          ['hi', 1.1, 1.4, 'S2'],
          ['you', 1.5, 2, 'S2'],
        ],
        'S1',
      ),
      segment('s2', [['next', 2.1, 2.5]], 'S1'),
    ]);
    const cues = captionCues(t, layout);
    assert.deepEqual(cues.map(lineTexts), [['hello there'], ['hi you'], ['next']]);
    assert.deepEqual(
      cues.map((c) => c.speaker),
      ['S1', 'S2', 'S1'],
    );
  });

  it('ends a cue at a long pause', () => {
    const t = transcriptOf([
      segment('s1', [
        ['before', 0, 0.5],
        ['after', 0.5 + MAX_PAUSE_SECONDS + 0.1, 3],
      ]),
    ]);
    assert.deepEqual(captionCues(t, layout).map(lineTexts), [['before'], ['after']]);
  });

  it('puts a word longer than a line on a line of its own', () => {
    const long = 'x'.repeat(30);
    const t = transcriptOf([
      segment('s1', [
        ['a', 0, 0.2],
        [long, 0.3, 1],
        ['b', 1.1, 1.3],
        ['c', 1.4, 1.6],
      ]),
    ]);
    assert.deepEqual(captionCues(t, layout).map(lineTexts), [['a', long], ['b c']]);
  });

  it('holds a short cue up to the minimum, never into the next cue', () => {
    const t = transcriptOf([
      segment('s1', [['one', 1, 1.1]]),
      segment('s2', [['two', 1.3, 1.4]]),
      segment('s3', [['three', 5, 5.1]]),
    ]);
    assert.deepEqual(
      captionCues(t, layout).map((c) => [c.start, c.end]),
      [
        [1, 1.3],
        [1.3, 1.3 + MIN_CUE_SECONDS],
        [5, 5 + MIN_CUE_SECONDS],
      ],
    );
  });

  it('times the words of a segment without word timings by their characters', () => {
    const t = transcriptOf([{ id: 's1', start: 0, end: 2, text: 'abc  defg\nhi', speaker: null, words: [] }]);
    const [cue] = captionCues(t, layout);
    assert.deepEqual(cue!.lines, [
      [
        { text: 'abc', start: 0, end: 0.667 },
        { text: 'defg', start: 0.667, end: 1.5 },
        { text: 'hi', start: 1.5, end: 2 },
      ],
    ]);
  });

  it('is deterministic and gives nothing for an empty transcript', () => {
    const t = transcriptOf([segment('s1', evenWords(30)), segment('s2', evenWords(5, 20), 'S2')]);
    assert.deepEqual(captionCues(t, layout), captionCues(t, layout));
    assert.deepEqual(captionCues(transcriptOf([]), layout), []);
  });
});
