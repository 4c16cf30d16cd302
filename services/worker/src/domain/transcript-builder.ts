import {
  TRANSCRIPT_VERSION,
  roundConfidence,
  toMillis,
  type Transcript,
  type TranscriptSegment,
  type TranscriptWord,
} from '@tp/transcript';
import type { SpeakerUtterance } from './speaker-utterances.ts';

export interface TranscriptSourceInfo {
  mediaId: string;
  jobId: string;
  profile: string;
  engine: string;
}

export interface BuildTranscriptInput {
  /** What was said, in order, by whom (speaker indexes; null: unattributed). */
  utterances: readonly SpeakerUtterance[];
  /** The language the engine transcribed. */
  recognizedLanguage: string;
  /** Seconds of audio decoded (PCM bytes / 32000): the transcript's duration and the billed time. */
  durationSeconds: number;
  /** The language asked for (`auto` or a code); `auto` takes the engine's. */
  requestedLanguage: string;
  source: TranscriptSourceInfo;
}

/** The transcript's language: the one asked for, or the engine's when asked for `auto`. */
export function transcriptLanguage(requested: string, recognized: string): string {
  return requested && requested !== 'auto' ? requested : recognized || 'und';
}

/** Speaker index 0 is `S1`, labelled `Speaker 1`. */
export const speakerId = (index: number): string => `S${index + 1}`;

/**
 * Turns an engine's recognition into the canonical transcript: one segment per utterance (`s1`,
 * `s2`, …) spanning its first to last word, with its speaker (and a speakers table of those who
 * speak, `S1` = `Speaker 1`, …), times at millisecond precision and forced into the
 * rules (ordered, not overlapping, inside the duration) since engines round frames up and may
 * overlap neighbours by a frame. Validation is left to the caller (validateTranscript).
 */
export function buildTranscript(input: BuildTranscriptInput): Transcript {
  const durationMs = Math.max(0, toMillis(input.durationSeconds));
  const segments: TranscriptSegment[] = [];
  let cursorMs = 0;
  const speakers = new Set<number>();
  for (const utterance of input.utterances) {
    const speaker = utterance.speaker === null ? null : speakerId(utterance.speaker);
    const words: TranscriptWord[] = [];
    for (const word of utterance.words) {
      const text = word.text.trim().normalize('NFC');
      if (text === '') continue;
      // Ordered and not overlapping: a word starts no earlier than the previous one ended.
      const startMs = Math.min(durationMs, Math.max(cursorMs, toMillis(word.start)));
      const endMs = Math.min(durationMs, Math.max(startMs, toMillis(word.end)));
      words.push({
        text,
        start: startMs / 1000,
        end: endMs / 1000,
        confidence: word.confidence === null ? null : roundConfidence(word.confidence),
        speaker,
      });
      cursorMs = endMs;
    }
    const first = words[0];
    const last = words.at(-1);
    if (!first || !last) continue;
    if (utterance.speaker !== null) speakers.add(utterance.speaker);
    segments.push({
      id: `s${segments.length + 1}`,
      start: first.start,
      end: last.end,
      text: words.map((w) => w.text).join(' '),
      speaker,
      words,
    });
  }
  return {
    version: TRANSCRIPT_VERSION,
    language: transcriptLanguage(input.requestedLanguage, input.recognizedLanguage),
    duration: durationMs / 1000,
    speakers: [...speakers]
      .sort((a, b) => a - b)
      .map((index) => ({ id: speakerId(index), label: `Speaker ${index + 1}`, name: null })),
    segments,
    translation: null,
    source: {
      media_id: input.source.mediaId,
      job_id: input.source.jobId,
      profile: input.source.profile || null,
      engine: input.source.engine,
    },
  };
}
