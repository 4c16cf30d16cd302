import { AppError } from '@tp/errors';
import { z } from 'zod';

/** The font families a caption may use: Debian's fonts-dejavu-core, installed in the worker image. */
export const CAPTION_FONTS = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono'] as const;
export type CaptionFont = (typeof CAPTION_FONTS)[number];
/** The OS packages that provide CAPTION_FONTS (for the image of whoever burns captions). */
export const CAPTION_FONT_PACKAGES: readonly string[] = ['fonts-dejavu-core'];

/** The background generated for audio-only media: a solid canvas of this size and frame rate. */
export const AUDIO_ONLY_CANVAS = { width: 1280, height: 720, fps: 30 } as const;

/** Where a cue sits on the frame; ASS numbers them as a numeric keypad (1 = bottom left … 9 = top right). */
export const CAPTION_ALIGNMENTS = [
  'bottom_left',
  'bottom_center',
  'bottom_right',
  'middle_left',
  'middle_center',
  'middle_right',
  'top_left',
  'top_center',
  'top_right',
] as const;
export type CaptionAlignment = (typeof CAPTION_ALIGNMENTS)[number];

const COLOR_PATTERN = /^#(?:[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/;
const ID_PATTERN = /^[A-Za-z0-9_-]+$/;

/** What each field must be, in words: the parse error and the OpenAPI description say it the same way. */
const RULES = {
  id: 'null or an id of 1 to 64 letters, digits, `_` or `-`',
  color: 'a colour `#RRGGBB` or `#RRGGBBAA` (AA: opacity, `FF` opaque)',
  int: (min: number, max: number) => `an integer from ${min} to ${max}`,
  number: (min: number, max: number) => `a number from ${min} to ${max}`,
  boolean: 'true or false',
  oneOf: (values: readonly string[]) => `one of ${values.map((v) => `\`${v}\``).join(', ')}`,
} as const;

const idOrNull = (description: string) =>
  z.string().min(1).max(64).regex(ID_PATTERN).nullable().default(null).meta({ description });

const color = (fallback: string, description: string) =>
  z
    .string()
    .regex(COLOR_PATTERN)
    .toUpperCase()
    .default(fallback)
    .meta({ description: `${description} Given as ${RULES.color}.` });

const int = (min: number, max: number, fallback: number, description: string) =>
  z.number().int().min(min).max(max).default(fallback).meta({ description });

/** The API's `options.caption_burn` block: which transcript to burn and how the captions look. */
export const CaptionBurnOptionsSchema = z
  .strictObject({
    transcript_artifact_id: idOrNull(
      'The transcript artifact whose captions are burnt; null: the newest transcript of the job’s media.',
    ),
    transcript_version_id: idOrNull('A version of that artifact; null: its current version.'),
    font_family: z
      .enum(CAPTION_FONTS)
      .default('DejaVu Sans')
      .meta({ description: 'The font, among those installed for rendering.' }),
    font_size: int(8, 200, 48, 'Font size in pixels of the video’s own resolution.'),
    bold: z.boolean().default(false).meta({ description: 'Bold text.' }),
    primary_color: color('#FFFFFF', 'The text colour.'),
    outline_color: color('#000000', 'The colour of the outline around the letters.'),
    outline_width: z.number().min(0).max(20).default(3).meta({
      description: 'Outline width in pixels (0: none); with background_color, the padding of the box instead.',
    }),
    background_color: z
      .string()
      .regex(COLOR_PATTERN)
      .toUpperCase()
      .nullable()
      .default(null)
      .meta({ description: `A box behind each line, or null for none. Given as ${RULES.color}; e.g. \`#00000080\`.` }),
    alignment: z
      .enum(CAPTION_ALIGNMENTS)
      .default('bottom_center')
      .meta({ description: 'Where the captions sit on the frame.' }),
    margin_x: int(0, 2000, 48, 'Distance in pixels from the left and right edges.'),
    margin_y: int(0, 2000, 48, 'Distance in pixels from the top or bottom edge (unused for middle alignments).'),
    max_chars_per_line: int(10, 120, 42, 'Most characters on one caption line; lines break between words.'),
    max_lines_per_cue: int(1, 4, 2, 'Most lines shown at once.'),
    karaoke: z.boolean().default(false).meta({ description: 'Highlight each word while it is spoken.' }),
    highlight_color: color('#FFFF00', 'The colour of the word being spoken when karaoke is on.'),
    canvas_color: color('#000000', 'The background generated for audio-only media (1280x720, 30 fps).'),
  })
  .meta({
    id: 'CaptionBurnOptions',
    description: 'How a caption burn job renders its captions; every field optional.',
  });

export type CaptionBurnOptions = z.output<typeof CaptionBurnOptionsSchema>;
export type CaptionBurnOptionsInput = z.input<typeof CaptionBurnOptionsSchema>;

type Field = keyof CaptionBurnOptions;

const FIELD_RULES: Record<Field, string> = {
  transcript_artifact_id: RULES.id,
  transcript_version_id: RULES.id,
  font_family: RULES.oneOf(CAPTION_FONTS),
  font_size: RULES.int(8, 200),
  bold: RULES.boolean,
  primary_color: RULES.color,
  outline_color: RULES.color,
  outline_width: RULES.number(0, 20),
  background_color: `null or ${RULES.color}`,
  alignment: RULES.oneOf(CAPTION_ALIGNMENTS),
  margin_x: RULES.int(0, 2000),
  margin_y: RULES.int(0, 2000),
  max_chars_per_line: RULES.int(10, 120),
  max_lines_per_cue: RULES.int(1, 4),
  karaoke: RULES.boolean,
  highlight_color: RULES.color,
  canvas_color: RULES.color,
};

const PREFIX = 'options.caption_burn';

/**
 * Checks a `caption_burn` block again where it is used (the jobs service re-reads what the gateway sent):
 * null or undefined gives every default; anything else invalid throws `validation_error` naming the field.
 */
export function parseCaptionBurnOptions(value: unknown): CaptionBurnOptions {
  const parsed = CaptionBurnOptionsSchema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AppError('validation_error', issue ? issueMessage(issue) : `${PREFIX} is invalid`);
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((k) => JSON.stringify(k)).join(', ');
    return `${PREFIX} has unknown field${issue.keys.length > 1 ? 's' : ''} ${names}`;
  }
  const field = issue.path[0];
  if (typeof field === 'string' && field in FIELD_RULES) {
    return `${PREFIX}.${field} must be ${FIELD_RULES[field as Field]}`;
  }
  return `${PREFIX} must be an object`;
}
