import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fittedLayout, fittingLineLength } from './fit.ts';
import { parseCaptionBurnOptions } from './style.ts';

const style = (fields: Record<string, unknown> = {}) => parseCaptionBurnOptions(fields);

describe('lines that fit the frame', () => {
  it('keep the asked-for length where the frame holds it', () => {
    // 1280 − 2 × 48 − 2 × 3 = 1178 px hold 47 characters of 0.52 × 48 px; 42 were asked for.
    assert.equal(fittingLineLength(style(), { width: 1280 }), 42);
  });

  it('are shortened where the font is too large for the frame', () => {
    // 640 − 96 − 6 = 538 px at 0.52 × 42 = 21.84 px a character: 24.
    assert.equal(fittingLineLength(style({ font_size: 42, max_chars_per_line: 36 }), { width: 640 }), 24);
    const bold = fittingLineLength(style({ font_size: 42, max_chars_per_line: 36, bold: true }), { width: 640 });
    assert.ok(bold < 24, `bold is wider: ${bold}`);
    // Every DejaVu Sans Mono character is 1233/2384 of the size wide: the lines are never wider than the room.
    const mono = style({ font_family: 'DejaVu Sans Mono', font_size: 60, margin_x: 20, outline_width: 0 });
    const chars = fittingLineLength(mono, { width: 720 });
    assert.ok(chars * (1233 / 2384) * 60 <= 720 - 40, `${chars} characters`);
  });

  it('hold at least one character, and keep the lines per cue', () => {
    assert.equal(fittingLineLength(style({ font_size: 200, margin_x: 2000 }), { width: 320 }), 1);
    assert.deepEqual(fittedLayout(style({ max_lines_per_cue: 3, font_size: 100 }), { width: 640 }), {
      max_chars_per_line: 10,
      max_lines_per_cue: 3,
    });
  });
});
