import type { Readable } from 'node:stream';
import type { SpeechEngine } from '../engine.ts';

/** An engine that keeps loaded hosts between windows. */
export interface HostedEngine extends SpeechEngine {
  /** Process ids of the hosts waiting loaded now. */
  idleHostPids(): number[];
  /** Ends the idle hosts (at shutdown; killAllGroups would too). */
  close(): Promise<void>;
}

/** What the pool needs of a host (EngineHost, or an engine's wrapper of it). */
export interface PooledHost {
  readonly alive: boolean;
  readonly pid: number | undefined;
  kill(): void;
  close(): Promise<void>;
}

/**
 * The loaded hosts an engine keeps between windows (ADR 0027): a window takes an idle one or starts
 * one; a host that served is kept while fewer than `maxIdle` wait; an aborted or failed window's host
 * is killed, never reused.
 */
export class HostPool<H extends PooledHost> {
  readonly #idle: H[] = [];
  readonly #start: () => Promise<H>;
  readonly #maxIdle: number;

  constructor(start: () => Promise<H>, maxIdle: number) {
    this.#start = start;
    this.#maxIdle = maxIdle;
  }

  async take(): Promise<H> {
    for (let host = this.#idle.pop(); host; host = this.#idle.pop()) if (host.alive) return host;
    return this.#start();
  }

  give(host: H): void {
    if (host.alive && this.#idle.length < this.#maxIdle) this.#idle.push(host);
    else void host.close();
  }

  /** Runs `work` on a host: an abort kills the host at once and rejects with the signal's reason. */
  async run<T>(pcm: Readable, signal: AbortSignal, work: (host: H) => Promise<T>): Promise<T> {
    signal.throwIfAborted();
    const host = await this.take();
    const abort = () => host.kill();
    signal.addEventListener('abort', abort, { once: true });
    try {
      if (signal.aborted) throw signal.reason;
      const result = await work(host);
      this.give(host);
      return result;
    } catch (err) {
      host.kill();
      pcm.destroy();
      if (signal.aborted) throw signal.reason;
      throw err;
    } finally {
      signal.removeEventListener('abort', abort);
    }
  }

  idlePids(): number[] {
    return this.#idle.flatMap((host) => (host.pid === undefined ? [] : [host.pid]));
  }

  async close(): Promise<void> {
    await Promise.all(this.#idle.splice(0).map((host) => host.close()));
  }
}
