/**
 * Where a name is said, in one segment's words: the patterns of self-introduction ("my name is Dana", "I'm Lee",
 * "this is Dana speaking", "Dana here") and of address ("thanks, Dana", "Dana, what do you think?", "over to you,
 * Dana"). Each works on recognizer output (lowercase, no punctuation) as on punctuated text.
 */
import { endsClause, fullNameAt, matchesAt, nameAt, phraseAt, type TokenizedText } from './tokens.ts';

const MY_NAME_IS = [
  ['my', 'name', 'is'],
  ['my', "name's"],
] as const;
const I_AM = [["i'm"], ['im'], ['i', 'am']] as const;
/** What may follow a name said as `this is X` or `X here`: nothing, punctuation, or one of these. */
const AFTER_INTRODUCED_NAME = new Set(['speaking', 'here', 'and', 'from', 'with', 'at', 'of', 'on', 'calling']);
/** Words after `I'm X` that make X a state, not a name: "i'm thrilled to", "i'm curious about". */
const AFTER_STATE = new Set(['to', 'about', 'that', 'for', 'because', 'if', 'when', 'than', 'as', 'enough', 'too']);
/** Words that may open a sentence before an introduction or an address: "hi everyone, Dana here", "ok, thanks Dana". */
const OPENERS = new Set(
  'hi hello hey good morning afternoon evening everyone everybody all folks guys yes yeah ok okay so well and um uh oh right alright great sure cool perfect excellent wonderful'.split(
    ' ',
  ),
);
const THANKS = [
  ['thank', 'you', 'very', 'much'],
  ['thank', 'you', 'so', 'much'],
  ['thanks', 'so', 'much'],
  ['thanks', 'a', 'lot'],
  ['thank', 'you'],
  ['thanks'],
] as const;
/** How an unpunctuated question starts: "dana what do you think", "dana do you agree". */
const QUESTION_WORDS = new Set(['what', 'how', 'why', 'where', 'when', 'who', 'which']);
const QUESTION_VERBS = new Set(['do', 'did', 'can', 'could', 'would', 'will', 'are', 'have', 'should']);
const HANDOVERS = [
  ['over', 'to', 'you'],
  ['back', 'to', 'you'],
  ['go', 'ahead'],
  ['your', 'turn'],
] as const;

/** True when the word at `at` opens a sentence, or follows only openers since the sentence began. */
function opensSentence(text: TokenizedText, at: number): boolean {
  for (let k = at; k >= 0; k--) {
    const token = text.tokens[k]!;
    if (k < at && !OPENERS.has(token.lower)) return false;
    if (token.sentenceStart) return true;
  }
  return false;
}

/** The names a speaker gives as their own in one segment. */
export function selfIntroductions(text: TokenizedText): string[] {
  const names: string[] = [];
  const introduced = (at: number) =>
    endsClause(text, at) || AFTER_INTRODUCED_NAME.has(text.tokens[at + 1]?.lower ?? '');
  for (let i = 0; i < text.tokens.length; i++) {
    let name: string | null = null;
    const strong = phraseAt(text, i, MY_NAME_IS);
    const weak = phraseAt(text, i, I_AM);
    if (strong > 0) name = fullNameAt(text, i + strong);
    else if (weak > 0 && !AFTER_STATE.has(text.tokens[i + weak + 1]?.lower ?? '')) name = nameAt(text, i + weak);
    else if (matchesAt(text, i, ['this', 'is']) && opensSentence(text, i) && introduced(i + 2))
      name = nameAt(text, i + 2);
    else if (text.tokens[i + 1]?.lower === 'here' && opensSentence(text, i) && introduced(i + 1))
      name = nameAt(text, i);
    if (name !== null) names.push(name);
  }
  return names;
}

/** The first word of the segment after the openers ("ok, great, thanks Dana"). */
function afterOpeners(text: TokenizedText): number {
  let at = 0;
  while (at < text.tokens.length && OPENERS.has(text.tokens[at]!.lower)) at++;
  return at;
}

/** True when the sentence holding the word at `at` ends with a question mark. */
function inQuestion(text: TokenizedText, at: number): boolean {
  for (let k = at; k < text.tokens.length; k++) {
    const after = text.tokens[k]!.after;
    if (/[.!?;]/.test(after)) return after.includes('?');
  }
  return false;
}

/**
 * The name of the previous speaker, said at the start of the next one's turn: "thanks, Dana", "thank you dana",
 * "Dana, what do you think?", "dana what do you think".
 */
export function addressAtTurnStart(text: TokenizedText): string | null {
  const at = afterOpeners(text);
  const thanks = phraseAt(text, at, THANKS);
  if (thanks > 0) return nameAt(text, at + thanks);
  const next = text.tokens[at + 1];
  if (next === undefined) return null;
  const punctuatedQuestion = next.before.includes(',') && inQuestion(text, at);
  const spokenQuestion =
    /^\s+$/.test(next.before) &&
    (QUESTION_WORDS.has(next.lower) || (QUESTION_VERBS.has(next.lower) && text.tokens[at + 2]?.lower === 'you'));
  return punctuatedQuestion || spokenQuestion ? nameAt(text, at) : null;
}

/** The name of the next speaker, said at the end of a turn: "over to you, Dana", "what do you think, Dana?" */
export function addressAtTurnEnd(text: TokenizedText): string | null {
  const last = text.tokens.length - 1;
  const token = text.tokens[last];
  if (token === undefined) return null;
  const handedOver = HANDOVERS.some((phrase) => last >= phrase.length && matchesAt(text, last - phrase.length, phrase));
  const askedByName = token.before.includes(',') && token.after.includes('?');
  return handedOver || askedByName ? nameAt(text, last) : null;
}
