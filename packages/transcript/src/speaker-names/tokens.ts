import { capitalizeName, hasNameShape, isCommonWord, isNeverName } from './words.ts';

export interface Token {
  /** As written (a typographic apostrophe made plain). */
  text: string;
  lower: string;
  /** What stands between the previous word (or the start) and this one: spaces and punctuation. */
  before: string;
  /** What follows, up to the next word (or the end). */
  after: string;
  /** The first word of the text or of a sentence. */
  sentenceStart: boolean;
}

/** The words of one segment's text, and whether it is cased (recognizers often write all lowercase). */
export interface TokenizedText {
  tokens: Token[];
  /** Mixed case: a capital means something. All-lowercase (or all-capitals) text is read by the word list alone. */
  cased: boolean;
}

const WORD = /[\p{L}\p{N}]+(?:['\u2019-][\p{L}\p{N}]+)*/gu;
const SENTENCE_END = /[.!?;:]/;

export function tokenize(text: string): TokenizedText {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    const before = text.slice(last, match.index);
    const previous = tokens.at(-1);
    if (previous) previous.after = before;
    const word = match[0].replace(/\u2019/g, "'");
    tokens.push({
      text: word,
      lower: word.toLowerCase(),
      before,
      after: '',
      sentenceStart: previous === undefined || SENTENCE_END.test(before),
    });
    last = match.index + match[0].length;
  }
  const final = tokens.at(-1);
  if (final) final.after = text.slice(last);
  return { tokens, cased: /\p{Lu}/u.test(text) && /\p{Ll}/u.test(text) };
}

/** True when the words from `at` on are `words` (lowercase), with nothing but spaces and commas between them. */
export function matchesAt(text: TokenizedText, at: number, words: readonly string[]): boolean {
  return words.every((word, k) => {
    const token = text.tokens[at + k];
    return token !== undefined && token.lower === word && (k === 0 || /^[\s,]*$/.test(token.before));
  });
}

/** The first of `phrases` found at `at`, as its length in words; 0 when none is. */
export function phraseAt(text: TokenizedText, at: number, phrases: readonly (readonly string[])[]): number {
  return phrases.find((phrase) => matchesAt(text, at, phrase))?.length ?? 0;
}

/** True when the word at `at` is the last of the text or followed by punctuation. */
export function endsClause(text: TokenizedText, at: number): boolean {
  const token = text.tokens[at];
  return token !== undefined && (at === text.tokens.length - 1 || /[^\s]/.test(token.after));
}

/**
 * The word at `at` as a name, or null. In cased text it must be capitalised, and only at the start of a sentence
 * (where every word is capitalised) is it checked against the common words; elsewhere a capital is enough, bar the
 * few words that never are names. Lowercase text relies on the common words, and the name is capitalised.
 */
export function nameAt(text: TokenizedText, at: number): string | null {
  const token = text.tokens[at];
  if (!token || !hasNameShape(token.text) || isNeverName(token.text)) return null;
  if (text.cased) {
    if (!/^\p{Lu}/u.test(token.text)) return null;
    return token.sentenceStart && isCommonWord(token.text) ? null : token.text;
  }
  return isCommonWord(token.lower) ? null : capitalizeName(token.lower);
}

/** A name of one or two words (`Dana`, `Dana Smith`) at `at`, the second only when nothing stands between them. */
export function fullNameAt(text: TokenizedText, at: number): string | null {
  const first = nameAt(text, at);
  if (first === null) return null;
  const next = text.tokens[at + 1];
  if (next === undefined || !/^\s+$/.test(next.before)) return first;
  const second = nameAt(text, at + 1);
  return second === null ? first : `${first} ${second}`;
}
