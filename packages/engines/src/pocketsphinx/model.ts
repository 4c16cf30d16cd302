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
