/**
 * The ASS subtitle file libass renders: written here rather than converted from SRT, so the play resolution is the
 * video's own (font size, outline and margins are pixels) and every style field is ours.
 */
import type { Cue, CueWord } from './cues.ts';
import type { CaptionAlignment, CaptionBurnOptions } from './style.ts';

export type AssStyleOptions = Omit<CaptionBurnOptions, 'transcript_artifact_id' | 'transcript_version_id'>;

/** ASS alignment is a numeric keypad: 1–3 bottom, 4–6 middle, 7–9 top, left to right. */
const ALIGNMENT: Record<CaptionAlignment, number> = {
  bottom_left: 1,
  bottom_center: 2,
  bottom_right: 3,
  middle_left: 4,
  middle_center: 5,
  middle_right: 6,
  top_left: 7,
  top_center: 8,
  top_right: 9,
};

const hex2 = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');

/** '#RRGGBB[AA]' (AA: opacity) → the parts ASS writes: blue-green-red and alpha (transparency, 0 opaque). */
function assParts(color: string): { bgr: string; alpha: string } {
  const rgb = color.slice(1, 7).toUpperCase();
  const opacity = color.length === 9 ? Number.parseInt(color.slice(7, 9), 16) : 255;
  return { bgr: rgb.slice(4, 6) + rgb.slice(2, 4) + rgb.slice(0, 2), alpha: hex2(255 - opacity) };
}

/** '#RRGGBB[AA]' → ASS '&HAABBGGRR' (alpha = 255 − opacity), e.g. '#FF000080' → '&H7F0000FF'. */
export function assColor(color: string): string {
  const { bgr, alpha } = assParts(color);
  return `&H${alpha}${bgr}`;
}

/** The override that paints the following text in `color`: `{\1c&HBBGGRR&\1a&HAA&}`. */
function fillOverride(color: string): string {
  const { bgr, alpha } = assParts(color);
  return `{\\1c&H${bgr}&\\1a&H${alpha}&}`;
}

/** Seconds → ASS time `H:MM:SS.cc` (centiseconds, rounded). */
export function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360_000);
  const m = Math.floor(cs / 6000) % 60;
  const s = Math.floor(cs / 100) % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`;
}

/**
 * Text shown as written. libass reads `\N`, `\n`, `\h`, `\{` and `\}` as commands and `{…}` as overrides: a
 * backslash is followed by a word joiner (U+2060, invisible) so it can start no command, braces are escaped
 * (`\{`, `\}`), and line breaks and other control characters become spaces.
 */
export function assText(text: string): string {
  return (
    text
      .replaceAll('\\', '\\\u2060')
      .replaceAll('{', '\\{')
      .replaceAll('}', '\\}')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
  );
}

function styleLine(o: AssStyleOptions): string {
  const boxed = o.background_color !== null;
  const fields = [
    'Caption',
    o.font_family,
    o.font_size,
    assColor(o.primary_color),
    assColor(o.highlight_color),
    // libass fills the box of BorderStyle 3 with the outline colour (and the shadow with the back colour).
    assColor(o.background_color ?? o.outline_color),
    assColor(o.background_color ?? o.outline_color),
    o.bold ? -1 : 0,
    0,
    0,
    0,
    100,
    100,
    0,
    0,
    // 3: an opaque box behind each line, padded by Outline; 1: an outline around the letters.
    boxed ? 3 : 1,
    o.outline_width,
    0,
    ALIGNMENT[o.alignment],
    o.margin_x,
    o.margin_x,
    o.margin_y,
    1,
  ];
  return `Style: ${fields.join(',')}`;
}

function header(o: AssStyleOptions, video: { width: number; height: number }): string[] {
  return [
    '[Script Info]',
    '; Written by @tp/captions',
    'ScriptType: v4.00+',
    `PlayResX: ${video.width}`,
    `PlayResY: ${video.height}`,
    'ScaledBorderAndShadow: yes',
    // 0: we break lines with \N to fit the frame (fittedLayout); libass wraps only a line still wider
    // than the frame (all capitals, a wide script), which is better than cutting it off at the edges.
    'WrapStyle: 0',
    // Colours are RGB as given, not converted from a presumed BT.601 video.
    'YCbCr Matrix: None',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, ' +
      'Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, ' +
      'MarginR, MarginV, Encoding',
    styleLine(o),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  ];
}

/** Centiseconds, as ASS times are written: every boundary is rounded once, so spans that touch still touch. */
const cs = (seconds: number) => Math.round(seconds * 100);

function dialogue(start: number, end: number, text: string): string {
  return `Dialogue: 0,${assTime(start / 100)},${assTime(end / 100)},Caption,,0,0,0,,${text}`;
}

/** The cue's text, lines joined by `\N`; the word `active` (if any) painted in the highlight colour. */
function cueText(cue: Cue, o: AssStyleOptions, active?: CueWord): string {
  return cue.lines
    .map((line) =>
      line
        .map((w) =>
          w === active
            ? `${fillOverride(o.highlight_color)}${assText(w.text)}${fillOverride(o.primary_color)}`
            : assText(w.text),
        )
        .join(' '),
    )
    .join('\\N');
}

/**
 * Karaoke: the cue shown once per word, that word highlighted from its start to its end, and plain in the gaps
 * between words; the dialogues follow each other without overlap and cover the cue's whole time.
 */
function karaokeDialogues(cue: Cue, o: AssStyleOptions): string[] {
  const out: string[] = [];
  const cueEnd = cs(cue.end);
  let at = cs(cue.start);
  for (const w of cue.lines.flat()) {
    const start = Math.min(Math.max(cs(w.start), at), cueEnd);
    const end = Math.min(Math.max(cs(w.end), start), cueEnd);
    if (start > at) out.push(dialogue(at, start, cueText(cue, o)));
    if (end > start) out.push(dialogue(start, end, cueText(cue, o, w)));
    at = Math.max(at, end);
  }
  if (cueEnd > at) out.push(dialogue(at, cueEnd, cueText(cue, o)));
  return out;
}

/** A complete ASS file for `cues`, styled by `options`, at the video's own resolution. */
export function assDocument(cues: Cue[], options: AssStyleOptions, video: { width: number; height: number }): string {
  const events = cues.flatMap((cue) => {
    if (options.karaoke) return karaokeDialogues(cue, options);
    const start = cs(cue.start);
    const end = cs(cue.end);
    return end > start ? [dialogue(start, end, cueText(cue, options))] : [];
  });
  return `${[...header(options, video), ...events].join('\n')}\n`;
}
