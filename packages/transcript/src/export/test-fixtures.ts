/** Helpers for the exporter tests: small transcripts by hand, and strict readers of the files written. */
import assert from 'node:assert/strict';
import type { Transcript, TranscriptSegment } from '../schema.ts';
import { validateTranscript } from '../validate.ts';
import type { Cue } from './cues.ts';
import { exportTranscript } from './index.ts';

export interface SegmentSpec {
  start: number;
  end: number;
  speaker?: string | null;
  /** [text, start, end] per word; none: a segment without word timings. */
  words?: [string, number, number][];
  /** Defaults to the words joined by spaces. */
  text?: string;
}

/** A transcript with speakers S1 (name Ada), S2 (label only) and the given segments; asserted valid. */
export function transcriptOf(
  segments: SegmentSpec[],
  speakers: Transcript['speakers'] = defaultSpeakers(),
): Transcript {
  const segs: TranscriptSegment[] = segments.map((s, i) => {
    const speaker = s.speaker === undefined ? 'S1' : s.speaker;
    const words = (s.words ?? []).map(([text, start, end]) => ({ text, start, end, confidence: null, speaker }));
    return {
      id: `s${i + 1}`,
      start: s.start,
      end: s.end,
      text: s.text ?? words.map((w) => w.text).join(' '),
      speaker,
      words,
    };
  });
  const t: Transcript = {
    version: 1,
    language: 'en',
    duration: segs.reduce((max, s) => Math.max(max, s.end), 0),
    speakers,
    segments: segs,
    translation: null,
    source: { media_id: null, job_id: null, profile: null, engine: null },
  };
  const checked = validateTranscript(t);
  assert.ok(checked.ok, checked.ok ? '' : JSON.stringify(checked.issues));
  return checked.value;
}

export function defaultSpeakers(): Transcript['speakers'] {
  return [
    { id: 'S1', label: 'Speaker 1', name: 'Ada' },
    { id: 'S2', label: 'Speaker 2', name: null },
  ];
}

/** Words of `text` one after another, each `duration` s long with `gap` s between, from `start`. */
export function timedWords(text: string, start: number, duration = 0.3, gap = 0.1): [string, number, number][] {
  let at = start;
  return text.split(' ').map((w) => {
    const word: [string, number, number] = [w, round(at), round(at + duration)];
    at += duration + gap;
    return word;
  });
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export interface ParsedCue {
  start: number;
  end: number;
  text: string;
}

const msOf = (h: string, m: string, s: string, ms: string) =>
  Number(h) * 3_600_000 + Number(m) * 60_000 + Number(s) * 1000 + Number(ms);

/** Reads an SRT file strictly (numbering from 1, `HH:MM:SS,mmm`, one blank line after each entry); times in ms. */
export function parseSrt(content: string): ParsedCue[] {
  if (content === '') return [];
  assert.ok(content.endsWith('\n\n'), 'an SRT file ends with a blank line');
  assert.ok(!content.includes('\r'));
  const blocks = content.slice(0, -2).split('\n\n');
  return blocks.map((block, i) => {
    const lines = block.split('\n');
    assert.equal(lines[0], String(i + 1), `entry ${i + 1} is numbered`);
    const m = /^(\d{2,}):(\d{2}):(\d{2}),(\d{3}) --> (\d{2,}):(\d{2}):(\d{2}),(\d{3})$/.exec(lines[1] ?? '');
    assert.ok(m, `entry ${i + 1} has a timing line: ${lines[1]}`);
    const text = lines.slice(2);
    assert.ok(
      text.length >= 1 && text.length <= 2 && text.every((l) => l.trim() !== ''),
      `entry ${i + 1} has one or two non-empty lines`,
    );
    assert.ok(!text.some((l) => l.includes('-->')), 'no --> in SRT text');
    return { start: msOf(m[1]!, m[2]!, m[3]!, m[4]!), end: msOf(m[5]!, m[6]!, m[7]!, m[8]!), text: text.join('\n') };
  });
}

/** The visible prefix as the voice annotation writes it: look-alikes instead of references. */
const asVoice = (prefix: string) =>
  prefix.replaceAll('&lt;', '\u2039').replaceAll('&gt;', '\u203a').replaceAll('&amp;', '\uff06');

/**
 * A cue's text without its voice span, checked: a span wraps the whole cue, and its name is the one the visible
 * `Name: ` prefix shows (WebVTT players do not show voices, so both are written).
 */
function unvoiced(text: string, cue: number): string {
  const m = /^<v ([^>]*)>([\s\S]*)<\/v>$/.exec(text);
  assert.ok(m || !text.includes('<v '), `cue ${cue}: a voice span wraps the whole cue: ${text}`);
  if (!m) return text;
  assert.ok(asVoice(m[2]!).startsWith(`${m[1]}: `), `cue ${cue}: voice = prefix: ${text}`);
  return m[2]!;
}

/**
 * Reads a WebVTT file strictly (`WEBVTT` header, `HH:MM:SS.mmm`, a blank line after each cue); times in ms. The text
 * is returned without its voice span (`unvoiced`), so it compares with SRT's.
 */
export function parseVtt(content: string): ParsedCue[] {
  assert.ok(content.startsWith('WEBVTT\n\n'), 'a WebVTT file starts with WEBVTT and a blank line');
  assert.ok(!content.includes('\r'));
  const body = content.slice('WEBVTT\n\n'.length);
  if (body === '') return [];
  assert.ok(body.endsWith('\n\n'));
  return body
    .slice(0, -2)
    .split('\n\n')
    .map((block, i) => {
      const lines = block.split('\n');
      const m = /^(\d{2,}):(\d{2}):(\d{2})\.(\d{3}) --> (\d{2,}):(\d{2}):(\d{2})\.(\d{3})$/.exec(lines[0] ?? '');
      assert.ok(m, `cue ${i + 1} starts with a timing line: ${lines[0]}`);
      const text = lines.slice(1);
      assert.ok(
        text.length >= 1 && text.length <= 2 && text.every((l) => l.trim() !== ''),
        `cue ${i + 1} has one or two non-empty lines`,
      );
      assert.ok(!text.some((l) => l.includes('-->')), 'no --> in WebVTT cue text');
      assert.ok(!/&(?!amp;|lt;|gt;)/.test(text.join('\n')), 'every & in WebVTT text is a reference');
      const shown = unvoiced(text.join('\n'), i + 1);
      return { start: msOf(m[1]!, m[2]!, m[3]!, m[4]!), end: msOf(m[5]!, m[6]!, m[7]!, m[8]!), text: shown };
    });
}

/** Checks ordered, non-overlapping, non-empty cue times. */
export function assertOrdered(cues: { start: number; end: number }[]): void {
  let previous = 0;
  cues.forEach((cue, i) => {
    assert.ok(cue.start >= previous, `cue ${i} starts (${cue.start}) before the previous one ends (${previous})`);
    assert.ok(cue.end > cue.start, `cue ${i} has a positive duration (${cue.start} → ${cue.end})`);
    previous = cue.end;
  });
}

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Characters as a reader counts them (grapheme clusters), independent of the code under test. */
export const graphemeCount = (text: string) => [...segmenter.segment(text)].length;

export const srt = (t: Transcript, options: Record<string, unknown> = {}) =>
  exportTranscript(t, { format: 'srt', ...options }).content;
export const vtt = (t: Transcript, options: Record<string, unknown> = {}) =>
  exportTranscript(t, { format: 'vtt', ...options }).content;

/** A cue's text on one line, as its characters are counted. */
export const shown = (cue: Cue) => cue.text.replace('\n', ' ');
