/**
 * The whisper engine on CPU (issue 19, ADR 0029), alone: random-weight models in the exact tiny.en and
 * base.en layouts (`writeRandomWhisperModel`: real weights cannot be had here, so these are speed and
 * memory figures, never accuracy), on 30 s and 60 s of real read speech (`buildLongRecording`), through
 * `createWhisperEngine` (a decoder host per window, the model kept loaded) on whisper.cpp built by
 * tools/dev/whisper-lib.ts. It reports, in one run:
 *   - the model load (the host's start, as `check()` does it);
 *   - the real-time factor with 1 and 2 threads per host (median of `--rounds`);
 *   - two windows at once on two hosts of 1 thread (what an engine pool of 2 does), and each host's
 *     peak memory: the memory per concurrent job;
 *   - PocketSphinx (the CPU engine, its command-line tool with the workers' settings) on the same audio.
 * Random weights never emit end-of-text, so each 30 s piece decodes up to whisper's cap of 220
 * tokens (real speech is about 90): the decoder's share here is an upper bound.
 *
 *   node tools/bench/src/whisper-engine.ts [--rounds 3]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { createPocketsphinxEngine, createWhisperEngine, type WhisperEngine } from '@tp/engines';
import { buildLongRecording, tempDir, type WhisperLayout, writeRandomWhisperModel } from '@tp/testing';
import { fmt } from './load.ts';
import { pocketsphinxTool } from './raw-pocketsphinx.ts';
import { sampleTreeMemory } from './tree-memory.ts';
import { DEFAULT_WHISPER_LIBRARY as LIBRARY } from '@tp/engines';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const rounds = Number(values.rounds);
if (!existsSync(LIBRARY)) throw new Error(`${LIBRARY} is missing: build it with node tools/dev/whisper-lib.ts`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number) => fmt(bytes / 1024 / 1024, 0);

/** 16 kHz s16le PCM of `seconds` of real speech. */
async function speech(seconds: number): Promise<Buffer> {
  const recording = await buildLongRecording({ seconds });
  const decoded = spawnSync('ffmpeg', ['-nostdin', '-v', 'error', '-i', recording.path, '-f', 's16le', '-'], {
    maxBuffer: 1 << 28,
  });
  if (decoded.status !== 0) throw new Error(decoded.stderr.toString());
  return decoded.stdout;
}

const transcribe = (engine: { transcribe: WhisperEngine['transcribe'] }, pcm: Buffer) =>
  engine.transcribe(Readable.from([pcm]), { language: 'en', signal: new AbortController().signal });

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function measureModel(layout: WhisperLayout, modelDir: string, clips: Map<number, Buffer>): Promise<void> {
  await writeRandomWhisperModel(join(modelDir, `ggml-${layout}.bin`), layout);
  for (const threads of [1, 2]) {
    const engine = createWhisperEngine({ library: LIBRARY, modelDir, model: layout, threads, idleHosts: 1 });
    const loadMs = await timed(() => engine.check());
    const [pid] = engine.idleHostPids();
    const memory = sampleTreeMemory([pid!]);
    const cells: string[] = [];
    for (const [seconds, pcm] of clips) {
      const runs: number[] = [];
      for (let round = 0; round < rounds; round += 1) runs.push(await timed(() => transcribe(engine, pcm)));
      cells.push(`${seconds} s in ${fmt(median(runs) / 1000, 2)} s (RTF ${fmt(median(runs) / 1000 / seconds, 3)})`);
    }
    const peak = await memory.stop();
    console.log(
      `${layout}, ${threads} thread(s): load ${fmt(loadMs, 0)} ms; ${cells.join('; ')}; host peak ${mb(peak.peakTotal)} MB`,
    );
    await engine.close();
  }
  // Two windows at once, two hosts of one thread each: an engine pool of 2 on 2 cores.
  const pool = createWhisperEngine({ library: LIBRARY, modelDir, model: layout, threads: 1, idleHosts: 2 });
  const pcm = clips.get(30)!;
  await Promise.all([transcribe(pool, pcm), transcribe(pool, pcm)]);
  const pids = pool.idleHostPids();
  const memory = sampleTreeMemory(pids);
  const both = await Promise.all([timed(() => transcribe(pool, pcm)), timed(() => transcribe(pool, pcm))]);
  const peak = await memory.stop();
  console.log(
    `${layout}, two 30 s windows at once (2 hosts × 1 thread): ${both.map((ms) => fmt(ms / 1000, 2)).join(' and ')} s; ` +
      `hosts' peaks ${peak.peakPerTree.map(mb).join(' + ')} MB`,
  );
  await pool.close();
}

const dir = await tempDir('tp-bench-whisper-');
try {
  const clips = new Map([
    [30, await speech(30)],
    [60, await speech(60)],
  ]);
  console.log(`whisper engine on CPU, random weights, ${rounds} rounds (medians); whisper.cpp at ${LIBRARY}`);
  const tool = pocketsphinxTool();
  const pocketsphinx = createPocketsphinxEngine({ binary: tool.binary, modelDir: tool.modelDir });
  for (const [seconds, pcm] of clips) {
    const runs: number[] = [];
    for (let round = 0; round < rounds; round += 1) runs.push(await timed(() => transcribe(pocketsphinx, pcm)));
    console.log(
      `pocketsphinx (one process, the workers' search bounds): ${seconds} s in ${fmt(median(runs) / 1000, 2)} s`,
    );
  }
  for (const layout of ['tiny.en', 'base.en'] as const) await measureModel(layout, dir.path, clips);
} finally {
  await dir.remove();
}
