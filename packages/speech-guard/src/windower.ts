// The recording cut into windows as it is decoded: Silero over the PCM stream, WindowPlanner on its
// frames, and the PCM of each window handed out as soon as the window closes. Only the open
// window's audio is held (at most WindowSettings.maxSeconds), so memory does not grow with the
// recording's length.
import { performance } from 'node:perf_hooks';
import { FRAME_SAMPLES } from './decision.ts';
import type { SpeechGuard, VadStream } from './guard.ts';
import { VAD_SAMPLE_RATE } from './resample.ts';
import { type FrameSpan, WindowPlanner, type WindowSettings } from './window-plan.ts';

export interface SpeechWindow {
  /** 0, 1, 2… in the recording's order. */
  index: number;
  /** Seconds from the recording's start. */
  start: number;
  end: number;
  /** 16 kHz mono s16le: the recording's samples from start to end. */
  pcm: Buffer;
  /**
   * The recording's samples just before `start` (up to `contextSeconds`): recognized ahead of the
   * window so the engine has settled when the window begins, its words then dropped.
   */
  context: Buffer;
}

export interface WindowerStats {
  /** Seconds of audio the detector has seen. */
  seconds: number;
  /** Seconds inside windows handed out so far. */
  windowSeconds: number;
  windows: number;
  /** Time spent in the detector. */
  vadMs: number;
}

export interface SpeechWindower {
  /** s16le bytes, any chunking; answers the windows they complete. */
  push(chunk: Buffer): Promise<SpeechWindow[]>;
  /** The end of the stream: the last window, if it holds speech. */
  finish(): Promise<SpeechWindow[]>;
  stats(): WindowerStats;
}

const BYTES_PER_SAMPLE = 2;

export interface WindowerSettings extends WindowSettings {
  /** Audio before each window handed out with it (its `context`); 0 for none. */
  contextSeconds: number;
}

/** PocketSphinx decodes a window that starts cold 6 points worse (WER) than the same audio in the whole recording; 3 s before it closes the gap (ADR 0026). */
export const DEFAULT_CONTEXT_SECONDS = 3;

export function createSpeechWindower(guard: SpeechGuard, settings: Partial<WindowerSettings> = {}): SpeechWindower {
  return new Windower(guard, settings);
}

class Windower implements SpeechWindower {
  readonly #planner: WindowPlanner;
  readonly #vad: VadStream;
  /** The PCM from sample `#bufferStart` on, as chunks (concatenated only when needed). */
  #chunks: Buffer[] = [];
  #bufferStart = 0;
  #buffered = 0;
  #odd: Buffer | undefined;
  #framesSeen = 0;
  #index = 0;
  #windowSeconds = 0;
  #vadMs = 0;
  readonly #contextSamples: number;

  constructor(guard: SpeechGuard, settings: Partial<WindowerSettings>) {
    const { contextSeconds = DEFAULT_CONTEXT_SECONDS, ...plan } = settings;
    this.#contextSamples = Math.round(contextSeconds * VAD_SAMPLE_RATE);
    this.#planner = new WindowPlanner({ probability: guard.thresholds.probability, ...plan });
    this.#vad = guard.stream();
  }

  async push(chunk: Buffer): Promise<SpeechWindow[]> {
    let bytes = this.#odd ? Buffer.concat([this.#odd, chunk]) : chunk;
    this.#odd = undefined;
    if (bytes.length % BYTES_PER_SAMPLE === 1) {
      this.#odd = bytes.subarray(bytes.length - 1);
      bytes = bytes.subarray(0, bytes.length - 1);
    }
    if (bytes.length === 0) return [];
    this.#chunks.push(bytes);
    this.#buffered += bytes.length / BYTES_PER_SAMPLE;
    const floats = new Float32Array(bytes.length / BYTES_PER_SAMPLE);
    for (let i = 0; i < floats.length; i++) floats[i] = bytes.readInt16LE(i * BYTES_PER_SAMPLE) / 32_768;
    return this.#detect(() => this.#vad.push(floats));
  }

