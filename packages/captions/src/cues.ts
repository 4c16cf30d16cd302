/**
 * Burnt-in caption cues: which words show together, on which lines, and when. Pure: the same transcript and options
 * always give the same cues.
 */
import { oneLine, roundTime, textWidth, type CueWord, type Transcript, type TranscriptSegment } from '@tp/transcript';
import type { CaptionBurnOptions } from './style.ts';

/** A word of a cue and when it is spoken (seconds): the subtitle exports' timed piece of text. */
export type { CueWord };

export interface Cue {
  /** Seconds: the first word's start and the last word's end (a short cue is held up to MIN_CUE_SECONDS). */
  start: number;
  end: number;
  /** The speaker id of every word of the cue, or null when unattributed. */
  speaker: string | null;
  /** 1 to max_lines_per_cue lines, each of one or more words. */
  lines: CueWord[][];
}

export type CueLayoutOptions = Pick<CaptionBurnOptions, 'max_chars_per_line' | 'max_lines_per_cue'>;

/** A cue shorter than this is held on screen longer, never past the next cue's start. */
export const MIN_CUE_SECONDS = 0.5;
/** Silence longer than this between two words ends a cue, so a caption does not linger over a pause. */
export const MAX_PAUSE_SECONDS = 2;

interface SpokenWord extends CueWord {
  speaker: string | null;
  width: number;
}

function word(text: string, start: number, end: number, speaker: string | null): SpokenWord | null {
  const shown = oneLine(text);
  if (shown === '') return null;
  return { text: shown, start, end: Math.max(start, end), speaker, width: textWidth(shown) };
}

/**
 * The words of a segment: its timed words, or for a segment without word timings its text cut at spaces, the
 * segment's time shared in proportion to the characters (each space counted with the word before it).
 */
function segmentWords(segment: TranscriptSegment): SpokenWord[] {
  if (segment.words.length > 0) {
    return segment.words.flatMap((w) => word(w.text, w.start, w.end, w.speaker ?? segment.speaker) ?? []);
  }
  const tokens = oneLine(segment.text).split(' ').filter(Boolean);
  const total = tokens.reduce((sum, t) => sum + textWidth(t) + 1, 0);
  const span = Math.max(0, segment.end - segment.start);
  let chars = 0;
  return tokens.flatMap((token) => {
    const start = roundTime(segment.start + (span * chars) / total);
    chars += textWidth(token) + 1;
    return word(token, start, roundTime(segment.start + (span * chars) / total), segment.speaker) ?? [];
  });
}

/** Consecutive words of one speaker without a long pause between them: no cue spans two runs. */
function runs(words: SpokenWord[]): SpokenWord[][] {
  const out: SpokenWord[][] = [];
  let current: SpokenWord[] = [];
  for (const w of words) {
    const previous = current.at(-1);
    if (previous && (previous.speaker !== w.speaker || w.start - previous.end > MAX_PAUSE_SECONDS)) {
      out.push(current);
      current = [];
    }
    current.push(w);
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Lines of at most `max` characters, broken between words; a word longer than a line stands alone. */
function lines(words: SpokenWord[], max: number): SpokenWord[][] {
  const out: SpokenWord[][] = [];
  let line: SpokenWord[] = [];
  let width = 0;
  for (const w of words) {
    if (line.length > 0 && width + 1 + w.width > max) {
      out.push(line);
      line = [];
    }
    width = line.length === 0 ? w.width : width + 1 + w.width;
    line.push(w);
  }
  if (line.length > 0) out.push(line);
  return out;
}

/**
 * The cues of a transcript: the words of each segment (an utterance) in lines of at most `max_chars_per_line`
 * characters, up to `max_lines_per_cue` lines a cue. A cue never spans two segments, a change of speaker or a
 * pause over MAX_PAUSE_SECONDS. Cues are ordered and never overlap.
 */
export function captionCues(transcript: Transcript, options: CueLayoutOptions): Cue[] {
  const cues: Cue[] = [];
  for (const segment of transcript.segments) {
    for (const run of runs(segmentWords(segment))) {
      const all = lines(run, options.max_chars_per_line);
      for (let i = 0; i < all.length; i += options.max_lines_per_cue) {
        const group = all.slice(i, i + options.max_lines_per_cue);
        const first = group[0]![0]!;
        const last = group.at(-1)!.at(-1)!;
        cues.push({
          start: first.start,
          end: last.end,
          speaker: first.speaker,
          lines: group.map((line) => line.map(({ text, start, end }) => ({ text, start, end }))),
        });
      }
    }
  }
  return timed(cues);
}

/** Each cue starts no earlier than the previous one ends, and a short one is held up to MIN_CUE_SECONDS. */
function timed(cues: Cue[]): Cue[] {
  let previousEnd = 0;
  for (const [i, cue] of cues.entries()) {
    const nextStart = cues[i + 1]?.start ?? Number.POSITIVE_INFINITY;
    cue.start = Math.max(cue.start, previousEnd);
    cue.end = Math.max(cue.end, cue.start);
    if (cue.end - cue.start < MIN_CUE_SECONDS) {
      cue.end = roundTime(Math.max(cue.end, Math.min(cue.start + MIN_CUE_SECONDS, nextStart)));
    }
    previousEnd = cue.end;
  }
  return cues;
}
