import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { emptyTranscript, exampleTranscript, exportTranscript, syntheticTranscript } from '../index.ts';
import { assertOrdered, parseSrt, parseVtt, srt, timedWords, transcriptOf, vtt } from './test-fixtures.ts';

const hostile = () =>
  transcriptOf(
    [
      {
        start: 0,
        end: 2,
        words: [
          ['<script>alert(1)</script>', 0, 1],
          ['-->', 1, 1.5],
          ['A&B', 1.5, 2],
        ],
      },
      {
        start: 2,
        end: 4,
        words: [
          ['<i>not', 2, 2.5],
          ['italic</i>', 2.5, 3],
          ['{\\an8}top', 3, 3.5],
          ['a\\Nb', 3.5, 4],
        ],
      },
    ],
    [{ id: 'S1', label: 'Speaker 1', name: 'Eve <b>&</b>' }],
  );

describe('srt export', () => {
  it('numbers entries from 1 with HH:MM:SS,mmm times and a blank line after each', () => {
    assert.equal(
      srt(exampleTranscript()),
      '1\n00:00:00,000 --> 00:00:02,500\nAda: Hello there.\n\n2\n00:00:03,000 --> 00:00:03,500\nSpeaker 2: Hi!\n\n',
    );
    assert.equal(
      srt(exampleTranscript(), { includeSpeakers: false }),
      '1\n00:00:00,000 --> 00:00:02,500\nHello there.\n\n2\n00:00:03,000 --> 00:00:03,500\nHi!\n\n',
    );
    assert.equal(srt(emptyTranscript()), '');
  });

  it('writes hours past 99 and milliseconds exactly', () => {
    const t = transcriptOf([
      { start: 3599.999, end: 3601.001, words: [['edge', 3599.999, 3601.001]] },
      { start: 360_000.5, end: 360_001.25, words: [['late', 360_000.5, 360_001.25]] },
    ]);
    assert.deepEqual(
      srt(t, { includeSpeakers: false })
        .split('\n')
        .filter((l) => l.includes('-->')),
      ['00:59:59,999 --> 01:00:01,001', '100:00:00,500 --> 100:00:01,250'],
    );
  });

  it('respects maxCharsPerEntry and breaks long entries into two lines', () => {
    const t = transcriptOf([
      { start: 0, end: 20, words: timedWords('one two three four five six seven eight nine ten eleven twelve', 0) },
    ]);
    const wide = parseSrt(srt(t));
    assert.deepEqual(
      wide.map((c) => c.text),
      ['Ada: one two three four five six\nseven eight nine ten eleven twelve'],
    );
    const narrow = parseSrt(srt(t, { maxCharsPerEntry: 20 }));
    assert.ok(narrow.length > 4);
    for (const cue of narrow) assert.ok(cue.text.length <= 20, cue.text);
  });

  it('neutralizes markup: tags, -->, ASS override blocks and \\N never reach a player', () => {
    const content = srt(hostile());
    const cues = parseSrt(content);
    assert.ok(
      cues.every((c) => !/[<>{}]/.test(c.text)),
      content,
    );
    assert.equal(cues[0]!.text, 'Eve ‹b›&‹/b›: ‹script›alert(1)‹/script›\n--› A&B');
    assert.equal(cues[1]!.text, 'Eve ‹b›&‹/b›: ‹i›not\nitalic‹/i› ｛\\\u2060an8｝top a\\\u2060Nb');
  });
});

describe('srt export: karaoke', () => {
  it('karaoke: one entry per word, the whole cue shown, the current word in <font color>', () => {
    assert.equal(
      srt(exampleTranscript(), { highlightWords: true }),
      '1\n00:00:00,000 --> 00:00:00,450\nAda: <font color="#ffff00">Hello</font> there.\n\n' +
        '2\n00:00:00,450 --> 00:00:02,500\nAda: Hello <font color="#ffff00">there.</font>\n\n' +
        '3\n00:00:03,000 --> 00:00:03,500\nSpeaker 2: <font color="#ffff00">Hi!</font>\n\n',
    );
    assert.ok(
      srt(exampleTranscript(), { highlightWords: true, highlightColor: 'DeepSkyBlue' }).includes(
        '<font color="#00bfff">Hello</font>',
      ),
    );
    assert.ok(
      srt(exampleTranscript(), { highlightWords: true, highlightColor: '#F80' }).includes(
        '<font color="#ff8800">Hello</font>',
      ),
    );
  });

  it('karaoke keeps the neutralization and the line break', () => {
    const content = srt(hostile(), { highlightWords: true, highlightColor: 'red' });
    const cues = parseSrt(content);
    assert.equal(cues.length, 7);
    assert.equal(cues[1]!.text, 'Eve ‹b›&‹/b›: ‹script›alert(1)‹/script›\n<font color="#ff0000">--›</font> A&B');
    for (const cue of cues) {
      assert.equal(cue.text.match(/<font color="#ff0000">/g)?.length, 1);
      assert.ok(!/<(?!\/?font)/.test(cue.text), 'no other tag');
    }
    const long = transcriptOf([
      { start: 0, end: 20, words: timedWords('one two three four five six seven eight nine ten eleven twelve', 0) },
    ]);
    const lines = parseSrt(srt(long, { highlightWords: true })).map((c) => c.text.replace(/<\/?font[^>]*>/g, ''));
    assert.equal(lines.length, 12);
    assert.ok(
      lines.every((l) => l === 'Ada: one two three four five six\nseven eight nine ten eleven twelve'),
      lines[0],
    );
  });
});

