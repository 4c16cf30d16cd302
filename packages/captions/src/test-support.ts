// Shared by the package's tests: small transcripts and generated media. Not part of the public surface.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Transcript, TranscriptSegment } from '@tp/transcript';
import { parseCaptionBurnOptions, type CaptionBurnOptions } from './style.ts';

const run = promisify(execFile);

/** ffmpeg quietly, overwriting its output. */
export async function ffmpeg(...args: string[]): Promise<void> {
  await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);
}

/** A segment's words as `[text, start, end, speaker?]`. */
export type WordSpec = [string, number, number, string?];

/** A segment of timed words; its text, times and speaker follow from them. */
export function segment(id: string, words: WordSpec[], speaker: string | null = null): TranscriptSegment {
  return {
    id,
    start: words[0]?.[1] ?? 0,
    end: words.at(-1)?.[2] ?? 0,
    text: words.map((w) => w[0]).join(' ') || 'x',
    speaker,
    words: words.map(([text, start, end, who]) => ({ text, start, end, confidence: null, speaker: who ?? speaker })),
  };
}

/** A transcript of these segments, with speakers S1 and S2 declared. */
export function transcriptOf(segments: TranscriptSegment[], duration = 60): Transcript {
  return {
    version: 1,
    language: 'en',
    duration,
    speakers: [
      { id: 'S1', label: 'Speaker 1', name: null },
      { id: 'S2', label: 'Speaker 2', name: null },
    ],
    segments,
    translation: null,
    source: { media_id: null, job_id: null, profile: null, engine: null },
  };
}

/** Words `prefix1 … prefixN`, each 0.3 s long with 0.1 s between them, from `start`. */
export function evenWords(count: number, start = 0, prefix = 'word'): WordSpec[] {
  return Array.from({ length: count }, (_, i): WordSpec => {
    const at = Math.round((start + i * 0.4) * 1000) / 1000;
    return [`${prefix}${i + 1}`, at, Math.round((at + 0.3) * 1000) / 1000];
  });
}

/** Every default, with these fields changed. */
export function styleOf(fields: Partial<CaptionBurnOptions> = {}): CaptionBurnOptions {
  return { ...parseCaptionBurnOptions({}), ...fields };
}
