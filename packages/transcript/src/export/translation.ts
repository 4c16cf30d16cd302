import type { Transcript } from '../schema.ts';
import { ExportOptionsError } from './options.ts';

/**
 * The transcript as its translation tells it, for the exporters (`text: 'translation'`): a translated segment
 * carries the translated text and no words (their timings belong to the source text); a segment the translation
 * leaves out keeps its own text and words. `language` is the translation's, and `translation` holds what was
 * replaced (the source text of the translated segments, in the source language), so the JSON export loses nothing
 * and is still a valid transcript. Throws `ExportOptionsError` (option `text`) when there is no translation.
 */
export function translatedTranscript(t: Transcript): Transcript {
  if (t.translation === null)
    throw new ExportOptionsError('text', 'text translation needs a transcript with a translation; this one has none');
  const translated = new Map(t.translation.segments.map((s) => [s.id, s.text]));
  const replaced: { id: string; text: string }[] = [];
  const segments = t.segments.map((segment) => {
    const text = translated.get(segment.id);
    if (text === undefined) return segment;
    replaced.push({ id: segment.id, text: segment.text });
    return { ...segment, text, words: [] };
  });
  return {
    ...t,
    language: t.translation.language,
    segments,
    translation: { language: t.language, segments: replaced },
  };
}
