// The transcript editor's edits (the payload of a transcript version, /schemas/transcript.v1.json):
// kept apart from the version they were made on, so that they can be applied again to a newer one
// after a conflict.
import type { Transcript, TranscriptSpeaker } from './api/schema.ts';

export type { Transcript };

/** What the user changed, by place: words by `segment id:index`, segments' text, speakers' names. */
export interface Edits {
  words: Record<string, string>;
  segments: Record<string, string>;
  speakers: Record<string, string>;
}

export const NO_EDITS: Edits = { words: {}, segments: {}, speakers: {} };

export const wordKey = (segmentId: string, index: number) => `${segmentId}:${index}`;

export const editCount = (edits: Edits) =>
  Object.keys(edits.words).length + Object.keys(edits.segments).length + Object.keys(edits.speakers).length;

/** Drops an edit that gives back what the version says, so that "unsaved" means a real change. */
export function withEdit(edits: Edits, kind: keyof Edits, key: string, value: string, original: string): Edits {
  const next = { ...edits[kind] };
  if (value === original) delete next[key];
  else next[key] = value;
  return { ...edits, [kind]: next };
}

const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

/** The transcript with the edits applied; an edit whose place the transcript lacks is left out. */
export function applyEdits(transcript: Transcript, edits: Edits): Transcript {
  const segments = transcript.segments.map((segment) => {
    if (segment.words.length === 0) {
      const text = edits.segments[segment.id];
      return text === undefined ? segment : { ...segment, text: tidy(text) };
    }
    let changed = false;
    const words = segment.words.map((word, index) => {
      const text = edits.words[wordKey(segment.id, index)];
      if (text === undefined) return word;
      changed = true;
      // A typed word has no recognizer confidence.
      return { ...word, text: tidy(text), confidence: null };
    });
    return changed ? { ...segment, words, text: words.map((w) => w.text).join(' ') } : segment;
  });
  const speakers = transcript.speakers.map((speaker) => {
    const name = edits.speakers[speaker.id];
    if (name === undefined) return speaker;
    const trimmed = tidy(name);
    return trimmed
      ? { ...speaker, name: trimmed, name_source: 'user' as const }
      : { ...speaker, name: null, name_source: null };
  });
  return { ...transcript, segments, speakers };
}

/** Why the edits cannot be saved (an empty word or segment), or null. */
export function editsProblem(edits: Edits): string | null {
  const empty = [...Object.values(edits.words), ...Object.values(edits.segments)].some((text) => !text.trim());
  return empty ? 'A word or segment cannot be empty: type its text, or put back what it said.' : null;
}

export const speakerName = (speaker: TranscriptSpeaker) => speaker.name ?? speaker.label;

/** m:ss.s of a time in seconds. */
export function formatTime(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = (seconds % 60).toFixed(1).padStart(4, '0');
  return `${m}:${s}`;
}

/** The index in `words` (ordered by start) of the one being spoken at `time`, or -1. */
export function wordAt(words: { start: number; end: number }[], time: number): number {
  let low = 0;
  let high = words.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (words[mid]!.start <= time) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  // Between two words (a pause), the last one spoken stays lit until the next starts.
  return found;
}
