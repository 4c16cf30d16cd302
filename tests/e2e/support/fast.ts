// Fast transcription (ADR 0021): the managed-AI world whose ai-proxy runs its engine through a
// wrapper that records each run before starting the real pocketsphinx, so a test can prove that
// the speech guard (or a refusal) ran no engine.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FAST_TRANSCRIPTION, audioTokensFor, findAiModel, priceForTokens } from '@tp/catalog';
import { type TempDir, tempDir, writeScript } from '@tp/testing';
import { encode } from 'gpt-tokenizer';
import { type AiWorld, ledgerOf, spentByReference, startAiWorld } from './ai.ts';

/** The sentence the clips speak (flite), the reference of the word error rate. */
export const SPOKEN = 'The quick brown fox jumps over the lazy dog. She sells seashells by the seashore.';

export interface FastWorld extends AiWorld {
  /** How many times ai-proxy started its engine so far. */
  engineRuns(): Promise<number>;
}

export async function startFastWorld(): Promise<FastWorld> {
  const dir: TempDir = await tempDir('tp-fast-');
  const runs = join(dir.path, 'runs');
  const engine = await writeScript(dir.path, 'engine.sh', `echo run >> '${runs}'\nexec pocketsphinx_continuous "$@"`);
  let world: AiWorld;
  try {
    world = await startAiWorld({ aiProxyEnv: () => ({ POCKETSPHINX_RUNNER: 'command', POCKETSPHINX_BIN: engine }) });
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

/** What each of the user's calls was charged (micro-credits), newest first. */
export async function fastCharges(world: AiWorld, token: string): Promise<number[]> {
  const ledger = await ledgerOf(world.fleet, token);
  const spent = spentByReference(ledger);
  return ledger.filter((e) => e.kind === 'charge').map((e) => spent.get(e.reference)!);
}
