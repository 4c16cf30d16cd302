import { env, z } from '@tp/config';
import type { EngineKind } from '@tp/catalog';
import { engineRefusal } from './registry.ts';
import { DEFAULT_POCKETSPHINX_SEARCH } from './pocketsphinx/model.ts';

export const DEFAULT_POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/**
 * Where a service that runs engines finds its native tools (the worker, and any service that
 * transcribes clips itself): one set of variable names and defaults for all of them.
 */
export const engineToolSettings = () => ({
  /**
   * How PocketSphinx runs: `command` (POCKETSPHINX_BIN, one process per window) or `library`
   * (libpocketsphinx in decoder hosts that keep the model loaded, the same output; ADR 0027).
   */
  POCKETSPHINX_RUNNER: z.enum(['library', 'command']).default('command'),
  /** The command-line tool, for POCKETSPHINX_RUNNER=command. */
  POCKETSPHINX_BIN: z.string().min(1).default('pocketsphinx_continuous'),
  /** The Debian package pocketsphinx-en-us's folder (see PocketsphinxOptions.modelDir). */
  POCKETSPHINX_MODEL_DIR: z.string().min(1).default(DEFAULT_POCKETSPHINX_MODEL_DIR),
  /**
   * The decoder's search bounds per 10 ms frame (-maxhmmpf, -maxwpf; ADR 0028): the same word error
   * rate as the tool's defaults (30000, -1) at 0.66–0.79 of its CPU. -1 words: no bound.
   */
  POCKETSPHINX_MAX_HMM_PER_FRAME: z.coerce.number().int().min(100).default(DEFAULT_POCKETSPHINX_SEARCH.maxHmmPerFrame),
  POCKETSPHINX_MAX_WORDS_PER_FRAME: z.coerce
    .number()
    .int()
    .min(-1)
    .refine((n) => n !== 0, 'must be -1 (no bound) or at least 1')
    .default(DEFAULT_POCKETSPHINX_SEARCH.maxWordsPerFrame),
  FFMPEG_BIN: z.string().min(1).default('ffmpeg'),
});

/** Debian packages the image of a service that uses this package needs (its SERVICE_PACKAGES): the decoder and the engines. */
export const ENGINE_OS_PACKAGES: readonly string[] = ['ffmpeg', 'pocketsphinx', 'pocketsphinx-en-us'];

/** A comma-separated list of engines, each implemented here (e.g. the worker's WORKER_ENGINES). */
export const engineListSetting = (fallback = 'pocketsphinx') =>
  env.list(fallback).transform((names, ctx) => {
    if (names.length === 0) ctx.addIssue({ code: 'custom', message: 'must name at least one engine' });
    for (const name of names) {
      const refusal = engineRefusal(name);
      if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
    }
    return names as EngineKind[];
  });
