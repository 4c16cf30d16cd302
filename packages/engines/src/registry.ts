import { ENGINES, isEngineKind, type EngineKind } from '@tp/catalog';
import { type EngineEntry, EngineSet } from './engine-set.ts';
import { createPocketsphinxEngine } from './pocketsphinx/pocketsphinx.ts';
import { createPocketsphinxLibraryEngine } from './pocketsphinx/library-engine.ts';
import { POCKETSPHINX_MODEL } from './pocketsphinx/model.ts';
import { createWhisperEngine } from './whisper/engine.ts';
import { type WhisperSettings, whisperModelsToServe } from './whisper/settings.ts';

/** Engines implemented here: every engine the catalog knows. */
export const IMPLEMENTED_ENGINES: readonly EngineKind[] = ['pocketsphinx', 'whisper'];

/** Why an engine named in a configuration (WORKER_ENGINES) cannot run; undefined when it can. */
export function engineRefusal(name: string): string | undefined {
  if (!isEngineKind(name)) return `unknown engine "${name}" (known: ${Object.keys(ENGINES).join(', ')})`;
  if (!IMPLEMENTED_ENGINES.includes(name)) {
    return `the ${ENGINES[name].displayName} engine ("${name}") is not implemented yet; only ${IMPLEMENTED_ENGINES.join(', ')} is`;
  }
  return undefined;
}

export interface EngineSettings extends Partial<WhisperSettings> {
  POCKETSPHINX_RUNNER: 'library' | 'command';
  POCKETSPHINX_BIN: string;
  POCKETSPHINX_MODEL_DIR: string;
  POCKETSPHINX_MAX_HMM_PER_FRAME: number;
  POCKETSPHINX_MAX_WORDS_PER_FRAME: number;
}

function pocketsphinx(settings: EngineSettings): EngineEntry {
  const search = {
    maxHmmPerFrame: settings.POCKETSPHINX_MAX_HMM_PER_FRAME,
    maxWordsPerFrame: settings.POCKETSPHINX_MAX_WORDS_PER_FRAME,
  };
  const engine =
    settings.POCKETSPHINX_RUNNER === 'library'
      ? createPocketsphinxLibraryEngine({ modelDir: settings.POCKETSPHINX_MODEL_DIR, search })
      : createPocketsphinxEngine({
          binary: settings.POCKETSPHINX_BIN,
          modelDir: settings.POCKETSPHINX_MODEL_DIR,
          search,
        });
  return { kind: 'pocketsphinx', model: POCKETSPHINX_MODEL, engine };
}

/** One whisper engine per model served (WHISPER_MODELS, or every catalog model whose file is mounted). */
function whisper(settings: EngineSettings, idleHosts: number | undefined): EngineEntry[] {
  if (!settings.WHISPER_LIBRARY || !settings.WHISPER_MODEL_DIR)
    throw new Error('whisper needs WHISPER_LIBRARY and WHISPER_MODEL_DIR (whisperSettings)');
  const whole = settings as WhisperSettings;
  return whisperModelsToServe(whole).map((model) => ({
    kind: 'whisper',
    model,
    engine: createWhisperEngine({
      library: whole.WHISPER_LIBRARY,
      modelDir: whole.WHISPER_MODEL_DIR,
      model,
      threads: whole.WHISPER_THREADS,
      useGpu: whole.WHISPER_USE_GPU,
      idleHosts,
    }),
  }));
}

/**
 * The engines of the configured kinds (the config has already refused kinds without an
 * implementation). Throws EngineUnavailableError when a whisper pool has no weights to serve.
 * `idleHosts`: loaded engine processes each engine keeps between calls (default: one per core).
 */
export function createEngines(
  kinds: readonly EngineKind[],
  settings: EngineSettings,
  options: { idleHosts?: number } = {},
): EngineSet {
  const entries: EngineEntry[] = [];
  for (const kind of kinds) {
    if (kind === 'pocketsphinx') entries.push(pocketsphinx(settings));
    else if (kind === 'whisper') entries.push(...whisper(settings, options.idleHosts));
    else throw new Error(engineRefusal(kind) ?? `no engine ${kind}`);
  }
  return new EngineSet(entries);
}

/** Ends what every engine keeps loaded between calls (a service's shutdown step, before killAllGroups). */
export async function closeEngines(engines: EngineSet): Promise<void> {
  await Promise.all(engines.values().map((engine) => engine.close?.()));
}
