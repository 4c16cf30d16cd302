import type { EngineKind } from '@tp/catalog';
import type { SpeechEngine } from './engine.ts';

/** One engine a process runs, for one model of its kind (PocketSphinx: en-us; whisper: a mounted weights file). */
export interface EngineEntry {
  kind: EngineKind;
  model: string;
  engine: SpeechEngine;
}

/**
 * The engines a process runs, by kind and model: a whisper worker runs one engine per mounted
 * model (each keeps its own loaded hosts), PocketSphinx one for its one model.
 */
export class EngineSet {
  readonly #entries: readonly EngineEntry[];

  constructor(entries: readonly EngineEntry[]) {
    this.#entries = entries;
  }

  /** The kinds it runs, in the order configured. */
  kinds(): EngineKind[] {
    return [...new Set(this.#entries.map((entry) => entry.kind))];
  }

  has(kind: string): boolean {
    return this.#entries.some((entry) => entry.kind === kind);
  }

  /** The models of a kind it runs. */
  models(kind: string): string[] {
    return this.#entries.filter((entry) => entry.kind === kind).map((entry) => entry.model);
  }

  /** The engine of a kind for a model; without a model, the kind's first (an engine of one model). */
  get(kind: string, model?: string): SpeechEngine | undefined {
    return this.#entries.find((entry) => entry.kind === kind && (model === undefined || entry.model === model))?.engine;
  }

  entries(): readonly EngineEntry[] {
    return this.#entries;
  }

  values(): SpeechEngine[] {
    return this.#entries.map((entry) => entry.engine);
  }

  /** `kind` or `kind:model` for each, for logs. */
  describe(): string[] {
    return this.#entries.map((entry) => (entry.kind === 'whisper' ? `${entry.kind}:${entry.model}` : entry.kind));
  }
}
