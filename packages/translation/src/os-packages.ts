import { join } from 'node:path';
import { DEFAULT_APERTIUM_MODES_DIR } from './pairs.ts';

/** Debian packages a service that translates with apertium installs: the engine and its language pairs. */
export const APERTIUM_OS_PACKAGES: readonly string[] = [
  'apertium',
  'apertium-eng-spa',
  'apertium-eng-cat',
  'apertium-en-gl',
  'apertium-eo-en',
];

/** One mode file of each language-pair package: all present means the pairs are installed. */
export const APERTIUM_MODE_FILES: readonly string[] = ['eng-spa', 'eng-cat', 'en-gl', 'en-eo'].map((mode) =>
  join(DEFAULT_APERTIUM_MODES_DIR, `${mode}.mode`),
);
