import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import { ENGINES } from '@tp/catalog';
import { EngineError, EngineUnavailableError, type TranscribeOptions } from '../engine.ts';
import { PCM_SAMPLE_RATE, piecesOf } from '../pcm.ts';
import type { Recognition } from '../recognition.ts';
import { type HostedEngine, HostPool } from '../host/host-pool.ts';
import { DecoderHost } from './decoder-host.ts';
import type { RawSegment } from './host-protocol.ts';
import { missingModelFiles, modelHint, POCKETSPHINX_LIBRARIES, type PocketsphinxSearch } from './model.ts';
import { utterancesOf } from './segments.ts';

const LANGUAGES = ENGINES.pocketsphinx.languages;
/** The longest stretch decoded as one stream (longer than any window or clip); longer input is cut in pauses. */
export const MAX_UTTERANCE_SECONDS = 150;
const MAX_SAMPLES = MAX_UTTERANCE_SECONDS * PCM_SAMPLE_RATE;

export interface PocketsphinxLibraryOptions {
  /** Folder of the Debian package pocketsphinx-en-us (see PocketsphinxOptions.modelDir). */
  modelDir: string;
  /** Default: DEFAULT_POCKETSPHINX_SEARCH. */
  search?: PocketsphinxSearch;
  /** Hosts kept loaded between windows (by default one per core: the engine pool's default size). */
  idleHosts?: number;
}

export type PocketsphinxLibraryEngine = HostedEngine;

/**
 * PocketSphinx through libpocketsphinx (ADR 0027): each window goes to a decoder host, a child
 * process that keeps the model loaded, so a window costs no process start and no model load; the
 * words, times and confidences are the command-line tool's. Aborting kills the host.
 */
export function createPocketsphinxLibraryEngine(options: PocketsphinxLibraryOptions): PocketsphinxLibraryEngine {
  const hosts = new HostPool(
    () => DecoderHost.start(options.modelDir, options.search),
    options.idleHosts ?? availableParallelism(),
  );

  return {
    kind: 'pocketsphinx',
    languages: LANGUAGES,
    // Each window starts from the model's cepstral mean, as a fresh process of the tool does.
    contextSeconds: 3,

    async check() {
      const missing = await missingModelFiles(options.modelDir);
      if (missing.length > 0)
        throw new EngineUnavailableError(
          `pocketsphinx cannot run: ${missing.join('; ')}${modelHint(options.modelDir)}`,
        );
      // Loading a host proves the library and the model load here; it then waits, warm, for the first window.
      try {
        hosts.give(await hosts.take());
      } catch (err) {
        const libraries = Object.values(POCKETSPHINX_LIBRARIES).join(' and ');
        throw new EngineUnavailableError(
          `pocketsphinx cannot run: ${(err as Error).message} (it needs ${libraries}, from the Debian package pocketsphinx)`,
        );
      }
    },

    async transcribe(pcm: Readable, { language, signal }: TranscribeOptions): Promise<Recognition> {
      if (language !== 'auto' && !LANGUAGES.includes(language)) {
        pcm.destroy();
        throw new EngineError(`pocketsphinx transcribes ${LANGUAGES.join(', ')} only, not ${language}`);
      }
      return hosts.run(pcm, signal, async (host) => ({
        language: 'en',
        utterances: utterancesOf(await decodePieces(pcm, host)),
      }));
    },

    idleHostPids: () => hosts.idlePids(),
    close: () => hosts.close(),
  };
}

/** Reads the PCM and decodes it in pieces of at most MAX_UTTERANCE_SECONDS (one piece for a window). */
async function decodePieces(
  pcm: Readable,
  host: DecoderHost,
): Promise<{ offsetSamples: number; segments: RawSegment[] }[]> {
  const pieces: { offsetSamples: number; segments: RawSegment[] }[] = [];
  for await (const piece of piecesOf(pcm, MAX_SAMPLES))
    pieces.push({ offsetSamples: piece.offsetSamples, segments: await host.decode(piece.pcm) });
  return pieces;
}
