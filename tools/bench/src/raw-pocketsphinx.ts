// The baseline of the long-recording bench: `pocketsphinx_continuous` run by hand on a WAV file,
// the way ENVIRONMENT.md runs it (`-infile x.wav -time yes -logfn /dev/null`), with the model
// arguments the worker's engine gives it and the tool's own search bounds (or, for comparison, the
// worker's); its wall time, words and peak memory.
import { spawn } from 'node:child_process';
import {
  DEFAULT_POCKETSPHINX_SEARCH,
  type PocketsphinxSearch,
  parsePocketsphinxOutput,
  pocketsphinxArgs,
  TOOL_DEFAULT_SEARCH,
} from '@tp/engines';
import { cpuMs } from './cpu-time.ts';
import { sampleTreeMemory } from './tree-memory.ts';

export interface RawRun {
  ms: number;
  /** CPU time of the tool (user + system). */
  cpuMs: number;
  /** The words recognized, in order. */
  text: string;
  peakRssBytes: number;
}

/** The worker's defaults (POCKETSPHINX_BIN, POCKETSPHINX_MODEL_DIR), or this process's settings of them. */
export const pocketsphinxTool = () => ({
  binary: process.env.POCKETSPHINX_BIN ?? 'pocketsphinx_continuous',
  modelDir: process.env.POCKETSPHINX_MODEL_DIR ?? '/usr/share/pocketsphinx/model/en-us',
});

/** The search bounds the bench gives its workers: their defaults, or this process's settings of them. */
export const workerSearch = (): PocketsphinxSearch => ({
  maxHmmPerFrame: Number(process.env.POCKETSPHINX_MAX_HMM_PER_FRAME ?? DEFAULT_POCKETSPHINX_SEARCH.maxHmmPerFrame),
  maxWordsPerFrame: Number(
    process.env.POCKETSPHINX_MAX_WORDS_PER_FRAME ?? DEFAULT_POCKETSPHINX_SEARCH.maxWordsPerFrame,
  ),
});

/** The engine's arguments, reading `wav` instead of its stdin; by default with the tool's own search bounds. */
export function rawArgs(wav: string, modelDir: string, search = TOOL_DEFAULT_SEARCH): string[] {
  const args = pocketsphinxArgs(modelDir, search);
  args[args.indexOf('-infile') + 1] = wav;
  return args;
}

export async function runRawPocketsphinx(wav: string, search = TOOL_DEFAULT_SEARCH): Promise<RawRun> {
  const tool = pocketsphinxTool();
  const cpuBefore = cpuMs('self').reapedChildren;
  const started = performance.now();
  const child = spawn(tool.binary, rawArgs(wav, tool.modelDir, search), { stdio: ['ignore', 'pipe', 'pipe'] });
  const memory = sampleTreeMemory([child.pid!]);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const ms = performance.now() - started;
  // This process reaped the tool (and nothing else meanwhile): its children's CPU time grew by the tool's.
  const cpu = cpuMs('self').reapedChildren - cpuBefore;
  const peak = await memory.stop();
  if (code !== 0) throw new Error(`${tool.binary} exited with ${code}: ${stderr.slice(-500)}`);
  const words = parsePocketsphinxOutput(stdout).flatMap((u) => u.words.map((w) => w.text));
  return { ms, cpuMs: cpu, text: words.join(' '), peakRssBytes: peak.peakTotal };
}
