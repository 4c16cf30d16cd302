import type { Transcript } from '../schema.ts';
import { toMillis } from '../time.ts';
import { oneLine } from './chars.ts';
import { wallTime } from './timestamp.ts';

/**
 * Plain text: one paragraph per segment (segments are never merged, so each keeps its own timestamp), paragraphs
 * separated by a blank line, the whole ending with one newline; no segments gives ''. A segment's text is put on
 * one line. Prefixes, in this order: `[HH:MM:SS] ` (the segment's start, truncated to the second) and `Name: `
 * (the speaker's name, else its label; only where the segment has a speaker).
 */
export function writeText(t: Transcript, options: { includeSpeakers: boolean; includeTimestamps: boolean }): string {
  const names = new Map<string, string>();
  if (options.includeSpeakers) for (const s of t.speakers) names.set(s.id, `${oneLine(s.name ?? s.label)}: `);
  const paragraphs: string[] = [];
  for (const segment of t.segments) {
    const text = oneLine(segment.text);
    const time = options.includeTimestamps ? `[${wallTime(toMillis(segment.start))}] ` : '';
    const who = segment.speaker === null ? '' : (names.get(segment.speaker) ?? '');
    paragraphs.push(time + who + text);
  }
  return paragraphs.length === 0 ? '' : `${paragraphs.join('\n\n')}\n`;
}
