import { stat } from 'node:fs/promises';
import { join } from 'node:path';

/** The files of the Debian package pocketsphinx-en-us under its folder. */
export function pocketsphinxModel(modelDir: string): { hmm: string; dict: string; lm: string } {
  return {
    hmm: join(modelDir, 'en-us'),
    dict: join(modelDir, 'cmudict-en-us.dict'),
    lm: join(modelDir, 'en-us.lm.bin'),
  };
}

/**
 * How wide the decoder's search is: its bounds on the HMMs and on the words it keeps alive per
 * 10 ms frame (`-maxhmmpf`, `-maxwpf`). The defaults cut the tool's own (30000 HMMs, no bound on
 * words) to what measured as the same word error rate at 0.66–0.79 of the CPU on the
 * long-recording bench (ADR 0028).
 */
export interface PocketsphinxSearch {
  maxHmmPerFrame: number;
  /** -1: no bound. */
  maxWordsPerFrame: number;
}

export const DEFAULT_POCKETSPHINX_SEARCH: PocketsphinxSearch = { maxHmmPerFrame: 3000, maxWordsPerFrame: 10 };
/** What `pocketsphinx_continuous` searches without these arguments (sphinxbase 5prealpha's defaults). */
export const TOOL_DEFAULT_SEARCH: PocketsphinxSearch = { maxHmmPerFrame: 30000, maxWordsPerFrame: -1 };

/** The model and search arguments of the tool and the library alike, name → value. */
export function decoderOptions(modelDir: string, search = DEFAULT_POCKETSPHINX_SEARCH): Record<string, string> {
  const model = pocketsphinxModel(modelDir);
  return {
    '-hmm': model.hmm,
    '-dict': model.dict,
    '-lm': model.lm,
    '-maxhmmpf': String(search.maxHmmPerFrame),
    '-maxwpf': String(search.maxWordsPerFrame),
  };
}

/** What of the model is missing under `modelDir`, one phrase each; empty when it is all there. */
export async function missingModelFiles(modelDir: string): Promise<string[]> {
  const model = pocketsphinxModel(modelDir);
  const needed: [string, 'dir' | 'file'][] = [
    [model.hmm, 'dir'],
    [join(model.hmm, 'mdef'), 'file'],
    [model.dict, 'file'],
    [model.lm, 'file'],
  ];
  const problems: string[] = [];
  for (const [path, kind] of needed) {
    const found = await stat(path).catch(() => undefined);
    if (!found || (kind === 'dir' ? !found.isDirectory() : !found.isFile())) problems.push(`${path} is missing`);
  }
  return problems;
}

/** The hint an unavailable-engine error ends with when the model is missing. */
export const modelHint = (modelDir: string) =>
  ` (install the Debian package pocketsphinx-en-us, or set POCKETSPHINX_MODEL_DIR; now ${modelDir})`;

/** The shared libraries of the Debian packages libpocketsphinx3 and libsphinxbase3 (pocketsphinx depends on both). */
export const POCKETSPHINX_LIBRARIES = { pocketsphinx: 'libpocketsphinx.so.3', sphinxbase: 'libsphinxbase.so.3' };

/** The one model PocketSphinx runs here (the catalog's pocketsphinx profiles name it). */
export const POCKETSPHINX_MODEL = 'en-us';
