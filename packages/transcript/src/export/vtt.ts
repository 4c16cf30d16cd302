import type { Transcript } from '../schema.ts';
import { cueText, karaokeSpans, layoutCues, type CueLayout, type CueUnit } from './cues.ts';
import { CSS_NAMED_COLORS } from './colors.ts';
import { ExportOptionsError, highlightColorHex, isHighlightColor } from './options.ts';
import { clockTime } from './timestamp.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * WebVTT cue text escaping: `&` `<` `>` as character references, so `-->` and `<script>` stay text. And, as in
 * SRT, a `\` is followed by an invisible WORD JOINER (U+2060): ffmpeg-based players (mpv) pass cue text through
 * libass, which would read `\N` as a line break.
 */
export function vttEscape(text: string): string {
  return /[&<>\\]/.test(text) ? text.replace(/[&<>]/g, (c) => ESCAPES[c]!).replace(/\\/g, '\\\u2060') : text;
}

/** The WebVTT default text colour classes (rendered by browsers without any style sheet), by their colour. */
const DEFAULT_COLOR_CLASSES = new Map(
  ['white', 'lime', 'cyan', 'red', 'yellow', 'magenta', 'blue', 'black'].map((name) => [
    CSS_NAMED_COLORS.get(name)!,
    name,
  ]),
);

/**
 * The class naming the highlight colour: a WebVTT default colour class when the colour is one (`#ff0` and `aqua`
 * included: `yellow`, `cyan`), else the colour's CSS name (`orange`) or `color-rrggbb`, for the page to style
 * with `::cue(.orange)`. Only [a-z0-9-], whatever the input.
 */
export function vttColorClass(color: string): string {
  const hex = highlightColorHex(color);
  const known = DEFAULT_COLOR_CLASSES.get(hex);
  if (known !== undefined) return known;
  const name = color.toLowerCase();
  return CSS_NAMED_COLORS.has(name) ? name : `color-${hex.slice(1)}`;
}

const plain = (unit: CueUnit) => vttEscape(unit.text);

const VOICE_LOOKALIKES: Record<string, string> = { '&': '\uff06', '<': '\u2039', '>': '\u203a' };

/**
 * A speaker's name as a voice annotation (`<v Ada Lovelace>`). ffmpeg decodes character references there into
 * cue text (so `&lt;b&gt;` would come out as markup), so nothing is escaped: `&` `<` `>` become look-alikes
 * (`＆` `‹` `›`) and a `\` is followed by a WORD JOINER, as in the text.
 */
export function vttVoice(name: string): string {
  return name.replace(/[&<>]/g, (c) => VOICE_LOOKALIKES[c]!).replace(/\\/g, '\\\u2060');
}

/** The cue text in its speaker's voice span, when it has a speaker. */
const voiced = (cue: CueLayout, text: string) =>
  cue.speaker === null ? text : `<v ${vttVoice(cue.speaker)}>${text}</v>`;

function block(out: string[], start: number, end: number, text: string): void {
  out.push(`${clockTime(start, '.')} --> ${clockTime(end, '.')}\n${text}\n\n`);
}

/**
 * WebVTT: `WEBVTT`, a blank line, then cues with `HH:MM:SS.mmm` times and escaped text. A cue with a speaker is a
 * `<v Name>` voice span (for screen readers and `::cue(v[voice="Name"])` styles) that also starts with the same
 * visible `Name: ` prefix as in SRT: browsers do not display voice names, and ffmpeg (so mpv) drops them. Karaoke writes one cue per word with the whole cue shown and the
 * current word as `<c.yellow><b>word</b></c>`: browsers colour the default classes (white, lime, cyan, red,
 * yellow, magenta, blue, black) by themselves, and bold shows in ffmpeg-based players, which drop classes. No
 * STYLE block: ffmpeg 5 reads a file with one as empty.
 */
export function writeVtt(
  t: Transcript,
  options: { maxCharsPerEntry: number; includeSpeakers: boolean; highlightWords: boolean; highlightColor: string },
): string {
  if (options.highlightWords && !isHighlightColor(options.highlightColor))
    throw new ExportOptionsError('highlightColor', 'highlightColor must be a CSS colour name or #rgb / #rrggbb');
  const cues: CueLayout[] = layoutCues(t, options);
  const out: string[] = ['WEBVTT\n\n'];
  if (!options.highlightWords) {
    for (const cue of cues) block(out, cue.start, cue.end, voiced(cue, cueText(cue, plain, vttEscape)));
    return out.join('');
  }
  const open = `<c.${vttColorClass(options.highlightColor)}><b>`;
  for (const cue of cues) {
    const words = cue.units.map(plain);
    const prefix = vttEscape(cue.prefix);
    for (const span of karaokeSpans(cue)) {
      const text = cueText(
        cue,
        (_, i) => (i === span.index ? `${open}${words[i]}</b></c>` : words[i]!),
        () => prefix,
      );
      block(out, span.start, span.end, voiced(cue, text));
    }
  }
  return out.join('');
}
