import { CSS_NAMED_COLORS } from './colors.ts';

/** The formats `exportTranscript` writes. */
export const EXPORT_FORMATS = ['text', 'json', 'srt', 'vtt'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Which text an export shows: the transcript's own, or its translation. */
export const EXPORT_TEXTS = ['source', 'translation'] as const;
export type ExportText = (typeof EXPORT_TEXTS)[number];

export interface ExportOptions {
  format: ExportFormat;
  /**
   * Every format: `translation` shows the translation's text where a segment has one (the others keep their own),
   * in the translation's language and without word timings; the transcript must have a translation. Not with
   * `highlightWords` in srt and vtt (karaoke needs the words' timings, which a translation has not).
   */
  text: ExportText;
  /** text, srt, vtt: prefix `Name: ` (the speaker's name, else its label) where the segment has a speaker. */
  includeSpeakers: boolean;
  /** text: prefix each paragraph with `[HH:MM:SS] ` (the segment's start). */
  includeTimestamps: boolean;
  /** json: keep the word timings; `false` empties every `words` array. */
  includeWordTimestamps: boolean;
  /** json: 2-space indentation (and a final newline); `false` is the compact canonical form. */
  pretty: boolean;
  /** srt, vtt: the most characters a cue shows (speaker prefix included, line break excluded); an integer in EXPORT_LIMITS. */
  maxCharsPerEntry: number;
  /** srt, vtt: karaoke, one sub-cue per word with the current word highlighted. */
  highlightWords: boolean;
  /** srt, vtt: the highlight colour, a CSS colour name or `#rgb` / `#rrggbb` (see `isHighlightColor`). */
  highlightColor: string;
}

export const DEFAULT_EXPORT_OPTIONS: Omit<ExportOptions, 'format'> = Object.freeze({
  text: 'source',
  includeSpeakers: true,
  includeTimestamps: false,
  includeWordTimestamps: true,
  pretty: true,
  maxCharsPerEntry: 80,
  highlightWords: false,
  highlightColor: 'yellow',
});

/** Bounds of `maxCharsPerEntry` (inclusive). */
export const EXPORT_LIMITS = Object.freeze({ minCharsPerEntry: 10, maxCharsPerEntry: 500 } as const);

/** An invalid export option (a `RangeError`); `option` names the offending field. */
export class ExportOptionsError extends RangeError {
  readonly option: string;
  constructor(option: string, message: string) {
    super(message);
    this.name = 'ExportOptionsError';
    this.option = option;
  }
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** True for a CSS colour name (case-insensitive, e.g. `yellow`, `DeepSkyBlue`) or `#rgb` / `#rrggbb`; nothing else. */
export function isHighlightColor(value: string): boolean {
  return typeof value === 'string' && (HEX_COLOR.test(value) || CSS_NAMED_COLORS.has(value.toLowerCase()));
}

/** The colour as lowercase `#rrggbb`; only for values `isHighlightColor` accepts. */
export function highlightColorHex(value: string): string {
  const named = CSS_NAMED_COLORS.get(value.toLowerCase());
  if (named !== undefined) return named;
  const hex = value.toLowerCase();
  return hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
}

const BOOLEAN_OPTIONS = [
  'includeSpeakers',
  'includeTimestamps',
  'includeWordTimestamps',
  'pretty',
  'highlightWords',
] as const;

/**
 * The options with defaults filled in (an `undefined` value means the default), every one checked, whatever the
 * format: the last guard behind the callers' own validation. Throws `ExportOptionsError` (a `RangeError`).
 */
export function resolveExportOptions(options: Partial<ExportOptions> & { format: ExportFormat }): ExportOptions {
  if (typeof options !== 'object' || options === null)
    throw new ExportOptionsError('format', 'Export options must be an object');
  if (!(EXPORT_FORMATS as readonly unknown[]).includes(options.format)) {
    throw new ExportOptionsError(
      'format',
      `Unknown export format ${JSON.stringify(String(options.format))}; expected one of ${EXPORT_FORMATS.join(', ')}`,
    );
  }
  const resolved: ExportOptions = { format: options.format, ...DEFAULT_EXPORT_OPTIONS };
  for (const key of BOOLEAN_OPTIONS) {
    const value: unknown = options[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw new ExportOptionsError(key, `${key} must be a boolean`);
    resolved[key] = value;
  }
  const max: unknown = options.maxCharsPerEntry;
  if (max !== undefined) {
    if (
      typeof max !== 'number' ||
      !Number.isInteger(max) ||
      max < EXPORT_LIMITS.minCharsPerEntry ||
      max > EXPORT_LIMITS.maxCharsPerEntry
    ) {
      throw new ExportOptionsError(
        'maxCharsPerEntry',
        `maxCharsPerEntry must be an integer from ${EXPORT_LIMITS.minCharsPerEntry} to ${EXPORT_LIMITS.maxCharsPerEntry}`,
      );
    }
    resolved.maxCharsPerEntry = max;
  }
  const text: unknown = options.text;
  if (text !== undefined) {
    if (!(EXPORT_TEXTS as readonly unknown[]).includes(text))
      throw new ExportOptionsError('text', `text must be one of ${EXPORT_TEXTS.join(', ')}`);
    resolved.text = text as ExportText;
  }
  if (
    resolved.text === 'translation' &&
    resolved.highlightWords &&
    (resolved.format === 'srt' || resolved.format === 'vtt')
  )
    throw new ExportOptionsError(
      'highlightWords',
      'highlightWords cannot be combined with text translation: a translation has no word timings to highlight',
    );
  const color: unknown = options.highlightColor;
  if (color !== undefined) {
    if (typeof color !== 'string' || !isHighlightColor(color)) {
      throw new ExportOptionsError('highlightColor', 'highlightColor must be a CSS colour name or #rgb / #rrggbb');
    }
    resolved.highlightColor = color;
  }
  return resolved;
}