  async finish(): Promise<SpeechWindow[]> {
    const last = await this.#detect(() => this.#vad.flush());
    return [...last, ...this.#windowsOf(this.#planner.finish())];
  }

  stats(): WindowerStats {
    return {
      seconds: (this.#bufferStart + this.#buffered) / VAD_SAMPLE_RATE,
      windowSeconds: this.#windowSeconds,
      windows: this.#index,
      vadMs: Math.round(this.#vadMs),
    };
  }

  #all(): Buffer {
    const all = this.#chunks.length === 1 ? this.#chunks[0]! : Buffer.concat(this.#chunks);
    this.#chunks = all.length > 0 ? [all] : [];
    return all;
  }

  #sliceSamples(from: number, to: number): Buffer {
    const all = this.#all();
    const at = (sample: number) => (sample - this.#bufferStart) * BYTES_PER_SAMPLE;
    return Buffer.from(all.subarray(at(from), at(to)));
  }

  #dropBefore(sample: number): void {
    if (sample <= this.#bufferStart) return;
    const all = this.#all();
    const rest = all.subarray(Math.min(all.length, (sample - this.#bufferStart) * BYTES_PER_SAMPLE));
    this.#chunks = rest.length > 0 ? [rest] : [];
    this.#buffered -= Math.min(this.#buffered, sample - this.#bufferStart);
    this.#bufferStart = sample;
  }

  #windowsOf(spans: FrameSpan[]): SpeechWindow[] {
    const total = this.#bufferStart + this.#buffered;
    return spans.map((span) => {
      const from = span.start * FRAME_SAMPLES;
      const to = Math.min(span.end * FRAME_SAMPLES, total);
      this.#windowSeconds += (to - from) / VAD_SAMPLE_RATE;
      const pcm = this.#sliceSamples(from, to);
      const context = this.#sliceSamples(Math.max(this.#bufferStart, from - this.#contextSamples), from);
      return { index: this.#index++, start: from / VAD_SAMPLE_RATE, end: to / VAD_SAMPLE_RATE, pcm, context };
    });
  }

  /** Runs the planner over new probabilities; `samples` start at the first frame not yet planned. */
  #plan(probabilities: Float32Array, samples: Int16Array): FrameSpan[] {
    const spans: FrameSpan[] = [];
    for (let f = 0; f < probabilities.length; f++) {
      const from = f * FRAME_SAMPLES;
      const to = Math.min(from + FRAME_SAMPLES, samples.length);
      let energy = 0;
      for (let s = from; s < to; s++) energy += samples[s]! * samples[s]!;
      spans.push(...this.#planner.push(probabilities[f]!, energy / FRAME_SAMPLES));
    }
    this.#framesSeen += probabilities.length;
    return spans;
  }

  /**
   * The samples of the frames not yet planned (the buffer's tail: the last partial frame and the new
   * chunk), copied from the last chunks only: the open window's audio is not joined on every push.
   */
  #unplanned(): Int16Array {
    const from = (this.#framesSeen * FRAME_SAMPLES - this.#bufferStart) * BYTES_PER_SAMPLE;
    const total = this.#buffered * BYTES_PER_SAMPLE;
    const bytes = Buffer.allocUnsafe(Math.max(0, total - from));
    let end = total;
    for (let i = this.#chunks.length - 1; i >= 0 && end > from; i--) {
      const chunk = this.#chunks[i]!;
      const start = end - chunk.length;
      const copyFrom = Math.max(start, from);
      chunk.copy(bytes, copyFrom - from, copyFrom - start);
      end = start;
    }
    return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / BYTES_PER_SAMPLE);
  }

  async #detect(probabilities: () => Promise<Float32Array>): Promise<SpeechWindow[]> {
    const samples = this.#unplanned();
    const started = performance.now();
    const p = await probabilities();
    this.#vadMs += performance.now() - started;
    const out = this.#windowsOf(this.#plan(p, samples));
    this.#dropBefore(this.#planner.keepFrom * FRAME_SAMPLES - this.#contextSamples);
    return out;
  }
}
