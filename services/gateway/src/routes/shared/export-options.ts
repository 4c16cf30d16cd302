import { z } from 'zod';
import {
  DEFAULT_EXPORT_OPTIONS,
  EXPORT_FORMATS,
  EXPORT_LIMITS,
  EXPORT_TEXTS,
  isHighlightColor,
  type ExportOptions,
  TranscriptSchema,
} from '@tp/transcript';
import { queryBoolean } from './schemas.ts';

/**
 * The options of the transcript converters, shared by `GET /jobs/{id}/export` (query) and
 * `POST /format` (body): one spelling, one set of defaults (those of @tp/transcript).
 */
const d = DEFAULT_EXPORT_OPTIONS;

export const EXPORT_CONTENT_TYPES = ['text/plain', 'application/json', 'application/x-subrip', 'text/vtt'];

/** A converter's json is the canonical transcript (its JSON Schema also served at /schemas/transcript.v1.json). */
export const EXPORT_SCHEMAS = { 'application/json': TranscriptSchema };

const format = z.enum(EXPORT_FORMATS).meta({ description: 'Output format: `text`, `json`, `srt` or `vtt`.' });
const maxChars = (schema: z.ZodNumber) =>
  schema
    .int()
    .min(EXPORT_LIMITS.minCharsPerEntry)
    .max(EXPORT_LIMITS.maxCharsPerEntry)
    .default(d.maxCharsPerEntry)
    .meta({
      description: `Longest subtitle entry in characters (srt, vtt); cues split at word boundaries, never longer. ${EXPORT_LIMITS.minCharsPerEntry} to ${EXPORT_LIMITS.maxCharsPerEntry}.`,
    });
const color = z
  .string()
  .max(32)
  .refine(isHighlightColor, 'Expected a colour name (yellow) or #rgb / #rrggbb')
  .default(d.highlightColor)
  .meta({ description: 'Colour of the highlighted word in karaoke mode (srt, vtt).' });

const text = z
  .enum(EXPORT_TEXTS)
  .default(d.text)
  .meta({
    description:
      'Which text the file shows (all formats): `source`, the transcript as spoken, or `translation`, the ' +
      'translation (of a job created with `options.target_language`) wherever a segment has one, speakers ' +
      'included; segments the translation leaves out keep their source text. In json the translated segments ' +
      'have no word timings, `language` is the translation’s and `translation` holds the replaced source text. ' +
      '`translation` of a transcript without a translation is 422, and so is `translation` with ' +
      '`highlight_words` in srt and vtt (a translation has no word timings to highlight).',
  });

/** Cross-field checks run once every field is valid (never over a half-parsed value). */
export const ONCE_VALID = { when: (payload: { issues: unknown[] }) => payload.issues.length === 0 };

/** Karaoke highlights words as they were timed; a translation has no words, so the two do not combine. */
export function checkExportCombination(
  o: { format: string; text: string; highlight_words: boolean },
  ctx: z.RefinementCtx,
): void {
  if (o.text === 'translation' && o.highlight_words && (o.format === 'srt' || o.format === 'vtt'))
    ctx.addIssue({
      code: 'custom',
      path: ['highlight_words'],
      message: 'highlight_words cannot be combined with text=translation: a translation has no word timings',
    });
}

const describe = {
  include_speakers: 'Speaker names before the text (text, srt, vtt).',
  include_timestamps: 'Start time before each paragraph (text).',
  include_word_timestamps: 'Word timings (json).',
  pretty: 'Indented JSON (json).',
  highlight_words: 'Karaoke: one subtitle per word, the current word highlighted (srt, vtt).',
} as const;

export const ExportQuery = z
  .object({
    format: format.default('json'),
    text,
    include_speakers: queryBoolean(d.includeSpeakers).meta({ description: describe.include_speakers }),
    include_timestamps: queryBoolean(d.includeTimestamps).meta({ description: describe.include_timestamps }),
    include_word_timestamps: queryBoolean(d.includeWordTimestamps).meta({
      description: describe.include_word_timestamps,
    }),
    pretty: queryBoolean(d.pretty).meta({ description: describe.pretty }),
    max_chars_per_entry: maxChars(z.coerce.number()),
    highlight_words: queryBoolean(d.highlightWords).meta({ description: describe.highlight_words }),
    highlight_color: color,
  })
  .superRefine(checkExportCombination, ONCE_VALID);

/** The same options in a JSON body (`POST /format`), as JSON booleans and numbers. */
export const exportBodyFields = {
  format: format,
  text,
  include_speakers: z.boolean().default(d.includeSpeakers).meta({ description: describe.include_speakers }),
  include_timestamps: z.boolean().default(d.includeTimestamps).meta({ description: describe.include_timestamps }),
  include_word_timestamps: z
    .boolean()
    .default(d.includeWordTimestamps)
    .meta({ description: describe.include_word_timestamps }),
  pretty: z.boolean().default(d.pretty).meta({ description: describe.pretty }),
  max_chars_per_entry: maxChars(z.number()),
  highlight_words: z.boolean().default(d.highlightWords).meta({ description: describe.highlight_words }),
  highlight_color: color,
};

type Parsed = z.infer<typeof ExportQuery>;

export function toExportOptions(q: Parsed): ExportOptions {
  return {
    format: q.format,
    text: q.text,
    includeSpeakers: q.include_speakers,
    includeTimestamps: q.include_timestamps,
    includeWordTimestamps: q.include_word_timestamps,
    pretty: q.pretty,
    maxCharsPerEntry: q.max_chars_per_entry,
    highlightWords: q.highlight_words,
    highlightColor: q.highlight_color,
  };
}
