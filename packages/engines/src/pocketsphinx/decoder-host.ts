import { fileURLToPath } from 'node:url';
import { EngineHost } from '../host/engine-host.ts';
import type { RawSegment } from './host-protocol.ts';
import { DEFAULT_POCKETSPHINX_SEARCH } from './model.ts';

const HOST_MAIN = fileURLToPath(new URL('./host-main.ts', import.meta.url));

/** A PocketSphinx decoder host (host-main.ts): libpocketsphinx's model loaded, one utterance at a time. */
export class DecoderHost {
  readonly #host: EngineHost;

  private constructor(host: EngineHost) {
    this.#host = host;
  }

  /** Starts a host and waits until its model is loaded (about a third of a second). */
  static async start(modelDir: string, search = DEFAULT_POCKETSPHINX_SEARCH): Promise<DecoderHost> {
    const args = [modelDir, String(search.maxHmmPerFrame), String(search.maxWordsPerFrame)];
    return new DecoderHost(await EngineHost.start({ engine: 'pocketsphinx', main: HOST_MAIN, args }));
  }

  get pid(): number | undefined {
    return this.#host.pid;
  }

  get alive(): boolean {
    return this.#host.alive;
  }

  /** Decodes 16 kHz s16le PCM as one utterance. */
  async decode(pcm: Buffer): Promise<RawSegment[]> {
    return (await this.#host.request(pcm)).segments as RawSegment[];
  }

  kill(): void {
    this.#host.kill();
  }

  close(): Promise<void> {
    return this.#host.close();
  }
}
