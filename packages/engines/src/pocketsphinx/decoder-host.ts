import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { EngineError } from '../engine.ts';
import { type GroupChild, spawnInGroup } from '../process-group.ts';
import { type HostMessage, chunkFrame, type RawSegment } from './host-protocol.ts';
import { exitError } from './pocketsphinx.ts';
import { DEFAULT_POCKETSPHINX_SEARCH } from './model.ts';

const HOST_MAIN = fileURLToPath(new URL('./host-main.ts', import.meta.url));
const MAX_STDERR = 4 * 1024;
/** Bytes written to the host per chunk: small enough to keep its pipe moving. */
const CHUNK_BYTES = 256 * 1024;

/**
 * One decoder host (host-main.ts) seen from the service: a child process in its own group with
 * libpocketsphinx's model loaded, decoding one utterance at a time. A crash or a kill rejects what
 * is pending with an EngineError; the host is then dead for good and a new one is started.
 */
export class DecoderHost {
  readonly #group: GroupChild;
  readonly #replies: { resolve: (message: HostMessage) => void }[] = [];
  #stderr = '';
  #dead: EngineError | undefined;

  private constructor(group: GroupChild) {
    this.#group = group;
    const { child } = group;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      if (this.#stderr.length < MAX_STDERR) this.#stderr += text.slice(0, MAX_STDERR - this.#stderr.length);
    });
    if (child.stdout) {
      createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
        this.#replies.shift()?.resolve(JSON.parse(line) as HostMessage);
      });
    }
    // A write after the host died fails with EPIPE: its exit says what happened.
    child.stdin?.on('error', () => undefined);
    void group.exited.then((exit) => {
      this.#dead = exit.error
        ? new EngineError(
            `the pocketsphinx host could not be started: ${(exit.error as NodeJS.ErrnoException).code ?? exit.error.message}`,
          )
        : exitError(exit.code, exit.signal, this.#stderr);
      for (const reply of this.#replies.splice(0)) reply.resolve({ type: 'error', message: this.#dead.message });
    });
  }

  /** Starts a host and waits until its model is loaded (about a third of a second). */
  static async start(modelDir: string, search = DEFAULT_POCKETSPHINX_SEARCH): Promise<DecoderHost> {
    const args = [HOST_MAIN, modelDir, String(search.maxHmmPerFrame), String(search.maxWordsPerFrame)];
    const host = new DecoderHost(spawnInGroup(process.execPath, args, ['pipe', 'pipe', 'pipe']));
    const ready = await host.#reply();
    if (ready.type !== 'ready') {
      host.kill();
      throw new EngineError(
        `the pocketsphinx host did not start: ${ready.type === 'error' ? ready.message : ready.type}`,
        {
          output: host.#stderr,
        },
      );
    }
    return host;
  }

  /** The host's process id (its group's too). */
  get pid(): number | undefined {
    return this.#group.pgid;
  }

  get alive(): boolean {
    return this.#dead === undefined;
  }

  /** Decodes 16 kHz s16le PCM as one utterance. */
  async decode(pcm: Buffer): Promise<RawSegment[]> {
    if (this.#dead) throw this.#dead;
    const reply = this.#reply();
    const stdin = this.#group.child.stdin;
    for (let at = 0; at < pcm.byteLength; at += CHUNK_BYTES)
      stdin?.write(chunkFrame(pcm.subarray(at, Math.min(at + CHUNK_BYTES, pcm.byteLength))));
    stdin?.write(chunkFrame(Buffer.alloc(0)));
    const message = await reply;
    if (message.type === 'result') return message.segments;
    throw (
      this.#dead ?? new EngineError(`pocketsphinx failed: ${message.type === 'error' ? message.message : message.type}`)
    );
  }

  /** Kills the host at once (an aborted window); what is pending rejects. */
  kill(): void {
    this.#group.kill();
  }

  /** Ends the host by closing its stdin; resolves when it is gone. */
  async close(): Promise<void> {
    this.#group.child.stdin?.end();
    await this.#group.exited;
  }

  #reply(): Promise<HostMessage> {
    if (this.#dead) return Promise.resolve({ type: 'error', message: this.#dead.message });
    return new Promise((resolve) => this.#replies.push({ resolve }));
  }
}
