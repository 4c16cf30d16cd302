import { constants as fsConstants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { ENGINES } from '@tp/catalog';
import { spawnInGroup } from '../process-group.ts';
import { processExitError } from '../host/exit-error.ts';
import type { Recognition } from '../recognition.ts';
import { EngineError, EngineUnavailableError, type SpeechEngine, type TranscribeOptions } from '../engine.ts';
import { decoderOptions, missingModelFiles, modelHint, type PocketsphinxSearch } from './model.ts';
import { PocketsphinxOutputParser } from './pocketsphinx-output.ts';

export interface PocketsphinxOptions {
  /** `pocketsphinx_continuous`, found on PATH, or a path. */
  binary: string;
  /** Folder of the Debian package pocketsphinx-en-us: `en-us/` (acoustic model), `cmudict-en-us.dict`, `en-us.lm.bin`. */
  modelDir: string;
  /** Default: DEFAULT_POCKETSPHINX_SEARCH. */
  search?: PocketsphinxSearch;
}

const LANGUAGES = ENGINES.pocketsphinx.languages;
const MAX_STDERR = 4 * 1024;

/** Raw 16 kHz s16le on stdin; words with times and posteriors on stdout; its own log discarded. */
export function pocketsphinxArgs(modelDir: string, search?: PocketsphinxSearch): string[] {
  const decoder = Object.entries(decoderOptions(modelDir, search)).flat();
  return ['-infile', '/dev/stdin', '-time', 'yes', '-logfn', '/dev/null', ...decoder];
}

/** The executable a command name resolves to, the way the shell would find it; undefined if none. */
export async function resolveExecutable(command: string, path = process.env.PATH ?? ''): Promise<string | undefined> {
  const candidates = command.includes('/')
    ? [command]
    : path
        .split(delimiter)
        .filter(Boolean)
        .map((dir) => join(dir, command));
  for (const candidate of candidates) {
    try {
      await access(candidate, fsConstants.X_OK);
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** The failed run as an EngineError (see processExitError). */
export const exitError = (code: number | null, signal: NodeJS.Signals | null, stderr: string): EngineError =>
  processExitError('pocketsphinx', code, signal, stderr);

/**
 * PocketSphinx (CMU Sphinx) through its command-line tool (POCKETSPHINX_RUNNER=command):
 * `pocketsphinx_continuous` in a child process per call, reading raw PCM from its stdin. Its voice
 * activity detection splits the stream into utterances. This is the default runner; the library
 * runner (library-engine.ts) keeps the model loaded between calls and gives the same output.
 */
export function createPocketsphinxEngine(options: PocketsphinxOptions): SpeechEngine {
  return {
    kind: 'pocketsphinx',
    languages: LANGUAGES,
    // A fresh process starts from the model's cepstral mean and adapts over the first seconds: 3 s
    // of the audio before a window brought the word error rate of windows back to the whole file's.
    contextSeconds: 3,

    async check() {
      const problems: string[] = [];
      if (!(await resolveExecutable(options.binary)))
        problems.push(
          `${options.binary} is not an executable on PATH (install the Debian package pocketsphinx, or set POCKETSPHINX_BIN)`,
        );
      problems.push(...(await missingModelFiles(options.modelDir)));
      if (problems.length > 0) {
        const hint = problems.some((p) => p.endsWith('is missing')) ? modelHint(options.modelDir) : '';
        throw new EngineUnavailableError(`pocketsphinx cannot run: ${problems.join('; ')}${hint}`);
      }
    },

    async transcribe(pcm: Readable, { language, signal }: TranscribeOptions): Promise<Recognition> {
      if (language !== 'auto' && !LANGUAGES.includes(language)) {
        pcm.destroy();
        throw new EngineError(`pocketsphinx transcribes ${LANGUAGES.join(', ')} only, not ${language}`);
      }
      signal.throwIfAborted();
      // Node's stdio "pipes" are sockets, which /dev/stdin cannot open: `cat` turns the socket into a
      // real pipe. The shell, cat and the engine share the process group that abort kills.
      const group = spawnInGroup(
        'sh',
        ['-c', 'cat | "$0" "$@"', options.binary, ...pocketsphinxArgs(options.modelDir, options.search)],
        ['pipe', 'pipe', 'pipe'],
      );
      const abort = () => group.kill();
      signal.addEventListener('abort', abort, { once: true });
      try {
        let stderr = '';
        group.child.stderr?.setEncoding('utf8');
        group.child.stderr?.on('data', (text: string) => {
          if (stderr.length < MAX_STDERR) stderr += text.slice(0, MAX_STDERR - stderr.length);
        });
        const parser = new PocketsphinxOutputParser();
        const lines = group.child.stdout
          ? createInterface({ input: group.child.stdout, crlfDelay: Infinity })
          : undefined;
        lines?.on('line', (line) => parser.push(line));
        // The engine may die before it has read everything (EPIPE): its exit says what happened.
        const feeding = group.child.stdin ? pipeline(pcm, group.child.stdin).catch(() => undefined) : Promise.resolve();
        const exit = await group.exited;
        // After a crash nothing reads the pipe any more: release it so the feeding settles.
        group.child.stdin?.destroy();
        await feeding;
        if (signal.aborted) throw signal.reason;
        if (exit.error)
          throw new EngineError(
            `pocketsphinx could not be started: ${(exit.error as NodeJS.ErrnoException).code ?? exit.error.message}`,
          );
        if (exit.code !== 0 || exit.signal) throw exitError(exit.code, exit.signal, stderr);
        return { language: 'en', utterances: parser.finish() };
      } finally {
        signal.removeEventListener('abort', abort);
      }
    },
  };
}
