import { ENGINES, isEngineKind, type EngineKind } from '@tp/catalog';
import type { SpeechEngine } from './engine.ts';
import { createPocketsphinxEngine } from './pocketsphinx/pocketsphinx.ts';
import { createPocketsphinxLibraryEngine } from './pocketsphinx/library-engine.ts';

/** Engines implemented here. The catalog also knows `whisper`, which has no implementation yet. */
export const IMPLEMENTED_ENGINES: readonly EngineKind[] = ['pocketsphinx'];

/** Why an engine named in a configuration (WORKER_ENGINES) cannot run; undefined when it can. */
export function engineRefusal(name: string): string | undefined {
  if (!isEngineKind(name)) return `unknown engine "${name}" (known: ${Object.keys(ENGINES).join(', ')})`;
  if (!IMPLEMENTED_ENGINES.includes(name)) {
    return `the ${ENGINES[name].displayName} engine ("${name}") is not implemented yet; only ${IMPLEMENTED_ENGINES.join(', ')} is`;
  }
  return undefined;
}

export interface EngineSettings {
  POCKETSPHINX_RUNNER: 'library' | 'command';
  POCKETSPHINX_BIN: string;
  POCKETSPHINX_MODEL_DIR: string;
  POCKETSPHINX_MAX_HMM_PER_FRAME: number;
  POCKETSPHINX_MAX_WORDS_PER_FRAME: number;
}

/** One engine per configured kind (the config has already refused kinds without an implementation). */
export function createEngines(kinds: readonly EngineKind[], settings: EngineSettings): Map<EngineKind, SpeechEngine> {
  const engines = new Map<EngineKind, SpeechEngine>();
  for (const kind of kinds) {
    switch (kind) {
      case 'pocketsphinx': {
        const search = {
          maxHmmPerFrame: settings.POCKETSPHINX_MAX_HMM_PER_FRAME,
          maxWordsPerFrame: settings.POCKETSPHINX_MAX_WORDS_PER_FRAME,
        };
        engines.set(
          kind,
          settings.POCKETSPHINX_RUNNER === 'library'
            ? createPocketsphinxLibraryEngine({ modelDir: settings.POCKETSPHINX_MODEL_DIR, search })
            : createPocketsphinxEngine({
                binary: settings.POCKETSPHINX_BIN,
                modelDir: settings.POCKETSPHINX_MODEL_DIR,
                search,
              }),
        );
        break;
      }
      default:
        throw new Error(engineRefusal(kind) ?? `no engine ${kind}`);
    }
  }
  return engines;
}

/** Ends what every engine keeps loaded between calls (a service's shutdown step, before killAllGroups). */
export async function closeEngines(engines: Map<EngineKind, SpeechEngine>): Promise<void> {
  await Promise.all([...engines.values()].map((engine) => engine.close?.()));
}
