import type { Transcript } from '../schema.ts';
import { cueText, karaokeSpans, layoutCues, type CueLayout, type CueUnit } from './cues.ts';
import { ExportOptionsError, highlightColorHex, isHighlightColor } from './options.ts';
import { clockTime } from './timestamp.ts';

const LOOKALIKES: Record<string, string> = { '<': '\u2039', '>': '\u203a', '{': '\uff5b', '}': '\uff5d' };
const SPECIAL = /[<>{}\\]/;

/**
 * SubRip has no escapes, and players read HTML-like tags (`<i>`, `<font>`) and, through libass, ASS override
 * blocks (`{\an8}`, any `{…}`) and `\N` in the text. So the text is neutralized, never escaped: `<` `>` become
 * `‹` `›` (so `-->` shows as `--›` and `<script>` as `‹script›`), `{` `}` become the fullwidth `｛` `｝`, and a
 * `\` is followed by an invisible WORD JOINER (U+2060) so `\N` stays two characters. `&` is left alone.
 */
export function srtNeutralize(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text.replace(/[<>{}]/g, (c) => LOOKALIKES[c]!).replace(/\\/g, '\\\u2060');
}

const plain = (unit: CueUnit) => srtNeutralize(unit.text);

function block(out: string[], n: number, start: number, end: number, text: string): void {
  out.push(`${n}\n${clockTime(start, ',')} --> ${clockTime(end, ',')}\n${text}\n\n`);
}

/**
 * SubRip: entries numbered from 1, `HH:MM:SS,mmm` times, a blank line after each. Karaoke writes one entry per
 * word with the whole cue shown and the current word in `<font color="#rrggbb">` (the colour always as validated
 * hex, which VLC, mpv/ffmpeg and most TV players render).
 */
export function writeSrt(
  t: Transcript,
  options: { maxCharsPerEntry: number; includeSpeakers: boolean; highlightWords: boolean; highlightColor: string },
): string {
  if (options.highlightWords && !isHighlightColor(options.highlightColor))
    throw new ExportOptionsError('highlightColor', 'highlightColor must be a CSS colour name or #rgb / #rrggbb');
  const cues: CueLayout[] = layoutCues(t, options);
  const out: string[] = [];
  let n = 0;
  if (!options.highlightWords) {
    for (const cue of cues) block(out, ++n, cue.start, cue.end, cueText(cue, plain, srtNeutralize));
    return out.join('');
  }
  const open = `<font color="${highlightColorHex(options.highlightColor)}">`;
  for (const cue of cues) {
    const words = cue.units.map(plain);
    const prefix = srtNeutralize(cue.prefix);
    for (const span of karaokeSpans(cue)) {
      const text = cueText(
        cue,
        (_, i) => (i === span.index ? `${open}${words[i]}</font>` : words[i]!),
        () => prefix,
      );
      block(out, ++n, span.start, span.end, text);
    }
  }
  return out.join('');
}
