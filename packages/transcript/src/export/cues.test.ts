import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_LINE_CHARS, buildCues, emptyTranscript, exampleTranscript } from '../index.ts';
import { MIN_CUE_MS } from './cues.ts';
import { assertOrdered, graphemeCount, shown, timedWords, transcriptOf } from './test-fixtures.ts';

describe('buildCues: cutting segments into cues', () => {
  it('makes one cue per short segment, timed by its words, with the speaker prefix', () => {
    const cues = buildCues(exampleTranscript(), { maxCharsPerEntry: 80, includeSpeakers: true });
    assert.deepEqual(cues, [
      {
        start: 0,
        end: 2.5,
        text: 'Ada: Hello there.',
        speaker: 'Ada',
        words: [
          { text: 'Hello', start: 0, end: 0.4 },
          { text: 'there.', start: 0.45, end: 2.5 },
        ],
        firstLineWords: 2,
      },
      // 3.0–3.4 is shorter than the minimum display time, and nothing follows: held to 3.5.
      {
        start: 3,
        end: 3.5,
        text: 'Speaker 2: Hi!',
        speaker: 'Speaker 2',
        words: [{ text: 'Hi!', start: 3, end: 3.4 }],
        firstLineWords: 1,
      },
    ]);
    assert.deepEqual(
      buildCues(exampleTranscript(), { maxCharsPerEntry: 80, includeSpeakers: false }).map((c) => [c.text, c.speaker]),
      [
        ['Hello there.', null],
        ['Hi!', null],
      ],
    );
    assert.deepEqual(buildCues(emptyTranscript(), { maxCharsPerEntry: 80, includeSpeakers: true }), []);
  });

  it('cuts a long segment between words into as few balanced cues as the width allows', () => {
    // 16 words of 4 letters: 79 characters; at most 45 per cue, 40 after the prefix "Ada: " → 2 cues of 8 words
    // (39 characters each), not 9 + 7.
    const words = timedWords(Array.from({ length: 16 }, (_, i) => `w${String(i).padStart(3, '0')}`).join(' '), 1);
    const cues = buildCues(transcriptOf([{ start: 1, end: 7.5, words }]), {
      maxCharsPerEntry: 45,
      includeSpeakers: true,
    });
    assert.deepEqual(
      cues.map((c) => c.text),
      // Over 42 characters: two lines; of two equally good breaks, the longer line is the second.
      ['Ada: w000 w001 w002\nw003 w004 w005 w006 w007', 'Ada: w008 w009 w010\nw011 w012 w013 w014 w015'],
    );
    assert.deepEqual(
      cues.map((c) => [c.start, c.end]),
      [
        [1, 4.1],
        [4.2, 7.3],
      ],
    );
    // Greedy would leave a stub: three cues of 6, 6 and 4 words at 35 characters, not 7, 7 and 2.
    const narrow = buildCues(transcriptOf([{ start: 1, end: 7.5, words }]), {
      maxCharsPerEntry: 40,
      includeSpeakers: true,
    });
    assert.deepEqual(
      narrow.map((c) => c.words.length),
      [6, 6, 4],
    );
    for (const cue of [...cues, ...narrow]) assert.ok(graphemeCount(shown(cue)) <= 45);
  });

  it('never puts words of two segments in one cue', () => {
    const t = transcriptOf([
      { start: 0, end: 1, words: [['One.', 0, 1]] },
      { start: 1, end: 2, words: [['Two.', 1, 2]] },
    ]);
    assert.deepEqual(
      buildCues(t, { maxCharsPerEntry: 80, includeSpeakers: false }).map((c) => c.text),
      ['One.', 'Two.'],
    );
  });
});

describe('buildCues: lines and long words', () => {
  it('breaks text over 42 characters into two lines at the space nearest the middle', () => {
    const words = timedWords('The quick brown fox jumps over the lazy dog and keeps on running', 0);
    const [cue] = buildCues(transcriptOf([{ start: 0, end: 10, words }]), {
      maxCharsPerEntry: 80,
      includeSpeakers: true,
    });
    assert.equal(cue!.text, 'Ada: The quick brown fox jumps over\nthe lazy dog and keeps on running');
    assert.equal(cue!.firstLineWords, 6);
    const [short] = buildCues(
      transcriptOf([{ start: 0, end: 10, words: timedWords('Exactly forty-two characters fit one line', 0) }]),
      { maxCharsPerEntry: 80, includeSpeakers: false },
    );
    assert.equal(short!.text.length, 41);
    assert.ok(!short!.text.includes('\n'));
    assert.equal(MAX_LINE_CHARS, 42);
  });

  it('cuts a word longer than a whole cue hard, and only such a word', () => {
    const long = 'x'.repeat(25);
    const t = transcriptOf([
      {
        start: 0,
        end: 6,
        words: [
          ['a', 0, 1],
          [long, 1, 6],
        ],
      },
    ]);
    const cues = buildCues(t, { maxCharsPerEntry: 10, includeSpeakers: false });
    assert.deepEqual(
      cues.map((c) => c.text),
      ['a', 'xxxxxxxxxx', 'xxxxxxxxxx', 'xxxxx'],
    );
    // The long word's five seconds are shared by the chunks in proportion: 2 s, 2 s, 1 s.
    assert.deepEqual(
      cues.map((c) => [c.start, c.end]),
      [
        [0, 1],
        [1, 3],
        [3, 5],
        [5, 6],
      ],
    );
  });
});

