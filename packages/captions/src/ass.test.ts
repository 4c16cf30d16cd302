import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assColor, assDocument, assText, assTime } from './ass.ts';
import type { Cue } from './cues.ts';
import { styleOf } from './test-support.ts';

const VIDEO = { width: 1920, height: 1080 };

/** The fields of the document's one style, by the names of its Format line. */
function styleFields(document: string): Record<string, string> {
  const format = /^Format: (Name, Fontname.*)$/m.exec(document)![1]!.split(', ');
  const values = /^Style: (.*)$/m.exec(document)![1]!.split(',');
  assert.equal(values.length, format.length);
  return Object.fromEntries(format.map((name, i) => [name, values[i]!]));
}

const dialogues = (document: string) => document.split('\n').filter((l) => l.startsWith('Dialogue: '));

/** A cue from `'word start end, word start end | next line …'`. */
const cue = (start: number, end: number, spec: string): Cue => ({
  start,
  end,
  speaker: null,
  lines: spec.split(' | ').map((line) =>
    line.split(', ').map((word) => {
      const [text, s, e] = word.split(' ');
      return { text: text!, start: Number(s), end: Number(e) };
    }),
  ),
});

describe('assDocument header and style', () => {
  it('plays at the video’s resolution, scales borders with it and never wraps on its own', () => {
    const document = assDocument([], styleOf(), { width: 641, height: 361 });
    assert.match(document, /^\[Script Info\]\n/);
    assert.match(document, /^PlayResX: 641$/m);
    assert.match(document, /^PlayResY: 361$/m);
    assert.match(document, /^ScaledBorderAndShadow: yes$/m);
    assert.match(document, /^WrapStyle: 0$/m);
    assert.match(document, /^\[V4\+ Styles\]$/m);
    assert.match(
      document,
      /^\[Events\]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n$/m,
    );
  });

  it('writes the style from the options: outline by default', () => {
    const fields = styleFields(assDocument([], styleOf(), VIDEO));
    assert.deepEqual(
      [fields.Fontname, fields.Fontsize, fields.PrimaryColour, fields.OutlineColour, fields.Bold],
      ['DejaVu Sans', '48', '&H00FFFFFF', '&H00000000', '0'],
    );
    assert.deepEqual(
      [
        fields.BorderStyle,
        fields.Outline,
        fields.Shadow,
        fields.Alignment,
        fields.MarginL,
        fields.MarginR,
        fields.MarginV,
      ],
      ['1', '3', '0', '2', '48', '48', '48'],
    );
  });

  it('writes a box (BorderStyle 3, filled with the background colour) when background_color is set', () => {
    const options = styleOf({
      font_family: 'DejaVu Serif',
      font_size: 64,
      bold: true,
      primary_color: '#FFFF00',
      background_color: '#000000C0',
      outline_width: 6,
      alignment: 'top_right',
      margin_x: 10,
      margin_y: 20,
    });
    const fields = styleFields(assDocument([], options, VIDEO));
    assert.deepEqual(
      [fields.Fontname, fields.Fontsize, fields.PrimaryColour, fields.Bold, fields.BorderStyle, fields.Outline],
      ['DejaVu Serif', '64', '&H0000FFFF', '-1', '3', '6'],
    );
    // libass paints BorderStyle 3's box in OutlineColour; BackColour (the shadow) matches it.
    assert.deepEqual([fields.OutlineColour, fields.BackColour], ['&H3F000000', '&H3F000000']);
    assert.deepEqual([fields.Alignment, fields.MarginL, fields.MarginR, fields.MarginV], ['9', '10', '10', '20']);
  });

  it('numbers the alignments as a keypad', () => {
    const numbers = (['bottom_left', 'middle_center', 'top_center'] as const).map(
      (alignment) => styleFields(assDocument([], styleOf({ alignment }), VIDEO)).Alignment,
    );
    assert.deepEqual(numbers, ['1', '5', '8']);
  });
});

describe('assDocument events', () => {
  it('writes one dialogue a cue, lines joined by \\N, times in centiseconds', () => {
    const cues = [
      cue(1.234, 3.5, 'Hello 1.234 1.6, there 1.7 2 | world 2.1 3.5'),
      cue(3661.005, 3662, 'later 3661.005 3662'),
      cue(4000, 4000.004, 'gone 4000 4000.004'),
    ];
    assert.deepEqual(dialogues(assDocument(cues, styleOf(), VIDEO)), [
      'Dialogue: 0,0:00:01.23,0:00:03.50,Caption,,0,0,0,,Hello there\\Nworld',
      'Dialogue: 0,1:01:01.01,1:01:02.00,Caption,,0,0,0,,later',
    ]);
  });

  it('karaoke: the cue once per word with that word highlighted during its time, plain in the gaps', () => {
    const cues = [cue(1, 3, 'one 1 1.5, two 1.5 2 | three 2.25 2.5')];
    const lines = dialogues(assDocument(cues, styleOf({ karaoke: true, highlight_color: '#00FF0080' }), VIDEO));
    const on = (w: string) => `{\\1c&H00FF00&\\1a&H7F&}${w}{\\1c&HFFFFFF&\\1a&H00&}`;
    assert.deepEqual(lines, [
      `Dialogue: 0,0:00:01.00,0:00:01.50,Caption,,0,0,0,,${on('one')} two\\Nthree`,
      `Dialogue: 0,0:00:01.50,0:00:02.00,Caption,,0,0,0,,one ${on('two')}\\Nthree`,
      'Dialogue: 0,0:00:02.00,0:00:02.25,Caption,,0,0,0,,one two\\Nthree',
      `Dialogue: 0,0:00:02.25,0:00:02.50,Caption,,0,0,0,,one two\\N${on('three')}`,
      'Dialogue: 0,0:00:02.50,0:00:03.00,Caption,,0,0,0,,one two\\Nthree',
    ]);
  });

  it('karaoke: a word of no time is never highlighted', () => {
    const cues = [cue(0, 1, 'a 0 0, b 0 1')];
    assert.equal(dialogues(assDocument(cues, styleOf({ karaoke: true }), VIDEO)).length, 1);
  });
});

describe('ASS values', () => {
  it('converts colours to &HAABBGGRR, alpha = 255 − opacity', () => {
    assert.equal(assColor('#FF000080'), '&H7F0000FF');
    assert.equal(assColor('#112233'), '&H00332211');
    assert.equal(assColor('#AABBCCFF'), '&H00CCBBAA');
    assert.equal(assColor('#00000000'), '&HFF000000');
  });

  it('writes times as H:MM:SS.cc', () => {
    assert.equal(assTime(0), '0:00:00.00');
    assert.equal(assTime(59.999), '0:01:00.00');
    assert.equal(assTime(36_000.5), '10:00:00.50');
  });

  it('escapes what libass would read as commands or overrides', () => {
    assert.equal(assText('{\\b1}bold'), '\\{\\\u2060b1\\}bold');
    assert.equal(assText('a\\Nb\\h'), 'a\\\u2060Nb\\\u2060h');
    assert.equal(assText('line\nbreak\ttab'), 'line break tab');
    assert.equal(assText('plain, words: 100%'), 'plain, words: 100%');
  });
});
