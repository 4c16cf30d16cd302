import { z } from '@tp/config';

/**
 * Where a service that translates finds apertium (the worker, and ai-proxy for fast
 * transcription): one variable name and default for all of them.
 */
export const translationToolSettings = () => ({
  /** The apertium command (Debian's `apertium`, with the language-pair packages). */
  APERTIUM_BIN: z.string().min(1).default('apertium'),
});
