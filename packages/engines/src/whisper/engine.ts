import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { ENGINES } from '@tp/catalog';
import { EngineError, EngineUnavailableError, type TranscribeOptions } from '../engine.ts';
import { EngineHost } from '../host/engine-host.ts';
import { type HostedEngine, HostPool } from '../host/host-pool.ts';
import { PCM_SAMPLE_RATE, piecesOf } from '../pcm.ts';
import type { Recognition, Utterance } from '../recognition.ts';
import type { RawToken } from './decoder.ts';
import { WHISPER_PIECE_SECONDS, whisperModelFile } from './model.ts';
import { wordsOf } from './words.ts';

const HOST_MAIN = fileURLToPath(new URL('./host-main.ts', import.meta.url));
const LANGUAGES = ENGINES.whisper.languages;
const PIECE_SAMPLES = WHISPER_PIECE_SECONDS * PCM_SAMPLE_RATE;

export interface WhisperEngineOptions {
  /** whisper.cpp's shared library (tools/dev/whisper-lib.ts builds it; the image ships it). */
  library: string;
  /** The folder of the operator's ggml files (`ggml-<model>.bin`). */
  modelDir: string;
  /** The model this engine runs (`base.en`, `small.en`…). */
  model: string;
  /** Threads of one decode (default 1: the engine pool runs windows side by side). */
  threads?: number;
  /** Decode on the GPU when the library was built with CUDA (default false; a CPU build ignores it). */
  useGpu?: boolean;
  /** Hosts kept loaded between windows (default: one per core). */
  idleHosts?: number;
}

export type WhisperEngine = HostedEngine;

/** The request a host reads: a JSON header (its length first), then the PCM. */
function request(language: string, pcm: Buffer): Buffer {
  const header = Buffer.from(JSON.stringify({ language }));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.byteLength, 0);
  return Buffer.concat([length, header, pcm]);
}

/** Reads the PCM and decodes it in pieces of at most 30 s, cut at the quietest moment near the end. */
async function decodePieces(pcm: Readable, host: EngineHost, language: string): Promise<Utterance[]> {
  const utterances: Utterance[] = [];
  for await (const piece of piecesOf(pcm, PIECE_SAMPLES)) {
    // An odd last byte cannot be a sample.
    const samples = piece.pcm.subarray(0, piece.pcm.byteLength - (piece.pcm.byteLength % 2));
    if (samples.byteLength === 0) continue;
    const { tokens } = (await host.request(request(language, samples))) as { tokens: RawToken[] };
    const seconds = (count: number) => count / PCM_SAMPLE_RATE;
    const words = wordsOf(tokens, seconds(piece.offsetSamples), seconds(samples.byteLength / 2));
    if (words.length > 0) utterances.push({ words });
  }
  return utterances;
}

/**
 * Whisper (whisper.cpp, ADR 0029) in decoder hosts that keep the model loaded: windows of at most
 * 30 s, words from token timestamps, confidences from token probabilities. Aborting kills the host.
 */
export function createWhisperEngine(options: WhisperEngineOptions): WhisperEngine {
  const model = whisperModelFile(options.modelDir, options.model);
  const args = [options.library, model, String(options.threads ?? 1), options.useGpu ? 'gpu' : 'cpu'];
  const hosts = new HostPool(
    () => EngineHost.start({ engine: 'whisper', main: HOST_MAIN, args }),
    options.idleHosts ?? availableParallelism(),
  );

  return {
    kind: 'whisper',
    languages: LANGUAGES,
    // Each window is decoded on its own (no_context): nothing carries over from the audio before it.
    contextSeconds: 0,
    maxWindowSeconds: WHISPER_PIECE_SECONDS,

    async check() {
      const missing = [
        ...(existsSync(options.library)
          ? []
          : [`${options.library} is missing (build it: node tools/dev/whisper-lib.ts)`]),
        ...(existsSync(model) ? [] : [`${model} is missing (mount the operator's ggml files in WHISPER_MODEL_DIR)`]),
      ];
      if (missing.length > 0) throw new EngineUnavailableError(`whisper cannot run: ${missing.join('; ')}`);
      try {
        hosts.give(await hosts.take());
      } catch (err) {
        throw new EngineUnavailableError(`whisper cannot run: ${(err as Error).message}`);
      }
    },

    async transcribe(pcm: Readable, { language, signal }: TranscribeOptions): Promise<Recognition> {
      if (language !== 'auto' && !LANGUAGES.includes(language)) {
        pcm.destroy();
        throw new EngineError(`whisper (${options.model}) transcribes ${LANGUAGES.join(', ')} only, not ${language}`);
      }
      // The .en models transcribe English: `auto` is English, assumed (never a detection).
      return hosts.run(pcm, signal, async (host) => ({
        language: 'en',
        utterances: await decodePieces(pcm, host, 'en'),
      }));
    },

    idleHostPids: () => hosts.idlePids(),
    close: () => hosts.close(),
  };
}
