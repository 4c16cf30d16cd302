import { canonicalValue } from '../canonical.ts';
import type { Transcript } from '../schema.ts';

/**
 * The canonical transcript. Compact, it is byte for byte `canonicalTranscript` (so it hashes to the stored
 * artifact's content hash) when the words are kept; pretty, it is indented by 2 spaces and ends with a newline.
 * Without word timestamps every `words` array is empty, which is still a valid transcript.
 */
export function writeJson(t: Transcript, options: { includeWordTimestamps: boolean; pretty: boolean }): string {
  const value = canonicalValue(t, { words: options.includeWordTimestamps });
  return options.pretty ? `${JSON.stringify(value, null, 2)}\n` : JSON.stringify(value);
}
