// A readable stand-in for the GPT-2 text vocabulary of the .en models (50256 tokens): characters,
// common English words and syllable-made pseudo-words. whisper.cpp adds the special tokens itself.

/** Number of text tokens stored in the file (GPT-2 vocab without <|endoftext|>). */
export const N_TEXT_TOKENS = 50256;

const COMMON_WORDS = (
  'the of and to a in is it you that he was for on are with as I his they be at one have this from or had by ' +
  'hot word but what some we can out other were all there when up use your how said an each she which do their ' +
  'time if will way about many then them write would like so these her long make thing see him two has look more ' +
  'day could go come did number sound no most people my over know water than call first who may down side been now ' +
  'find any new work part take get place made live where after back little only round man year came show every good ' +
  'me give our under name very through just form sentence great think say help low line differ turn cause much mean ' +
  'before move right boy old too same tell does set three want air well also play small end put home read hand port ' +
  'large spell add even land here must big high such follow act why ask men change went light kind off need house ' +
  'picture try us again animal point mother world near build self earth father head stand own page should country ' +
  'found answer school grow study still learn plant cover food sun four between state keep eye never last let ' +
  'thought city tree cross farm hard start might story saw far sea draw left late run while press close night real ' +
  'life few north open seem together next white children begin got walk example ease paper group always music those ' +
  'both mark often letter until mile river car feet care second book carry took science eat room friend began idea ' +
  'fish mountain stop once base hear horse cut sure watch color face wood main enough plain girl usual young ready ' +
  'above ever red list though feel talk bird soon body dog family direct pose leave song measure door product black ' +
  'short numeral class wind question happen complete ship area half rock order fire south problem piece told knew ' +
  'pass since top whole king space heard best hour better true during hundred five remember step early hold west ' +
  'ground interest reach fast verb sing listen six table travel less morning ten simple several vowel toward war lay ' +
  'against pattern slow center love person money serve appear road map rain rule govern pull cold notice voice unit ' +
  'power town fine certain fly fall lead cry dark machine note wait plan figure star box noun field rest correct able ' +
  'pound done beauty drive stood contain front teach week final gave green oh quick develop ocean warm free minute ' +
  'strong special mind behind clear tail produce fact street inch multiply nothing course stay wheel full force blue ' +
  'object decide surface deep moon island foot system busy test record boat common gold possible plane stead dry ' +
  'wonder laugh thousand ago ran check game shape equate hot miss brought heat snow tire bring yes distant fill east ' +
  'paint language among hello okay thanks yeah'
).split(' ');

const SUFFIXES = ['s', 'ed', 'ing', 'er', 'ly', 'est', 'ion', 'al', 'ness', 'ment', "'s", "'t", "'re", "'ll", "'ve"];
const ONSETS = [
  '',
  'b',
  'c',
  'd',
  'f',
  'g',
  'h',
  'j',
  'k',
  'l',
  'm',
  'n',
  'p',
  'r',
  's',
  't',
  'v',
  'w',
  'y',
  'z',
  'br',
  'ch',
  'cl',
  'cr',
  'dr',
  'fl',
  'fr',
  'gr',
  'pl',
  'pr',
  'sh',
  'sl',
  'sp',
  'st',
  'str',
  'th',
  'tr',
  'wh',
];
const NUCLEI = ['a', 'e', 'i', 'o', 'u', 'ea', 'ee', 'oo', 'ai', 'ou', 'ay', 'y'];
const CODAS = ['', 'n', 'r', 's', 't', 'l', 'm', 'nd', 'st', 'ng', 'ck', 'rt', 'th', 'x'];

function syllable(i: number): string {
  const o = i % ONSETS.length;
  const n = Math.floor(i / ONSETS.length) % NUCLEI.length;
  const c = Math.floor(i / (ONSETS.length * NUCLEI.length)) % CODAS.length;
  return ONSETS[o]! + NUCLEI[n]! + CODAS[c]!;
}

/**
 * 50256 unique, printable, English-looking token strings. Token " " must exist:
 * whisper.cpp's suppress_blank does `token_to_id.at(" ")` and aborts the
 * process (uncaught std::out_of_range) when it is missing.
 */
export function syntheticVocab(nTokens = N_TEXT_TOKENS): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (s: string): void => {
    if (out.length < nTokens && !seen.has(s)) {
      seen.add(s);
      out.push(s);
    }
  };
  for (let ch = 0x21; ch <= 0x7e; ch++) add(String.fromCharCode(ch)); // '!'..'~' like GPT-2 ids 0..93
  add(' ');
  for (let ch = 0x61; ch <= 0x7a; ch++) add(` ${String.fromCharCode(ch)}`); // " a".." z"
  for (const w of COMMON_WORDS) {
    add(` ${w}`);
    add(w);
    add(` ${w[0]!.toUpperCase()}${w.slice(1)}`);
  }
  for (const w of COMMON_WORDS) for (const s of SUFFIXES) add(` ${w}${s}`);
  for (const s of SUFFIXES) add(s);
  const nSyl = ONSETS.length * NUCLEI.length * CODAS.length;
  for (let i = 0; i < nSyl; i++) {
    add(` ${syllable(i)}`);
    add(syllable(i));
  }
  // Two-syllable pseudo words, visited in a scrambled but deterministic order.
  const nPairs = nSyl * nSyl;
  for (let k = 0; out.length < nTokens && k < nPairs; k++) {
    const idx = (k * 1000003) % nPairs; // 1000003 is prime and coprime with nPairs: a permutation
    add(` ${syllable(Math.floor(idx / nSyl))}${syllable(idx % nSyl)}`);
  }
  if (out.length !== nTokens) throw new Error(`vocab generator produced ${out.length} tokens`);
  return out;
}
