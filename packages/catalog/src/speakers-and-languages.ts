/**
 * What diarization and translation accept: the speaker count a job may fix, and the language pairs
 * a deployment's workers translate (jobs' TRANSLATION_PAIRS, which the chart derives from the
 * apertium pairs the worker image installs).
 */
import { isLanguageCode } from './engines.ts';

/** `options.diarization.num_speakers`: a fixed count in this range, or null to estimate it. */
export const DIARIZATION_SPEAKERS = Object.freeze({ min: 1, max: 10 } as const);

/** A translation direction, ISO 639-1 codes. */
export interface LanguagePair {
  from: string;
  to: string;
}

/** The pairs `make up` and the worker image install (Debian's apertium-eng-spa, -eng-cat, -en-gl, -eo-en). */
export const DEFAULT_TRANSLATION_PAIRS: readonly LanguagePair[] = Object.freeze(
  ['es', 'ca', 'gl', 'eo'].map((to) => Object.freeze({ from: 'en', to })),
);

/** `en:es,en:ca` → pairs; throws a RangeError naming the first malformed entry. Duplicates are dropped. */
export function parseLanguagePairs(setting: string): LanguagePair[] {
  const pairs: LanguagePair[] = [];
  for (const entry of setting.split(',').map((e) => e.trim())) {
    if (entry === '') continue;
    const [from, to, ...rest] = entry.split(':');
    if (rest.length > 0 || from === undefined || to === undefined || !isLanguageCode(from) || !isLanguageCode(to))
      throw new RangeError(`"${entry}" is not a language pair like en:es (ISO 639-1 codes).`);
    if (from === to) throw new RangeError(`"${entry}" translates a language into itself.`);
    if (!pairs.some((p) => p.from === from && p.to === to)) pairs.push({ from, to });
  }
  return pairs;
}

/** The pairs as the setting writes them: `en:es,en:ca`. */
export function formatLanguagePairs(pairs: readonly LanguagePair[]): string {
  return pairs.map((p) => `${p.from}:${p.to}`).join(',');
}

/** The targets reachable from any of these source languages, sorted, without the sources themselves. */
export function targetsFrom(pairs: readonly LanguagePair[], sources: readonly string[]): string[] {
  const targets = new Set(pairs.filter((p) => sources.includes(p.from)).map((p) => p.to));
  for (const source of sources) targets.delete(source);
  return [...targets].sort();
}
