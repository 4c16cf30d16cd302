import type { LanguagePair } from '@tp/catalog';

/** A translation direction, in ISO 639-1 codes (en, es, ca, gl, eo …): @tp/catalog's, which jobs' TRANSLATION_PAIRS lists. */
export type { LanguagePair };

export interface TranslateOptions {
  from: string;
  to: string;
  signal: AbortSignal;
}

export interface Translator {
  readonly kind: 'apertium' | 'chat';
  /** Pairs this translator serves here. */
  pairs(): readonly LanguagePair[];
  /**
   * One output per input text, same order; an empty input gives an empty output. Rejects with
   * TranslationError (stable message, the tool's stderr kept in `output` for logs only) or the signal's reason.
   */
  translate(texts: readonly string[], options: TranslateOptions): Promise<string[]>;
}

/** A translation that failed: `message` is stable (safe to show), `output` is the tool's own words, for logs only. */
export class TranslationError extends Error {
  output: string;

  constructor(message: string, output = '') {
    super(message);
    this.name = 'TranslationError';
    this.output = output;
  }
}

export function servesPair(pairs: readonly LanguagePair[], from: string, to: string): boolean {
  return pairs.some((pair) => pair.from === from && pair.to === to);
}
