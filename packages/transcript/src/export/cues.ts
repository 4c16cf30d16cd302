/**
 * Subtitle cues, shared by SRT and WebVTT (and the share page): how the transcript is cut into entries, how an
 * entry is broken into lines, and when it shows. Markup and escaping belong to the writers, not here.
 */
import type { Transcript, TranscriptSegment } from '../schema.ts';
import { toMillis } from '../time.ts';
import { graphemes, oneLine, textWidth, truncate } from './chars.ts';
import { EXPORT_LIMITS, ExportOptionsError } from './options.ts';

/** A cue longer than this (characters, speaker prefix included) is shown on two lines. */
export const MAX_LINE_CHARS = 42;
/** A shorter cue is held on screen up to this long (ms), never past the start of the next cue. */
export const MIN_CUE_MS = 500;
/** A cue that would get no time at all (the next one starts at the same instant) gets this much (ms), pushing the next. */
export const FORCED_CUE_MS = 100;

/** A timed piece of a cue's text: a word, or a chunk of a word too long for one cue. Seconds. */
export interface CueWord {
  text: string;
  start: number;
  end: number;
}

export interface Cue {
  /** Seconds, millisecond precision. */
  start: number;
  end: number;
  /** The text as shown (speaker prefix included, no markup, nothing escaped), lines joined by `\n`. */
  text: string;
  /** The speaker as shown in the prefix (`Ada` of `Ada: `, possibly shortened), or null when there is no prefix. */
  speaker: string | null;
  /** The timed pieces of the text, in order; `text` is the prefix, then these joined by single spaces (one a line break). */
  words: CueWord[];
  /** How many of `words` are on the first line (`words.length` for a one-line cue). */
  firstLineWords: number;
}

/** A piece of text and its time, in integer milliseconds. */
export interface CueUnit {
  text: string;
  width: number;
  start: number;
  end: number;
}

/** A cue in integer milliseconds, as the writers use it. */
export interface CueLayout {
  start: number;
  end: number;
  /** `Name: ` or ''. */
  prefix: string;
  speaker: string | null;
  units: CueUnit[];
  firstLine: number;
}

export interface CueOptions {
  maxCharsPerEntry: number;
  includeSpeakers: boolean;
}

function checkCueOptions(options: CueOptions): void {
  const max = options.maxCharsPerEntry;
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
  if (typeof options.includeSpeakers !== 'boolean')
    throw new ExportOptionsError('includeSpeakers', 'includeSpeakers must be a boolean');
}

/** `[start, end]` cut into consecutive spans proportional to `weights` (integer ms, contiguous, covering it exactly). */
function spread(start: number, end: number, weights: number[]): [number, number][] {
  const total = weights.reduce((a, b) => a + b, 0);
  const span = Math.max(0, end - start);
  const out: [number, number][] = [];
  let sum = 0;
  let at = start;
  for (const weight of weights) {
    sum += weight;
    const next = total === 0 ? end : start + Math.round((span * sum) / total);
    out.push([at, next]);
    at = next;
  }
  return out;
}

/**
 * Pieces no wider than `avail`: text wider than that is first cut at its spaces (a "word" may hold some), then what
 * is still too wide is cut hard every `avail` characters, the only place a cue breaks inside a word. The pieces
 * share [start, end] in proportion to their widths.
 */
function fitUnits(text: string, width: number, start: number, end: number, avail: number, out: CueUnit[]): void {
  if (width <= avail) {
    out.push({ text, width, start, end });
    return;
  }
  const pieces: string[] = [];
  for (const part of text.split(' ')) {
    const chars = graphemes(part);
    if (chars.length <= avail) pieces.push(part);
    else for (let i = 0; i < chars.length; i += avail) pieces.push(chars.slice(i, i + avail).join(''));
  }
  const widths = pieces.map(textWidth);
  const times = spread(start, end, widths);
  for (const [i, piece] of pieces.entries()) {
    out.push({ text: piece, width: widths[i]!, start: times[i]![0], end: times[i]![1] });
  }
}

function segmentUnits(segment: TranscriptSegment, avail: number): CueUnit[] {
  const units: CueUnit[] = [];
  const segmentStart = toMillis(segment.start);
  const segmentEnd = Math.max(segmentStart, toMillis(segment.end));
  if (segment.words.length > 0) {
    for (const word of segment.words) {
      const text = oneLine(word.text);
      if (text === '') continue;
      const start = toMillis(word.start);
      fitUnits(text, textWidth(text), start, Math.max(start, toMillis(word.end)), avail, units);
    }
    return units;
  }
  // No word timings: the segment's time is shared by character count (each space counted with the word before it).
  const untimed: CueUnit[] = [];
  const text = oneLine(segment.text);
  if (text === '') return units;
  for (const token of text.split(' ')) fitUnits(token, textWidth(token), 0, 0, avail, untimed);
  const times = spread(
    segmentStart,
    segmentEnd,
    untimed.map((u) => u.width + 1),
  );
  for (const [i, u] of untimed.entries()) units.push({ ...u, start: times[i]![0], end: times[i]![1] });
  return units;
}

/** Greedy packing under `limit`: for each cue, the index after its last unit and its width (spaces included). */
function packUnits(units: CueUnit[], limit: number): [number, number][] {
  const cues: [number, number][] = [];
  let width = -1;
  units.forEach((unit, i) => {
    if (width >= 0 && width + 1 + unit.width > limit) {
      cues.push([i, width]);
      width = -1;
    }
    width = width < 0 ? unit.width : width + 1 + unit.width;
  });
  if (width >= 0) cues.push([units.length, width]);
  return cues;
}

