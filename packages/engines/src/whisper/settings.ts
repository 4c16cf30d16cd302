import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogModels } from '@tp/catalog';
import { env, z } from '@tp/config';
import { EngineUnavailableError } from '../engine.ts';
import { whisperModelFile } from './model.ts';

/**
 * Where the repository's build puts whisper.cpp (tools/dev/whisper-lib.ts: `.tools/whisper/lib`);
 * the worker image keeps the workspace layout, so the library sits at the same place under /app.
 */
export const DEFAULT_WHISPER_LIBRARY = fileURLToPath(
  new URL('../../../../.tools/whisper/lib/libwhisper.so', import.meta.url),
);
export const DEFAULT_WHISPER_MODEL_DIR = '/models';

const CATALOG_MODELS = catalogModels('whisper');

/** The whisper engine's settings (a worker that runs `whisper`; ADR 0029). */
export const whisperSettings = () => ({
  /** whisper.cpp's shared library (the image ships it; `node tools/dev/whisper-lib.ts` builds it here). */
  WHISPER_LIBRARY: z.string().min(1).default(DEFAULT_WHISPER_LIBRARY),
  /** The folder of the operator's ggml files, `ggml-<model>.bin` (the chart mounts the weights' volume there). */
  WHISPER_MODEL_DIR: z.string().min(1).default(DEFAULT_WHISPER_MODEL_DIR),
  /**
   * The models this worker serves (comma-separated: base.en, small.en, medium.en, the catalog's
   * whisper models); each file must be in WHISPER_MODEL_DIR or the worker refuses to start.
   * Empty: every catalog model whose file is there (at least one).
   */
  WHISPER_MODELS: env.list().transform((names, ctx) => {
    for (const name of names.filter((n) => !CATALOG_MODELS.includes(n)))
      ctx.addIssue({
        code: 'custom',
        message: `no profile runs the whisper model ${JSON.stringify(name)} (the catalog's: ${CATALOG_MODELS.join(', ')})`,
      });
    return names;
  }),
  /** Threads of one decode. The worker decodes ENGINE_POOL_SIZE windows side by side: 1 on CPU. */
  WHISPER_THREADS: z.coerce.number().int().min(1).max(64).default(1),
  /** Decode on the GPU (a library built with CUDA: the worker-cuda image); a CPU build ignores it. */
  WHISPER_USE_GPU: env.bool(false),
});

export interface WhisperSettings {
  WHISPER_LIBRARY: string;
  WHISPER_MODEL_DIR: string;
  WHISPER_MODELS: string[];
  WHISPER_THREADS: number;
  WHISPER_USE_GPU: boolean;
}

/**
 * The models a worker serves: WHISPER_MODELS, each of whose files must be there, or every catalog
 * model whose file is. Throws EngineUnavailableError naming the files it looked for.
 */
export function whisperModelsToServe(settings: WhisperSettings): string[] {
  const file = (model: string) => whisperModelFile(settings.WHISPER_MODEL_DIR, model);
  if (settings.WHISPER_MODELS.length > 0) {
    const missing = settings.WHISPER_MODELS.filter((model) => !existsSync(file(model)));
    if (missing.length > 0)
      throw new EngineUnavailableError(
        `whisper cannot run: WHISPER_MODELS names ${missing.join(', ')}, but ${missing.map(file).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing (mount the operator's ggml files in WHISPER_MODEL_DIR)`,
      );
    return settings.WHISPER_MODELS;
  }
  const present = CATALOG_MODELS.filter((model) => existsSync(file(model)));
  if (present.length === 0)
    throw new EngineUnavailableError(
      `whisper cannot run: no weights in WHISPER_MODEL_DIR ${settings.WHISPER_MODEL_DIR} (looked for ${CATALOG_MODELS.map((m) => `ggml-${m}.bin`).join(', ')})`,
    );
  return present;
}
