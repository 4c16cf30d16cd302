import { availableParallelism } from 'node:os';

/**
 * The engine processes one worker runs at once (ENGINE_POOL_SIZE, by default one per core): every
 * window of every job running in the process waits here for a slot, first come first served, so
 * several short jobs share the cores and one long job can use them all.
 */
export class EnginePool {
  readonly size: number;
  #busy = 0;
  readonly #waiting: { grant: () => void; signal: AbortSignal; onAbort: () => void }[] = [];

  constructor(size: number = availableParallelism()) {
    if (!Number.isInteger(size) || size < 1) throw new Error('an engine pool needs at least one slot');
    this.size = size;
  }

  /** Slots in use now. */
  get busy(): number {
    return this.#busy;
  }

  /** Windows waiting for a slot now. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `work` in a slot; an abort while waiting rejects with the signal's reason and takes no slot. */
  async run<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    await this.#acquire(signal);
    try {
      return await work();
    } finally {
      this.#release();
    }
  }

  #acquire(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    if (this.#busy < this.size) {
      this.#busy += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const entry = {
        signal,
        grant: () => {
          signal.removeEventListener('abort', entry.onAbort);
          resolve();
        },
        onAbort: () => {
          const at = this.#waiting.indexOf(entry);
          if (at >= 0) this.#waiting.splice(at, 1);
          reject(signal.reason);
        },
      };
      signal.addEventListener('abort', entry.onAbort, { once: true });
      this.#waiting.push(entry);
    });
  }

  #release(): void {
    const next = this.#waiting.shift();
    // The slot passes straight to the next window: #busy stays the same.
    if (next) next.grant();
    else this.#busy -= 1;
  }
}
