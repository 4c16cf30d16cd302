import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnInGroup } from '@tp/engines';
import { cleanApertiumText, splitApertiumOutput, toApertiumBatch } from './apertium-text.ts';
import { apertiumModes, apertiumPairs, DEFAULT_APERTIUM_MODES_DIR, pairKey } from './pairs.ts';
import { type TranslateOptions, TranslationError, type Translator } from './translator.ts';

export interface ApertiumOptions {
  /** The apertium program (default `apertium` on the PATH). */
  command?: string;
  /** A `modes` folder of apertium's data (default /usr/share/apertium/modes); its parent is apertium's -d. */
  modesDir?: string;
  /** The most characters one call may translate (default 1,000,000: about half a minute of one core). */
  maxInputChars?: number;
}

export const DEFAULT_MAX_APERTIUM_INPUT_CHARS = 1_000_000;
const MAX_STDERR_CHARS = 16_384;

interface ApertiumRun {
  stdout: string;
  stderr: string;
}

/**
 * Runs apertium on a file as the leader of its own process group; aborting the signal kills the
 * group at once and rejects with the signal's reason. (The file, not stdin: apertium's script
 * opens /dev/stdin, which Node's socket-pair stdin cannot be opened as.)
 */
async function runApertium(command: string, args: readonly string[], signal: AbortSignal): Promise<ApertiumRun> {
  signal.throwIfAborted();
  const group = spawnInGroup(command, args, ['ignore', 'pipe', 'pipe']);
  const stdout: Buffer[] = [];
  let stderr = '';
  group.child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
  group.child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < MAX_STDERR_CHARS) stderr += chunk.toString('utf8');
  });
  const { promise: aborted, reject } = Promise.withResolvers<never>();
  const onAbort = () => {
    group.kill();
    reject(signal.reason);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const exit = await Promise.race([group.exited, aborted]);
    stderr = stderr.slice(0, MAX_STDERR_CHARS);
    if (exit.error) {
      const missing = (exit.error as NodeJS.ErrnoException).code === 'ENOENT';
      throw new TranslationError(
        missing ? `apertium is not installed (no program "${command}")` : 'apertium could not be started',
        exit.error.message,
      );
    }
    if (exit.code !== 0) throw new TranslationError(`apertium failed (${exit.signal ?? `exit ${exit.code}`})`, stderr);
    return { stdout: Buffer.concat(stdout).toString('utf8'), stderr };
  } finally {
    signal.removeEventListener('abort', onAbort);
    group.kill();
  }
}

/** Offline translation through Debian's apertium: all texts of a call in one apertium process. */
export function createApertiumTranslator(options: ApertiumOptions = {}): Translator {
  const command = options.command ?? 'apertium';
  const modesDir = options.modesDir ?? DEFAULT_APERTIUM_MODES_DIR;
  const maxInputChars = options.maxInputChars ?? DEFAULT_MAX_APERTIUM_INPUT_CHARS;
  return {
    kind: 'apertium',
    pairs: () => apertiumPairs(modesDir),
    async translate(texts: readonly string[], { from, to, signal }: TranslateOptions): Promise<string[]> {
      signal.throwIfAborted();
      const mode = apertiumModes(modesDir).get(pairKey({ from, to }));
      if (!mode) throw new TranslationError(`apertium cannot translate ${from} to ${to} here (no such pair installed)`);
      const batch = toApertiumBatch(texts);
      const outputs = texts.map(() => '');
      if (!batch.indexes.length) return outputs;
      if (batch.input.length > maxInputChars)
        throw new TranslationError(`translation input too large (over ${maxInputChars} characters in one call)`);
      const dir = await mkdtemp(join(tmpdir(), 'tp-apertium-'));
      try {
        const file = join(dir, 'input.txt');
        await writeFile(file, batch.input);
        const args = ['-u', '-d', dirname(modesDir), '-f', 'txt', mode, file];
        const { stdout, stderr } = await runApertium(command, args, signal);
        const paragraphs = splitApertiumOutput(stdout, batch.indexes.length);
        if (!paragraphs) throw new TranslationError('apertium lost the alignment of the texts', stderr);
        batch.indexes.forEach((index, i) => {
          outputs[index] = cleanApertiumText(paragraphs[i]!, texts[index]!);
        });
        return outputs;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
