/**
 * Lines that fit the frame. `max_chars_per_line` is what the user asks for; the frame may hold fewer
 * characters at the chosen font size (a 48 px font on a 640 px video), and a line wider than the frame
 * would be cut off at both edges. The layout takes the smaller of the two.
 */
import type { CueLayoutOptions } from './cues.ts';
import type { CaptionBurnOptions, CaptionFont } from './style.ts';

/**
 * How wide a character is drawn, as a share of the font size. libass sizes a font by its line height
 * (ascent + descent: 2384 units of DejaVu's 2048-unit em), so DejaVu Sans Mono's every character is
 * 1233 / 2384 = 0.517 of the size; the proportional faces average less on lower-case text (0.44 measured
 * on an English sentence in DejaVu Sans) and more on capitals, so 0.52 (0.58 bold) leaves room for
 * mixed case. Text wider still (all capitals, wide scripts) is wrapped by libass, never cut off.
 */
const CHAR_WIDTH: Readonly<Record<CaptionFont, { regular: number; bold: number }>> = {
  'DejaVu Sans': { regular: 0.52, bold: 0.58 },
  'DejaVu Serif': { regular: 0.52, bold: 0.58 },
  'DejaVu Sans Mono': { regular: 0.52, bold: 0.52 },
};

export type FitOptions = CueLayoutOptions &
  Pick<CaptionBurnOptions, 'font_family' | 'font_size' | 'bold' | 'margin_x' | 'outline_width'>;

/** The characters one line may hold: the asked-for maximum, or fewer where the frame is narrower (at least 1). */
export function fittingLineLength(options: FitOptions, frame: { width: number }): number {
  const charWidth = CHAR_WIDTH[options.font_family][options.bold ? 'bold' : 'regular'] * options.font_size;
  // The outline (or the box's padding) is drawn beyond the text on both sides.
  const room = frame.width - 2 * options.margin_x - 2 * options.outline_width;
  return Math.max(1, Math.min(options.max_chars_per_line, Math.floor(room / charWidth)));
}

/** The layout of cues on this frame: the user's lines per cue, lines no longer than the frame holds. */
export function fittedLayout(options: FitOptions, frame: { width: number }): CueLayoutOptions {
  return { max_chars_per_line: fittingLineLength(options, frame), max_lines_per_cue: options.max_lines_per_cue };
}
