import type { RecognizedWord } from '../recognition.ts';
import type { RawToken } from './decoder.ts';

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Whisper's text tokens of one piece as words: a token with a leading space starts a word, the
 * following ones (pieces of it, punctuation) join it. Times (centiseconds from the piece's start)
 * are shifted by `offset` seconds and kept inside the piece [offset, offset + duration] and in order
 * (whisper's token times can pass the piece's end, and a token's start can follow its end). A word's
 * confidence is the mean probability of its tokens.
 */
export function wordsOf(tokens: readonly RawToken[], offset: number, duration: number): RecognizedWord[] {
  const groups: RawToken[][] = [];
  for (const token of tokens) {
    if (groups.length === 0 || token[0].startsWith(' ')) groups.push([token]);
    else groups.at(-1)!.push(token);
  }
  const words: RecognizedWord[] = [];
  let previousEnd = offset;
  for (const group of groups) {
    const text = group
      .map((t) => t[0])
      .join('')
      .trim();
    if (!text) continue;
    const inside = (centiseconds: number) =>
      Math.min(offset + duration, Math.max(previousEnd, offset + centiseconds / 100));
    const start = inside(group[0]![1]);
    const end = Math.max(start, inside(Math.max(...group.map((t) => t[2]))));
    const confidence = group.reduce((sum, t) => sum + t[3], 0) / group.length;
    words.push({ text, start: round(start), end: round(end), confidence: Math.round(confidence * 1e6) / 1e6 });
    previousEnd = end;
  }
  return words;
}
