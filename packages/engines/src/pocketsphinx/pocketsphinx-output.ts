import type { RecognizedWord, Utterance } from '../recognition.ts';

/**
 * Parses what `pocketsphinx_continuous -time yes` prints: per utterance, a hypothesis line (the
 * words, no times), then one `word start end posterior` line per token, framed by `<s>` and `</s>`.
 */
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\S+)$/;

/** Tokens that are not words: sentence marks, silence, fillers such as [NOISE] or ++BREATH++. */
export function isFiller(token: string): boolean {
  return (
    token === '<s>' ||
    token === '</s>' ||
    token === '<sil>' ||
    /^\[.*\]$/.test(token) ||
    /^\+\+.*\+\+$/.test(token) ||
    /^<.*>$/.test(token)
  );
}

/** `with(2)` → `with`: the dictionary's alternate pronunciations are the same word. */
export function baseWord(token: string): string {
  return token.replace(/\(\d+\)$/, '');
}

export function clampConfidence(posterior: number): number | null {
  if (!Number.isFinite(posterior)) return null;
  return Math.min(1, Math.max(0, posterior));
}

/** Incremental parser: feed it stdout line by line while the engine runs. */
export class PocketsphinxOutputParser {
  readonly utterances: Utterance[] = [];
  private current: RecognizedWord[] | undefined;

  push(rawLine: string): void {
    const line = rawLine.trim();
    if (line === '') return;
    const match = WORD_LINE.exec(line);
    if (!match) {
      // A hypothesis line opens the next utterance.
      this.close();
      this.current = [];
      return;
    }
    const [, token, start, end, posterior] = match as unknown as [string, string, string, string, string];
    if (token === '<s>') {
      // Also opens an utterance: a hypothesis line may be missing (empty hypotheses are not printed).
      if (this.current && this.current.length > 0) this.close();
      this.current ??= [];
      return;
    }
    if (isFiller(token)) return;
    const text = baseWord(token);
    if (text === '') return;
    this.current ??= [];
    this.current.push({ text, start: Number(start), end: Number(end), confidence: clampConfidence(Number(posterior)) });
  }

  /** Ends the last utterance and returns every utterance that has words. */
  finish(): Utterance[] {
    this.close();
    return this.utterances;
  }

  private close(): void {
    if (this.current && this.current.length > 0) this.utterances.push({ words: this.current });
    this.current = undefined;
  }
}

export function parsePocketsphinxOutput(text: string): Utterance[] {
  const parser = new PocketsphinxOutputParser();
  for (const line of text.split(/\r?\n/)) parser.push(line);
  return parser.finish();
}
