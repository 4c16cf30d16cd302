import { createHash } from 'node:crypto';
import type { Transcript } from './schema.ts';
import { roundConfidence, roundTime } from './time.ts';

/**
 * The canonical serialization: only the model's keys, each object's keys in sorted order, times rounded to the
 * millisecond, confidences to 3 decimals, no -0, no whitespace; a speaker's optional `name_source` only when set
 * (absent and null are the same). Equal transcripts give equal bytes, whatever
 * order their keys came in and whatever noise their times carry below a millisecond.
 *
 * Meant for a transcript that `validateTranscript` accepted (whose strings are already trimmed and normalized);
 * keys outside the model are dropped, never written.
 */
export function canonicalTranscript(t: Transcript): string {
  return JSON.stringify(canonicalValue(t));
}

/**
 * The value `canonicalTranscript` serializes: a fresh plain object, keys in sorted order, times and confidences
 * rounded. `words: false` leaves every `words` array empty (an export without word timings).
 */
export function canonicalValue(t: Transcript, options: { words?: boolean } = {}): Transcript {
  const words = options.words ?? true;
  // Objects are built with their keys already in sorted order; JSON.stringify keeps insertion order for
  // non-integer keys, so no generic sort is needed (canonical.test.ts checks the order at every level).
  return {
    duration: roundTime(t.duration),
    language: t.language,
    segments: t.segments.map((s) => ({
      end: roundTime(s.end),
      id: s.id,
      speaker: s.speaker ?? null,
      start: roundTime(s.start),
      text: s.text,
      words: !words
        ? []
        : s.words.map((w) => ({
            confidence: w.confidence === null || w.confidence === undefined ? null : roundConfidence(w.confidence),
            end: roundTime(w.end),
            speaker: w.speaker ?? null,
            start: roundTime(w.start),
            text: w.text,
          })),
    })),
    source: {
      engine: t.source.engine ?? null,
      job_id: t.source.job_id ?? null,
      media_id: t.source.media_id ?? null,
      profile: t.source.profile ?? null,
    },
    speakers: t.speakers.map((s) => {
      const name = s.name ?? null;
      // name_source is written only when set, so a transcript stored before it existed keeps its bytes and hash.
      return s.name_source == null
        ? { id: s.id, label: s.label, name }
        : { id: s.id, label: s.label, name, name_source: s.name_source };
    }),
    translation: t.translation
      ? { language: t.translation.language, segments: t.translation.segments.map((s) => ({ id: s.id, text: s.text })) }
      : null,
    version: t.version,
  };
}

/** `sha256:<hex>` of the UTF-8 bytes of a canonical serialization. */
export function contentHash(canonicalJson: string): string {
  return `sha256:${createHash('sha256').update(canonicalJson, 'utf8').digest('hex')}`;
}

/** `contentHash(canonicalTranscript(t))`. */
export function hashTranscript(t: Transcript): string {
  return contentHash(canonicalTranscript(t));
}
