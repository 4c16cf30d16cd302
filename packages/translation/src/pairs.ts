import { readdirSync } from 'node:fs';
import type { LanguagePair } from './translator.ts';

/** Where Debian's apertium language-pair packages install their modes. */
export const DEFAULT_APERTIUM_MODES_DIR = '/usr/share/apertium/modes';

/** ISO 639-2/3 codes apertium's newer pairs use in mode names, mapped to ISO 639-1. */
const ISO_639_1: Readonly<Record<string, string>> = {
  afr: 'af',
  arg: 'an',
  bel: 'be',
  bul: 'bg',
  cat: 'ca',
  ces: 'cs',
  cym: 'cy',
  dan: 'da',
  deu: 'de',
  ell: 'el',
  eng: 'en',
  epo: 'eo',
  eus: 'eu',
  fin: 'fi',
  fra: 'fr',
  gle: 'ga',
  glg: 'gl',
  hbs: 'sh',
  hin: 'hi',
  isl: 'is',
  ita: 'it',
  kaz: 'kk',
  mkd: 'mk',
  mlt: 'mt',
  nld: 'nl',
  nno: 'nn',
  nob: 'nb',
  oci: 'oc',
  pol: 'pl',
  por: 'pt',
  ron: 'ro',
  rus: 'ru',
  slk: 'sk',
  slv: 'sl',
  spa: 'es',
  sqi: 'sq',
  srd: 'sc',
  swe: 'sv',
  tat: 'tt',
  tur: 'tr',
  ukr: 'uk',
  urd: 'ur',
};

/** The ISO 639-1 code of a language as a mode name spells it; undefined for codes we cannot map. */
function isoCode(code: string): string | undefined {
  if (code.length === 2) return code;
  return ISO_639_1[code];
}

/**
 * The installed apertium modes that translate a pair, by pair ("en:es" → "eng-spa"). A mode is
 * `<from>-<to>.mode`; variants (eng-cat_valencia, spa-eng_US) and other pipelines (en-eo-bytecode,
 * eo-en-j) are not pairs and are left out. A missing folder gives none.
 */
export function apertiumModes(modesDir = DEFAULT_APERTIUM_MODES_DIR): Map<string, string> {
  let files: string[];
  try {
    files = readdirSync(modesDir);
  } catch {
    return new Map();
  }
  const modes = new Map<string, string>();
  for (const file of files.sort()) {
    const match = /^([a-z]{2,3})-([a-z]{2,3})\.mode$/.exec(file);
    if (!match) continue;
    const from = isoCode(match[1]!);
    const to = isoCode(match[2]!);
    if (!from || !to || from === to) continue;
    const key = pairKey({ from, to });
    if (!modes.has(key)) modes.set(key, `${match[1]}-${match[2]}`);
  }
  return modes;
}

/** The pairs installed apertium modes give, in ISO 639-1 codes (see apertiumModes). */
export function apertiumPairs(modesDir?: string): LanguagePair[] {
  return [...apertiumModes(modesDir).keys()].map(parsePairKey);
}

export function pairKey(pair: LanguagePair): string {
  return `${pair.from}:${pair.to}`;
}

function parsePairKey(key: string): LanguagePair {
  const [from = '', to = ''] = key.split(':');
  return { from, to };
}
