/**
 * Text as the exporters show it, and how wide it is. A "character" is a user-perceived character (an extended
 * grapheme cluster: `é`, `👍🏽` and `🇫🇷` count 1 each), so a hard split never cuts one in half.
 */

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const LINE_BREAKS_AND_TABS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const SPACES = / {2,}/g;

const graphemeSegmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * One line of text: line breaks and tabs become a space, other control characters go, runs of spaces collapse,
 * ends are trimmed, lone surrogates become U+FFFD. So no blank line (or any line break) can come from the text.
 */
export function oneLine(text: string): string {
  if (PRINTABLE_ASCII.test(text) && !text.includes('  ') && text.trim() === text) return text;
  return text.toWellFormed().replace(LINE_BREAKS_AND_TABS, ' ').replace(CONTROL, '').replace(SPACES, ' ').trim();
}

/** How many characters `text` shows (grapheme clusters). */
export function textWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let n = 0;
  for (const _ of graphemeSegmenter.segment(text)) n += 1;
  return n;
}

/** The grapheme clusters of `text`. */
export function graphemes(text: string): string[] {
  if (PRINTABLE_ASCII.test(text)) return text.split('');
  return Array.from(graphemeSegmenter.segment(text), (s) => s.segment);
}

/** The first `width` characters of `text`, with `…` as the last one when it had to be shortened. */
export function truncate(text: string, width: number): string {
  if (textWidth(text) <= width) return text;
  return `${graphemes(text)
    .slice(0, Math.max(0, width - 1))
    .join('')
    .trimEnd()}…`;
}
