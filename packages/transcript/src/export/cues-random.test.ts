import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_LINE_CHARS, buildCues, seededRandom, type Cue, type Transcript } from '../index.ts';
import { assertOrdered, graphemeCount, shown, timedWords, transcriptOf, type SegmentSpec } from './test-fixtures.ts';

// Property test: random transcripts, every invariant.

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';
const ODD = ['é', 'ß', '日本', '👍🏽', '<', '>', '&', '-->', '{\\i1}', '\\N'];

function randomWord(random: () => number): string {
  const roll = random();
  const length = roll < 0.02 ? 30 + Math.floor(random() * 400) : 1 + Math.floor(random() * 12);
  let word = '';
  for (let i = 0; i < length; i++)
    word += random() < 0.05 ? ODD[Math.floor(random() * ODD.length)]! : ALPHABET[Math.floor(random() * 26)]!;
  if (random() < 0.02) word = `${word}\n${word}`; // a line break inside a word
  return word;
}

function randomTranscript(random: () => number): Transcript {
  const names = ['Ada', 'Grace Brewster Murray Hopper', 'Dr. <b>Evil</b> & Co', 'X'.repeat(200), '李小龍'];
  const speakers = Array.from({ length: Math.floor(random() * 4) }, (_, i) => ({
    id: `S${i + 1}`,
    label: `Speaker ${i + 1}`,
    name: random() < 0.7 ? names[Math.floor(random() * names.length)]! : null,
  }));
  const segments: SegmentSpec[] = [];
  let at = random() * 5;
  const count = Math.floor(random() * 25);
  for (let s = 0; s < count; s++) {
    const speaker = speakers.length > 0 && random() < 0.8 ? speakers[Math.floor(random() * speakers.length)]!.id : null;
    const n = 1 + Math.floor(random() * (random() < 0.1 ? 200 : 20));
    const start = Math.round(at * 1000) / 1000;
    const words: [string, number, number][] = [];
    for (let w = 0; w < n; w++) {
      const wordStart = Math.round(at * 1000) / 1000;
      at += random() < 0.15 ? 0 : random() * 0.8; // some zero-length words
      words.push([randomWord(random), wordStart, Math.round(at * 1000) / 1000]);
      if (random() < 0.5) at += random() * 0.2;
    }
    const end = Math.round(at * 1000) / 1000;
    if (random() < 0.25)
      segments.push({ start, end, speaker, text: words.map((w) => w[0]).join(' ') }); // no word timings
    else segments.push({ start, end, speaker, words });
    at += random() < 0.3 ? 0 : random() * 3;
  }
  return transcriptOf(segments, speakers);
}

/** The words of a transcript as a reader sees them: every run of whitespace separates two. */
function expectedTokens(t: Transcript): string[] {
  const tokens: string[] = [];
  for (const segment of t.segments) {
    const texts = segment.words.length > 0 ? segment.words.map((w) => w.text) : [segment.text];
    for (const text of texts) tokens.push(...text.split(/\s+/).filter((x) => x !== ''));
  }
  return tokens;
}

function checkCues(t: Transcript, cues: Cue[], limit: number, includeSpeakers: boolean, label: string): void {
  assertOrdered(cues);
  const tokens = expectedTokens(t);
  let next = 0; // index of the token being matched
  let offset = 0; // characters of it already seen (a word cut hard across cues)
  let previousEnd = 0;
  cues.forEach((cue, c) => {
    const where = `${label}, cue ${c}`;
    assert.ok(
      graphemeCount(shown(cue)) <= limit,
      `${where}: ${graphemeCount(shown(cue))} characters > ${limit}: ${JSON.stringify(cue.text)}`,
    );
    const lines = cue.text.split('\n');
    assert.ok(
      lines.length <= 2 && lines.every((l) => l !== '' && l.trim() === l),
      `${where}: one or two trimmed lines`,
    );
    if (lines.length === 2)
      assert.ok(graphemeCount(shown(cue)) > MAX_LINE_CHARS, `${where}: only long cues are broken`);
    assert.ok(cue.text.isWellFormed());
    // A cue starts at its first word unless the previous cue had to be pushed, and ends no earlier than its last word.
    assert.equal(cue.start, Math.max(cue.words[0]!.start, previousEnd), `${where}: starts with its first word`);
    assert.ok(cue.end >= cue.words.at(-1)!.end, `${where}: lasts until its last word ends`);
    previousEnd = cue.end;

    let body = cue.text;
    if (cue.speaker !== null) {
      assert.ok(includeSpeakers);
      assert.ok(body.startsWith(`${cue.speaker}: `), `${where}: prefix`);
      assert.ok(graphemeCount(cue.speaker) + 2 <= Math.floor(limit / 2));
      body = body.slice(cue.speaker.length + 2);
    }
    const pieces = body.split(/[ \n]/);
    assert.deepEqual(
      pieces,
      cue.words.flatMap((w) => w.text.split(' ')),
      `${where}: words match the text`,
    );
    pieces.forEach((piece, p) => {
      const token = tokens[next];
      assert.ok(token !== undefined, `${where}: more text than the transcript has`);
      assert.equal(
        token.slice(offset, offset + piece.length),
        piece,
        `${where}: piece ${p} ${JSON.stringify(piece)} out of order`,
      );
      offset += piece.length;
      if (offset === token.length) {
        next += 1;
        offset = 0;
      } else {
        // Only a word wider than a whole cue is cut, and its chunk fills the cue.
        assert.equal(p, pieces.length - 1, `${where}: a cut word ends its cue`);
        assert.equal(
          graphemeCount(piece) + (cue.speaker === null ? 0 : graphemeCount(cue.speaker) + 2),
          limit,
          `${where}: a cut chunk fills the cue`,
        );
      }
    });
  });
  assert.equal(offset, 0, `${label}: the last word is complete`);
  assert.equal(next, tokens.length, `${label}: every word of the transcript is in a cue`);
}

describe('buildCues on random transcripts (seeded)', () => {
  it('keeps every invariant over 500 transcripts', () => {
    const random = seededRandom(20240611);
    let cueCount = 0;
    for (let i = 0; i < 500; i++) {
      const t = randomTranscript(random);
      const limit = random() < 0.5 ? 10 + Math.floor(random() * 40) : 10 + Math.floor(random() * 491);
      const includeSpeakers = random() < 0.7;
      const cues = buildCues(t, { maxCharsPerEntry: limit, includeSpeakers });
      checkCues(t, cues, limit, includeSpeakers, `transcript ${i} (limit ${limit})`);
      cueCount += cues.length;
    }
    assert.ok(cueCount > 2_000, `the generator produced ${cueCount} cues`);
  });

  it('the checker catches a cue over the limit', () => {
    const t = transcriptOf([{ start: 0, end: 5, words: timedWords('one two three four five six', 0) }]);
    const cues = buildCues(t, { maxCharsPerEntry: 80, includeSpeakers: false });
    assert.throws(() => checkCues(t, cues, 20, false, 'too wide'), /characters > 20/);
    const dropped = cues.map((c) => ({ ...c, text: c.text.replace(' six', ''), words: c.words.slice(0, -1) }));
    assert.throws(() => checkCues(t, dropped, 80, false, 'missing'), /every word/);
  });
});
