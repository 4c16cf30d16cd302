import { createInterface } from 'node:readline';
import { EngineError } from '../engine.ts';
import { type GroupChild, spawnInGroup } from '../process-group.ts';
import { processExitError } from './exit-error.ts';
import { chunkFrame, type HostReply } from './protocol.ts';

const MAX_STDERR = 4 * 1024;
/** Bytes written to the host per chunk: small enough to keep its pipe moving. */
const CHUNK_BYTES = 256 * 1024;

export interface EngineHostOptions {
  /** The engine's name, for messages (`pocketsphinx`, `whisper`). */
  engine: string;
  /** The host's entry module, run by this Node. */
  main: string;
  args: string[];
}

/**
 * One engine host seen from the service (ADR 0027): a child Node process in its own group that
 * keeps an engine's model loaded and answers one request at a time (protocol.ts). A crash or a kill
 * rejects what is pending with an EngineError; the host is then dead for good and a new one is started.
 */
export class EngineHost {
  readonly #engine: string;
  readonly #group: GroupChild;
  readonly #replies: { resolve: (message: HostReply) => void }[] = [];
  #stderr = '';
  #dead: EngineError | undefined;

  private constructor(engine: string, group: GroupChild) {
    this.#engine = engine;
    this.#group = group;
    const { child } = group;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      if (this.#stderr.length < MAX_STDERR) this.#stderr += text.slice(0, MAX_STDERR - this.#stderr.length);
    });
    if (child.stdout) {
      createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
        this.#replies.shift()?.resolve(JSON.parse(line) as HostReply);
      });
    }
    // A write after the host died fails with EPIPE: its exit says what happened.
    child.stdin?.on('error', () => undefined);
    void group.exited.then((exit) => {
      this.#dead = exit.error
        ? new EngineError(
            `the ${engine} host could not be started: ${(exit.error as NodeJS.ErrnoException).code ?? exit.error.message}`,
          )
        : processExitError(engine, exit.code, exit.signal, this.#stderr);
      for (const reply of this.#replies.splice(0)) reply.resolve({ type: 'error', message: this.#dead.message });
    });
  }

  /** Starts a host and waits until its model is loaded. */
  static async start(options: EngineHostOptions): Promise<EngineHost> {
    const group = spawnInGroup(process.execPath, [options.main, ...options.args], ['pipe', 'pipe', 'pipe']);
    const host = new EngineHost(options.engine, group);
    const ready = await host.#reply();
    if (ready.type !== 'ready') {
      host.kill();
      throw new EngineError(
        `the ${options.engine} host did not start: ${ready.type === 'error' ? ready.message : ready.type}`,
        { output: host.#stderr },
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

  /** Sends one request; resolves with the host's result (its fields besides `type`). */
  async request(payload: Buffer): Promise<Record<string, unknown>> {
    if (this.#dead) throw this.#dead;
    const reply = this.#reply();
    const stdin = this.#group.child.stdin;
    for (let at = 0; at < payload.byteLength; at += CHUNK_BYTES)
      stdin?.write(chunkFrame(payload.subarray(at, Math.min(at + CHUNK_BYTES, payload.byteLength))));
    stdin?.write(chunkFrame(Buffer.alloc(0)));
    const message = await reply;
    if (message.type === 'result') return message;
    throw (
      this.#dead ??
      new EngineError(`${this.#engine} failed: ${message.type === 'error' ? message.message : message.type}`)
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

  #reply(): Promise<HostReply> {
    if (this.#dead) return Promise.resolve({ type: 'error', message: this.#dead.message });
    return new Promise((resolve) => this.#replies.push({ resolve }));
  }
}
