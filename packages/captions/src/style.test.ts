import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAppError } from '@tp/errors';
import { CAPTION_FONTS, CaptionBurnOptionsSchema, parseCaptionBurnOptions } from './style.ts';

const DEFAULTS = {
  transcript_artifact_id: null,
  transcript_version_id: null,
  font_family: 'DejaVu Sans',
  font_size: 48,
  bold: false,
  primary_color: '#FFFFFF',
  outline_color: '#000000',
  outline_width: 3,
  background_color: null,
  alignment: 'bottom_center',
  margin_x: 48,
  margin_y: 48,
  max_chars_per_line: 42,
  max_lines_per_cue: 2,
  karaoke: false,
  highlight_color: '#FFFF00',
  canvas_color: '#000000',
};

/** A refused value and the start of its message after `options.caption_burn.`. */
const BOUNDS: [Record<string, unknown>, string][] = [
  [{ font_size: 7 }, 'font_size must be an integer from 8 to 200'],
  [{ font_size: 201 }, 'font_size must be an integer from 8 to 200'],
  [{ font_size: 20.5 }, 'font_size must be an integer'],
  [{ outline_width: -1 }, 'outline_width must be a number from 0 to 20'],
  [{ outline_width: 20.5 }, 'outline_width must be a number from 0 to 20'],
  [{ margin_x: -1 }, 'margin_x must be an integer from 0 to 2000'],
  [{ margin_y: 2001 }, 'margin_y must be an integer from 0 to 2000'],
  [{ max_chars_per_line: 9 }, 'max_chars_per_line must be an integer from 10 to 120'],
  [{ max_chars_per_line: 121 }, 'max_chars_per_line must be an integer from 10 to 120'],
  [{ max_lines_per_cue: 0 }, 'max_lines_per_cue must be an integer from 1 to 4'],
  [{ max_lines_per_cue: 5 }, 'max_lines_per_cue must be an integer from 1 to 4'],
  [{ font_family: 'Arial' }, `font_family must be one of \`${CAPTION_FONTS[0]}\``],
  [{ alignment: 'center' }, 'alignment must be one of `bottom_left`'],
  [{ bold: 'yes' }, 'bold must be true or false'],
  [{ karaoke: 1 }, 'karaoke must be true or false'],
  [{ primary_color: 'white' }, 'primary_color must be a colour'],
  [{ outline_color: '#FFF' }, 'outline_color must be a colour'],
  [{ highlight_color: '#FFFF0' }, 'highlight_color must be a colour'],
  [{ canvas_color: '#GGGGGG' }, 'canvas_color must be a colour'],
  [{ background_color: '#000000000' }, 'background_color must be null or a colour'],
  [{ transcript_artifact_id: '' }, 'transcript_artifact_id must be null or an id'],
  [{ transcript_artifact_id: 'a'.repeat(65) }, 'transcript_artifact_id must be null or an id'],
  [{ transcript_version_id: 'ver 1' }, 'transcript_version_id must be null or an id'],
];

/** The message of the validation_error that parsing `value` throws. */
function refusal(value: unknown): string {
  try {
    parseCaptionBurnOptions(value);
  } catch (err) {
    assert.ok(isAppError(err), String(err));
    assert.equal(err.code, 'validation_error');
    return err.message;
  }
  assert.fail(`${JSON.stringify(value)} was accepted`);
}

describe('parseCaptionBurnOptions', () => {
  it('gives every default for null, undefined and {}', () => {
    assert.deepEqual(parseCaptionBurnOptions(null), DEFAULTS);
    assert.deepEqual(parseCaptionBurnOptions(undefined), DEFAULTS);
    assert.deepEqual(parseCaptionBurnOptions({}), DEFAULTS);
  });

  it('keeps what is given and fills the rest', () => {
    const given = {
      transcript_artifact_id: 'art_01ABC',
      font_family: 'DejaVu Serif',
      font_size: 8,
      bold: true,
      alignment: 'top_left',
      karaoke: true,
      outline_width: 1.5,
    };
    assert.deepEqual(parseCaptionBurnOptions(given), { ...DEFAULTS, ...given });
  });

  it('normalises colours to upper case, with or without opacity', () => {
    const options = parseCaptionBurnOptions({
      primary_color: '#ff00aa',
      background_color: '#000000c0',
      canvas_color: '#AbCdEf',
    });
    assert.equal(options.primary_color, '#FF00AA');
    assert.equal(options.background_color, '#000000C0');
    assert.equal(options.canvas_color, '#ABCDEF');
  });

  it('refuses each bound, naming the field', () => {
    for (const [value, expected] of BOUNDS) {
      const message = refusal(value);
      assert.ok(message.startsWith(`options.caption_burn.${expected}`), `${JSON.stringify(value)}: ${message}`);
    }
  });

  it('accepts each bound itself', () => {
    for (const value of [
      { font_size: 200, outline_width: 0, margin_x: 2000, margin_y: 0, max_chars_per_line: 120, max_lines_per_cue: 4 },
      { font_size: 8, outline_width: 20, margin_x: 0, margin_y: 2000, max_chars_per_line: 10, max_lines_per_cue: 1 },
      { transcript_artifact_id: 'a'.repeat(64), transcript_version_id: 'A-b_9' },
    ]) {
      assert.doesNotThrow(() => parseCaptionBurnOptions(value), JSON.stringify(value));
    }
  });

  it('refuses unknown keys and what is not an object', () => {
    assert.equal(refusal({ font: 'x' }), 'options.caption_burn has unknown field "font"');
    assert.equal(refusal({ a: 1, b: 2 }), 'options.caption_burn has unknown fields "a", "b"');
    assert.equal(refusal('bold'), 'options.caption_burn must be an object');
    assert.equal(refusal([]), 'options.caption_burn must be an object');
  });

  it('describes every field for the OpenAPI document', () => {
    const document = CaptionBurnOptionsSchema.toJSONSchema({ io: 'input' }) as {
      $defs: Record<string, { properties: Record<string, { description?: string }> }>;
    };
    const schema = document.$defs.CaptionBurnOptions;
    assert.ok(schema, 'registered as CaptionBurnOptions');
    assert.equal(Object.keys(schema.properties).length, 17);
    for (const [name, field] of Object.entries(schema.properties)) {
      assert.ok(field.description, `${name} has a description`);
    }
  });
});
