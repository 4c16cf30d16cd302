import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import { ENGINES } from '@tp/catalog';
import { EngineError, EngineUnavailableError, type SpeechEngine, type TranscribeOptions } from '../engine.ts';
import { PCM_SAMPLE_RATE } from '../pcm.ts';
import type { Recognition } from '../recognition.ts';
import { DecoderHost } from './decoder-host.ts';
import type { RawSegment } from './host-protocol.ts';
import { missingModelFiles, modelHint, POCKETSPHINX_LIBRARIES, type PocketsphinxSearch } from './model.ts';
import { pieceEnd, utterancesOf } from './segments.ts';

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

export interface PocketsphinxLibraryEngine extends SpeechEngine {
  /** Process ids of the hosts waiting loaded now. */
  idleHostPids(): number[];
  /** Ends the idle hosts (at shutdown; killAllGroups would too). */
  close(): Promise<void>;
}

/**
 * PocketSphinx through libpocketsphinx (ADR 0027): each window goes to a decoder host, a child
 * process that keeps the model loaded, so a window costs no process start and no model load; the
 * words, times and confidences are the command-line tool's. Aborting kills the host.
 */
export function createPocketsphinxLibraryEngine(options: PocketsphinxLibraryOptions): PocketsphinxLibraryEngine {
  const idle: DecoderHost[] = [];
  const maxIdle = options.idleHosts ?? availableParallelism();
  const take = async (): Promise<DecoderHost> => {
    for (let host = idle.pop(); host; host = idle.pop()) if (host.alive) return host;
    return DecoderHost.start(options.modelDir, options.search);
  };
  const give = (host: DecoderHost) => {
    if (host.alive && idle.length < maxIdle) idle.push(host);
    else void host.close();
  };

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
        give(await take());
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
      signal.throwIfAborted();
      const host = await take();
      const abort = () => host.kill();
      signal.addEventListener('abort', abort, { once: true });
      try {
        if (signal.aborted) throw signal.reason;
        const pieces = await decodePieces(pcm, host);
        give(host);
        return { language: 'en', utterances: utterancesOf(pieces) };
      } catch (err) {
        host.kill();
        pcm.destroy();
        if (signal.aborted) throw signal.reason;
        throw err;
      } finally {
        signal.removeEventListener('abort', abort);
      }
    },

    idleHostPids: () => idle.flatMap((host) => (host.pid === undefined ? [] : [host.pid])),

    async close() {
      await Promise.all(idle.splice(0).map((host) => host.close()));
    },
  };
}

/** Reads the PCM and decodes it in pieces of at most MAX_UTTERANCE_SECONDS (one piece for a window). */
async function decodePieces(
  pcm: Readable,
  host: DecoderHost,
): Promise<{ offsetSamples: number; segments: RawSegment[] }[]> {
  const pieces: { offsetSamples: number; segments: RawSegment[] }[] = [];
  let chunks: Buffer[] = [];
  let bytes = 0;
  let offsetSamples = 0;
  for await (const chunk of pcm as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    bytes += chunk.byteLength;
    while (bytes / 2 > MAX_SAMPLES) {
      const buffered = Buffer.concat(chunks);
      const end = pieceEnd(buffered, MAX_SAMPLES);
      pieces.push({ offsetSamples, segments: await host.decode(buffered.subarray(0, 2 * end)) });
      chunks = [buffered.subarray(2 * end)];
      bytes = chunks[0]!.byteLength;
      offsetSamples += end;
    }
  }
  pieces.push({ offsetSamples, segments: await host.decode(Buffer.concat(chunks)) });
  return pieces;
}
