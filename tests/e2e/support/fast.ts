// Fast transcription (ADR 0021) in the managed-AI world: ai-proxy runs its engine through a
// wrapper that records each run before starting the real pocketsphinx, so a test can prove that
// the speech guard (or a refusal) ran no engine, and that fails the way a broken engine does while
// a test asks it to.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FAST_TRANSCRIPTION, audioTokensFor, findAiModel, priceForTokens } from '@tp/catalog';
import { type TempDir, tempDir, writeScript } from '@tp/testing';
import { encode } from 'gpt-tokenizer';
import { type AiUser, type AiWorld, startAiWorld } from './ai.ts';

/** The sentence the clips speak (flite), the reference of the word error rate. */
export const SPOKEN = 'The quick brown fox jumps over the lazy dog. She sells seashells by the seashore.';
/** What the failing engine writes on stderr: words of the platform's insides that no user may see. */
const ENGINE_FAILURE = 'FATAL: cannot open /models/private/acoustic-v7.bin';

export interface FastWorld extends AiWorld {
  /** How many times ai-proxy started its engine so far (failed runs left out). */
  engineRuns(): Promise<number>;
  /** While on, each engine run fails: ENGINE_FAILURE on stderr, exit status 1. */
  failEngine(on: boolean): Promise<void>;
}

/** The managed-AI tests' world and users, filled in by the entry file's `before`. */
export interface AiContext {
  world: FastWorld;
  /** Calls relayed to the upstream (one after the other: the fakes' behaviour is shared). */
  relayUser: AiUser;
  /** Fast transcriptions. */
  fastUser: AiUser;
  /** No credits. */
  broke: AiUser;
}

export async function startFastWorld(): Promise<FastWorld> {
  const dir: TempDir = await tempDir('tp-fast-');
  const runs = join(dir.path, 'runs');
  const failing = join(dir.path, 'failing');
  const engine = await writeScript(
    dir.path,
    'engine.sh',
    [
      `if [ -e '${failing}' ]; then cat > /dev/null; echo '${ENGINE_FAILURE}' >&2; exit 1; fi`,
      `echo run >> '${runs}'`,
      'exec pocketsphinx_continuous "$@"',
    ].join('\n'),
  );
  let world: AiWorld;
  try {
    world = await startAiWorld({ aiProxyEnv: { POCKETSPHINX_RUNNER: 'command', POCKETSPHINX_BIN: engine } });
  } catch (err) {
    await dir.remove();
    throw err;
  }
  return {
    ...world,
    async engineRuns() {
      const text = await readFile(runs, 'utf8').catch(() => '');
      return text.split('\n').filter(Boolean).length;
    },
    failEngine: (on) => (on ? writeFile(failing, '') : rm(failing, { force: true })),
    async stop() {
      await world.stop();
      await dir.remove();
    },
  };
}

/** The micro-credits a clip of `seconds` answered with `text` costs (ADR 0021's basis). */
export function fastPrice(seconds: number, text: string): number {
  return priceForTokens(findAiModel(FAST_TRANSCRIPTION.alias)!, audioTokensFor(seconds), encode(text).length);
}
