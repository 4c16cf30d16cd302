import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildCues, seededRandom, type Transcript } from '../index.ts';
import { assertOrdered, parseSrt, parseVtt, srt, timedWords, transcriptOf, vtt } from './test-fixtures.ts';

const VOCABULARY = ['a', 'word', '<tag>', '-->', 'A&B', 'x'.repeat(45), 'naïve', '{brace}', 'back\\slash', 'emoji👍🏽'];

/** A transcript of up to 8 segments, with and without word timings, of words that need escaping. */
function randomTranscript(random: () => number): Transcript {
  const segments = Array.from({ length: 1 + Math.floor(random() * 8) }, (_, s) => {
    const text = Array.from(
      { length: 1 + Math.floor(random() * 25) },
      () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]!,
    ).join(' ');
    const start = s * 30;
    return random() < 0.3
      ? { start, end: start + 20, text, speaker: random() < 0.5 ? 'S2' : 'S1' }
      : { start, end: start + 25, words: timedWords(text, start, 0.2, random() < 0.2 ? 0 : 0.05) };
  });
  return transcriptOf(segments);
}

const unSrt = (text: string) =>
  text
    .replaceAll('‹', '<')
    .replaceAll('›', '>')
    .replaceAll('｛', '{')
    .replaceAll('｝', '}')
    .replaceAll('\\\u2060', '\\');
const unVtt = (text: string) =>
  text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&').replaceAll('\\\u2060', '\\');
const stripSrt = (text: string) => text.replace(/<font color="#[0-9a-f]{6}">|<\/font>/g, '');
const stripVtt = (text: string) => text.replace(/<c\.[a-z0-9-]+><b>|<\/b><\/c>/g, '');

describe('subtitles of random transcripts (seeded)', () => {
  it('SRT and VTT (plain and karaoke) hold exactly the cues, ordered, each karaoke entry with one highlight', () => {
    const random = seededRandom(99);
    for (let i = 0; i < 60; i++) {
      const t = randomTranscript(random);
      const maxCharsPerEntry = 10 + Math.floor(random() * 90);
      const includeSpeakers = random() < 0.5;
      const cues = buildCues(t, { maxCharsPerEntry, includeSpeakers });
      const texts = cues.map((c) => c.text);
      const options = { maxCharsPerEntry, includeSpeakers };

      const plainSrt = parseSrt(srt(t, options));
      const plainVtt = parseVtt(vtt(t, options));
      assert.deepEqual(
        plainSrt.map((c) => unSrt(c.text)),
        texts,
      );
      assert.deepEqual(
        plainVtt.map((c) => unVtt(c.text)),
        texts,
      );
      assert.deepEqual(
        plainSrt.map((c) => [c.start, c.end]),
        cues.map((c) => [Math.round(c.start * 1000), Math.round(c.end * 1000)]),
      );
      assertOrdered(plainSrt);

      const karaokeSrt = parseSrt(srt(t, { ...options, highlightWords: true }));
      const karaokeVtt = parseVtt(vtt(t, { ...options, highlightWords: true }));
      assert.deepEqual(
        karaokeVtt.map((c) => [c.start, c.end]),
        karaokeSrt.map((c) => [c.start, c.end]),
      );
      assertOrdered(karaokeSrt);
      const ms = cues.map((c) => [Math.round(c.start * 1000), Math.round(c.end * 1000)] as const);
      let cue = 0;
      for (const [k, entry] of karaokeSrt.entries()) {
        // Each entry lies in the cue it shows, and the cues come in order.
        while (cue < ms.length && entry.start >= ms[cue]![1]) cue += 1;
        assert.ok(
          cue < ms.length && entry.start >= ms[cue]![0] && entry.end <= ms[cue]![1],
          `entry ${k} within its cue`,
        );
        assert.equal(unSrt(stripSrt(entry.text)), texts[cue]);
        assert.equal(unVtt(stripVtt(karaokeVtt[k]!.text)), texts[cue]);
        assert.equal(entry.text.match(/<font /g)?.length, 1);
        assert.equal(karaokeVtt[k]!.text.match(/<c\./g)?.length, 1);
      }
      // Every word of every cue is highlighted once, unless it gets no time at all.
      assert.ok(karaokeSrt.length <= cues.reduce((n, c) => n + c.words.length, 0));
      assert.ok(karaokeSrt.length >= cues.length);
    }
  });
});
