import type { Transcript, TranscriptSource } from './schema.ts';
import { TRANSCRIPT_VERSION } from './schema.ts';

/** A valid transcript with no speakers and no segments (e.g. silent media), from the given source. */
export function emptyTranscript(
  source: Partial<TranscriptSource> = {},
  options: { language?: string; duration?: number } = {},
): Transcript {
  return {
    version: TRANSCRIPT_VERSION,
    language: options.language ?? 'und',
    duration: options.duration ?? 0,
    speakers: [],
    segments: [],
    translation: null,
    source: {
      media_id: source.media_id ?? null,
      job_id: source.job_id ?? null,
      profile: source.profile ?? null,
      engine: source.engine ?? null,
    },
  };
}

export interface TranscriptTextOptions {
  /** Prefix each segment with its speaker's name (or label): `Ada: Hello there.` */
  speakers?: boolean;
  /** Use the translated text where the translation has the segment. */
  translation?: boolean;
}

/** Plain text: one line per segment, in order. */
export function transcriptText(t: Transcript, options: TranscriptTextOptions = {}): string {
  const speakers = new Map(t.speakers.map((s) => [s.id, s.name ?? s.label]));
  const translated =
    options.translation && t.translation ? new Map(t.translation.segments.map((s) => [s.id, s.text])) : undefined;
  return t.segments
    .map((segment) => {
      const text = translated?.get(segment.id) ?? segment.text;
      const who = options.speakers && segment.speaker !== null ? speakers.get(segment.speaker) : undefined;
      return who === undefined ? text : `${who}: ${text}`;
    })
    .join('\n');
}