/**
 * The smallest width limit that still packs the units into as few cues as `avail` allows, so a segment that needs
 * two cues gets two of about half its length each rather than a full one and a stub.
 */
function balancedWidth(units: CueUnit[], avail: number): number {
  const count = packUnits(units, avail).length;
  if (count <= 1) return avail;
  let lo = units.reduce((max, u) => Math.max(max, u.width), 1);
  let hi = avail;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (packUnits(units, mid).length <= count) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The index of the first unit of the second line (units.length: one line), at the space nearest the middle. */
function lineBreak(prefixWidth: number, units: CueUnit[], contentWidth: number): number {
  if (prefixWidth + contentWidth <= MAX_LINE_CHARS || units.length < 2) return units.length;
  const total = prefixWidth + contentWidth - 1; // the space that becomes the line break is not shown
  let left = prefixWidth - 1;
  let best = units.length;
  let bestDiff = Infinity;
  for (let k = 1; k < units.length; k++) {
    left += units[k - 1]!.width + 1; // width of the first line with units[0..k-1]
    const diff = Math.abs(left - (total - left));
    if (diff < bestDiff) {
      bestDiff = diff;
      best = k;
    }
  }
  return best;
}

/** The cues in integer milliseconds; see `buildCues`. */
export function layoutCues(t: Transcript, options: CueOptions): CueLayout[] {
  checkCueOptions(options);
  const limit = options.maxCharsPerEntry;
  // A long name would leave no room for words: a prefix takes at most half the width.
  const prefixBudget = Math.floor(limit / 2);
  const prefixes = new Map<string, { prefix: string; speaker: string; width: number }>();
  if (options.includeSpeakers) {
    for (const s of t.speakers) {
      const speaker = truncate(oneLine(s.name ?? s.label), prefixBudget - 2);
      const prefix = `${speaker}: `;
      prefixes.set(s.id, { prefix, speaker, width: textWidth(prefix) });
    }
  }

  const raw: CueLayout[] = [];
  for (const segment of t.segments) {
    const who = segment.speaker === null ? undefined : prefixes.get(segment.speaker);
    const prefix = who?.prefix ?? '';
    const prefixWidth = who?.width ?? 0;
    const avail = limit - prefixWidth;
    const all = segmentUnits(segment, avail);
    const width = balancedWidth(all, avail);
    let start = 0;
    for (const [end, contentWidth] of packUnits(all, width)) {
      const units = all.slice(start, end);
      raw.push({
        start: units[0]!.start,
        end: units.at(-1)!.end,
        prefix,
        speaker: who?.speaker ?? null,
        units,
        firstLine: lineBreak(prefixWidth, units, contentWidth),
      });
      start = end;
    }
  }

  // Timing: ordered, never overlapping, short cues held a little longer when the next one leaves room.
  let previousEnd = 0;
  for (let i = 0; i < raw.length; i++) {
    const cue = raw[i]!;
    const nextStart = i + 1 < raw.length ? raw[i + 1]!.start : Infinity;
    const start = Math.max(cue.start, previousEnd);
    let end = Math.max(cue.end, start);
    if (end - start < MIN_CUE_MS) end = Math.max(end, Math.min(start + MIN_CUE_MS, nextStart));
    if (end === start) end = start + FORCED_CUE_MS;
    cue.start = start;
    cue.end = end;
    previousEnd = end;
  }
  return raw;
}

/** The text of a cue, with each unit rendered by `render` (the prefix by `renderPrefix`), lines joined by `\n`. */
export function cueText(
  cue: CueLayout,
  render: (unit: CueUnit, index: number) => string,
  renderPrefix: (prefix: string) => string,
): string {
  const first: string[] = [];
  const second: string[] = [];
  for (const [i, unit] of cue.units.entries()) (i < cue.firstLine ? first : second).push(render(unit, i));
  const head = renderPrefix(cue.prefix) + first.join(' ');
  return second.length === 0 ? head : `${head}\n${second.join(' ')}`;
}

/**
 * Karaoke: per unit, when it is the current one: from its start to the next unit's start (the last: to the cue's
 * end), clamped to the cue and contiguous. Units that would get no time are left out (the cue still shows them).
 */
export function karaokeSpans(cue: CueLayout): { index: number; start: number; end: number }[] {
  const spans: { index: number; start: number; end: number }[] = [];
  let at = cue.start;
  cue.units.forEach((unit, i) => {
    const start = Math.min(Math.max(unit.start, at), cue.end);
    const end = i + 1 < cue.units.length ? Math.min(Math.max(cue.units[i + 1]!.start, start), cue.end) : cue.end;
    if (end > start) spans.push({ index: i, start, end });
    at = Math.max(at, end);
  });
  return spans;
}

const seconds = (ms: number) => ms / 1000;

/**
 * The subtitle cues: each holds consecutive words of one segment (or, for a segment without words, its text,
 * timed in proportion to the characters) and shows at most `maxCharsPerEntry` characters, a `Name: ` prefix
 * included. Cuts fall between words; a word longer than a whole cue is cut hard. A segment is cut into as few
 * cues as the width allows, of balanced lengths (no one-word stub at its end). Text over `MAX_LINE_CHARS`
 * characters is shown on two lines, broken at the space nearest the middle. Cues are ordered and never overlap.
 */
export function buildCues(transcript: Transcript, options: CueOptions): Cue[] {
  return layoutCues(transcript, options).map((cue) => ({
    start: seconds(cue.start),
    end: seconds(cue.end),
    text: cueText(
      cue,
      (u) => u.text,
      (p) => p,
    ),
    speaker: cue.speaker,
    words: cue.units.map((u) => ({ text: u.text, start: seconds(u.start), end: seconds(u.end) })),
    firstLineWords: cue.firstLine,
  }));
}