describe('karaoke timing', () => {
  it('gives a word no entry of its own when it has no time, and never writes an empty entry', () => {
    // "b" has no length and starts with "c": it is never the current word; "c" lasts until "d" starts.
    const t = transcriptOf([
      {
        start: 1,
        end: 3,
        words: [
          ['a', 1, 1.5],
          ['b', 1.5, 1.5],
          ['c', 1.5, 2],
          ['d', 2.5, 3],
        ],
      },
    ]);
    for (const format of ['srt', 'vtt'] as const) {
      const content = exportTranscript(t, { format, highlightWords: true, includeSpeakers: false }).content;
      const entries = format === 'srt' ? parseSrt(content) : parseVtt(content);
      assertOrdered(entries);
      assert.deepEqual(
        entries.map((e) => [e.start, e.end, e.text.replace(/<(font|c)[^>]*>(<b>)?|(<\/b>)?<\/(font|c)>/g, '*')]),
        [
          [1000, 1500, '*a* b c d'],
          [1500, 2500, 'a b *c* d'],
          [2500, 3000, 'a b c *d*'],
        ],
      );
    }
  });
});

describe('vtt export', () => {
  it('starts with WEBVTT and writes HH:MM:SS.mmm cues', () => {
    assert.equal(
      vtt(exampleTranscript()),
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.500\n<v Ada>Ada: Hello there.</v>\n\n' +
        '00:00:03.000 --> 00:00:03.500\n<v Speaker 2>Speaker 2: Hi!</v>\n\n',
    );
    assert.equal(
      vtt(exampleTranscript(), { includeSpeakers: false }),
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.500\nHello there.\n\n00:00:03.000 --> 00:00:03.500\nHi!\n\n',
    );
    assert.equal(vtt(emptyTranscript()), 'WEBVTT\n\n');
  });

  it('escapes &, < and > everywhere, speaker names included, and defuses \\N', () => {
    const content = vtt(hostile());
    // The voice annotation holds no reference (ffmpeg would decode it into the text): look-alikes instead.
    assert.ok(content.includes('\n<v Eve \u2039b\u203a\uff06\u2039/b\u203a>Eve &lt;b&gt;'), content);
    const cues = parseVtt(content);
    assert.equal(cues[0]!.text, 'Eve &lt;b&gt;&amp;&lt;/b&gt;: &lt;script&gt;alert(1)&lt;/script&gt;\n--&gt; A&amp;B');
    assert.equal(
      cues[1]!.text,
      'Eve &lt;b&gt;&amp;&lt;/b&gt;: &lt;i&gt;not\nitalic&lt;/i&gt; {\\\u2060an8}top a\\\u2060Nb',
    );
  });

  it('respects maxCharsPerEntry like SRT, with the same cues', () => {
    const t = syntheticTranscript({ segments: 40, seed: 7 });
    for (const maxCharsPerEntry of [10, 32, 80, 500]) {
      const fromSrt = parseSrt(srt(t, { maxCharsPerEntry }));
      const fromVtt = parseVtt(vtt(t, { maxCharsPerEntry }));
      assert.deepEqual(fromVtt, fromSrt);
      assert.ok(fromVtt.every((c) => c.text.replace('\n', ' ').length <= maxCharsPerEntry));
    }
  });

  it('karaoke: one cue per word, the current word in <c.colour><b>, no STYLE block', () => {
    assert.equal(
      vtt(exampleTranscript(), { highlightWords: true }),
      'WEBVTT\n\n' +
        '00:00:00.000 --> 00:00:00.450\n<v Ada>Ada: <c.yellow><b>Hello</b></c> there.</v>\n\n' +
        '00:00:00.450 --> 00:00:02.500\n<v Ada>Ada: Hello <c.yellow><b>there.</b></c></v>\n\n' +
        '00:00:03.000 --> 00:00:03.500\n<v Speaker 2>Speaker 2: <c.yellow><b>Hi!</b></c></v>\n\n',
    );
    const classOf = (highlightColor: string) =>
      /<c\.([^>]+)>/.exec(vtt(exampleTranscript(), { highlightWords: true, highlightColor }))![1];
    assert.equal(classOf('#ff0'), 'yellow');
    assert.equal(classOf('Aqua'), 'cyan');
    assert.equal(classOf('fuchsia'), 'magenta');
    assert.equal(classOf('#00FF00'), 'lime');
    assert.equal(classOf('Orange'), 'orange');
    assert.equal(classOf('#123456'), 'color-123456');
    assert.ok(!vtt(exampleTranscript(), { highlightWords: true, highlightColor: 'orange' }).includes('STYLE'));
  });

  it('karaoke escapes the words around the markup', () => {
    const cues = parseVtt(vtt(hostile(), { highlightWords: true }));
    assert.equal(cues.length, 7);
    assert.equal(
      cues[0]!.text,
      'Eve &lt;b&gt;&amp;&lt;/b&gt;: <c.yellow><b>&lt;script&gt;alert(1)&lt;/script&gt;</b></c>\n--&gt; A&amp;B',
    );
  });
});
