/**
 * Speech engines and the languages they transcribe. A profile names its engine (profiles.ts);
 * a deployment says which engines its worker pools run (jobs' ENGINES setting), and a job for
 * a profile whose engine is not among them is refused, never served by another engine.
 */
import type { EngineKind } from './profiles.ts';

export interface EngineInfo {
  kind: EngineKind;
  displayName: string;
  /** ISO 639-1 codes the engine transcribes; `auto` resolves among them. */
  languages: readonly string[];
  /** Its recognitions time every word (start and end). */
  wordTimestamps: boolean;
  /**
   * It identifies the spoken language itself (`language: 'auto'`). An engine that does not
   * transcribes its one language and reports that it assumed it, never a detection.
   */
  detectsLanguage: boolean;
  /** What an operator installs for it. */
  requirement: string;
}

export const ENGINES: Readonly<Record<EngineKind, EngineInfo>> = {
  pocketsphinx: {
    kind: 'pocketsphinx',
    displayName: 'PocketSphinx (CPU)',
    languages: ['en'],
    wordTimestamps: true,
    detectsLanguage: false,
    requirement: "Debian packages pocketsphinx and pocketsphinx-en-us on the worker's image",
  },
  whisper: {
    kind: 'whisper',
    displayName: 'Whisper (GPU)',
    languages: ['en'],
    wordTimestamps: true,
    detectsLanguage: false,
    requirement: 'ggml weights mounted into a GPU worker pool',
  },
};

export const ENGINE_KINDS = Object.keys(ENGINES) as EngineKind[];

export function isEngineKind(value: string): value is EngineKind {
  return Object.hasOwn(ENGINES, value);
}

/**
 * ISO 639-1 codes: what `options.language` may name (besides `auto`). A code outside this list
 * is a validation error; a listed code the profile's engine does not transcribe is refused too,
 * naming the languages it does.
 */
export const LANGUAGE_CODES: readonly string[] = (
  'aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu ' +
  'fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ' +
  'ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps ' +
  'pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve ' +
  'vi vo wa wo xh yi yo za zh zu'
).split(' ');

const LANGUAGES = new Set(LANGUAGE_CODES);

export function isLanguageCode(value: string): boolean {
  return LANGUAGES.has(value);
}