describe('buildCues: characters and speakers', () => {
  it('never cuts inside a character: accents, emoji and flags count as one', () => {
    const word = 'é👍🏽🇫🇷'.repeat(6); // 18 characters, 6 of each kind
    const cues = buildCues(transcriptOf([{ start: 0, end: 3, words: [[word, 0, 3]] }]), {
      maxCharsPerEntry: 10,
      includeSpeakers: false,
    });
    assert.deepEqual(
      cues.map((c) => graphemeCount(c.text)),
      [10, 8],
    );
    assert.equal(cues.map((c) => c.text).join(''), word);
    assert.ok(cues.every((c) => c.text.isWellFormed()));
  });

  it('shortens a speaker name that would take more than half the width', () => {
    const speakers = [{ id: 'S1', label: 'Speaker 1', name: 'Maximiliana Wilhelmina von Hohenzollern-Sigmaringen' }];
    const t = transcriptOf([{ start: 0, end: 2, words: timedWords('Guten Tag allerseits', 0) }], speakers);
    const cues = buildCues(t, { maxCharsPerEntry: 30, includeSpeakers: true });
    assert.deepEqual(
      cues.map((c) => [c.text, c.speaker]),
      [
        ['Maximiliana…: Guten Tag', 'Maximiliana…'],
        ['Maximiliana…: allerseits', 'Maximiliana…'],
      ],
    );
    for (const cue of cues) assert.ok(graphemeCount(cue.text) <= 30);
  });
});

describe('buildCues: timing, and a word kept on one line', () => {
  it('shares the time of a segment without words by character count', () => {
    const t = transcriptOf([{ start: 10, end: 20, text: 'aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii' }]);
    const cues = buildCues(t, { maxCharsPerEntry: 20, includeSpeakers: false });
    assert.deepEqual(
      cues.map((c) => [c.text, c.start, c.end]),
      [
        ['aaaa bbbb cccc', 10, 13.333],
        ['dddd eeee ffff', 13.333, 16.667],
        ['gggg hhhh iiii', 16.667, 20],
      ],
    );
  });

  it('holds a zero-length cue on screen without overlapping the next one', () => {
    const t = transcriptOf([
      { start: 1, end: 1, words: [['flash', 1, 1]] },
      { start: 1.2, end: 2, words: [['next', 1.2, 2]] },
      { start: 5, end: 5, words: [['alone', 5, 5]] },
    ]);
    const cues = buildCues(t, { maxCharsPerEntry: 80, includeSpeakers: false });
    assert.deepEqual(
      cues.map((c) => [c.start, c.end]),
      [
        [1, 1.2],
        [1.2, 2],
        [5, 5 + MIN_CUE_MS / 1000],
      ],
    );
  });

  it('gives cues that would get no time at all a little, in order', () => {
    // Three zero-length words at the same instant that cannot share a cue.
    const t = transcriptOf([
      {
        start: 3,
        end: 3,
        words: [
          ['aaaaaaaaa', 3, 3],
          ['bbbbbbbbb', 3, 3],
          ['ccccccccc', 3, 3],
        ],
      },
    ]);
    const cues = buildCues(t, { maxCharsPerEntry: 10, includeSpeakers: false });
    assert.equal(cues.length, 3);
    assertOrdered(cues);
    assert.equal(cues[0]!.start, 3);
  });

  it('puts a word on one line whatever it holds', () => {
    const t = transcriptOf([
      {
        start: 0,
        end: 2,
        words: [
          ['two\n\nlines', 0, 1],
          ['tab\there', 1, 2],
        ],
      },
    ]);
    assert.deepEqual(
      buildCues(t, { maxCharsPerEntry: 80, includeSpeakers: false }).map((c) => c.text),
      ['two lines tab here'],
    );
  });
});
