// Streaming MFCC: 25 ms Hamming windows every 10 ms, pre-emphasis 0.97, a mel filter bank over
// 512-point power spectra (fft.js), log, DCT-II. Chunk boundaries never change the frames: the
// pre-emphasis state, the unconsumed samples and a dangling odd byte carry over between pushes.
import FFT from 'fft.js';
import { FeatureStore } from './feature-store.ts';

export interface MfccSettings {
  sampleRate: number;
  /** Cepstra kept per frame, c1..cN (c0 is replaced by the frame's log energy). */
  cepstra: number;
  melFilters: number;
}

export const DEFAULT_MFCC: MfccSettings = { sampleRate: 16_000, cepstra: 19, melFilters: 26 };

/** Seconds between frames. */
export const FRAME_STEP = 0.01;
const FRAME_SECONDS = 0.025;
const PRE_EMPHASIS = 0.97;

const hzToMel = (hz: number): number => 2595 * Math.log10(1 + hz / 700);
const melToHz = (mel: number): number => 700 * (10 ** (mel / 2595) - 1);

/** Triangular filters on FFT bins, as [firstBin, weights] pairs. */
function melBank(filters: number, fftSize: number, sampleRate: number): { first: number; weights: Float64Array }[] {
  const low = hzToMel(60);
  const high = hzToMel(Math.min(7600, sampleRate / 2));
  const edges = Array.from({ length: filters + 2 }, (_, i) => melToHz(low + ((high - low) * i) / (filters + 1)));
  const binHz = sampleRate / fftSize;
  return Array.from({ length: filters }, (_, f) => {
    const [left, centre, right] = [edges[f]!, edges[f + 1]!, edges[f + 2]!];
    const first = Math.ceil(left / binHz);
    const last = Math.floor(right / binHz);
    const weights = new Float64Array(Math.max(0, last - first + 1));
    for (let bin = first; bin <= last; bin++) {
      const hz = bin * binHz;
      weights[bin - first] = hz <= centre ? (hz - left) / (centre - left) : (right - hz) / (right - centre);
    }
    return { first, weights };
  });
}

function dctMatrix(cepstra: number, filters: number): Float64Array {
  const m = new Float64Array(cepstra * filters);
  for (let c = 0; c < cepstra; c++) {
    for (let f = 0; f < filters; f++) m[c * filters + f] = Math.cos((Math.PI * (c + 1) * (f + 0.5)) / filters);
  }
  return m;
}

/** Frame dimension: log energy, then c1..cN. */
export const frameDimension = (settings: MfccSettings): number => settings.cepstra + 1;

export class MfccStream {
  readonly settings: MfccSettings;
  readonly store: FeatureStore;
  private readonly frameLength: number;
  private readonly hop: number;
  private readonly fft: FFT;
  private readonly window: Float64Array;
  private readonly bank: { first: number; weights: Float64Array }[];
  private readonly dct: Float64Array;
  private readonly spectrum: number[];
  private readonly frameIn: Float64Array;
  private readonly logMel: Float64Array;
  private pending = new Float32Array(0);
  private oddByte: number | null = null;
  private previous = 0;

  constructor(settings: MfccSettings = DEFAULT_MFCC) {
    this.settings = settings;
    this.frameLength = Math.round(FRAME_SECONDS * settings.sampleRate);
    this.hop = Math.round(FRAME_STEP * settings.sampleRate);
    let fftSize = 1;
    while (fftSize < this.frameLength) fftSize *= 2;
    this.fft = new FFT(fftSize);
    this.spectrum = this.fft.createComplexArray();
    this.frameIn = new Float64Array(fftSize);
    this.window = Float64Array.from(
      { length: this.frameLength },
      (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (this.frameLength - 1)),
    );
    this.bank = melBank(settings.melFilters, fftSize, settings.sampleRate);
    this.dct = dctMatrix(settings.cepstra, settings.melFilters);
    this.logMel = new Float64Array(settings.melFilters);
    this.store = new FeatureStore(frameDimension(settings));
  }

  /** Takes s16le bytes in any chunking. */
  push(pcm: Buffer): void {
    let bytes = pcm;
    if (this.oddByte !== null) {
      bytes = Buffer.concat([Buffer.from([this.oddByte]), pcm]);
      this.oddByte = null;
    }
    const count = bytes.length >> 1;
    if (bytes.length % 2 === 1) this.oddByte = bytes[bytes.length - 1]!;
    const samples = new Float32Array(this.pending.length + count);
    samples.set(this.pending);
    let previous = this.previous;
    for (let i = 0; i < count; i++) {
      const x = bytes.readInt16LE(i * 2) / 32768;
      samples[this.pending.length + i] = x - PRE_EMPHASIS * previous;
      previous = x;
    }
    this.previous = previous;
    let offset = 0;
    while (offset + this.frameLength <= samples.length) {
      this.frame(samples, offset);
      offset += this.hop;
    }
    this.pending = samples.slice(offset);
  }

  private frame(samples: Float32Array, offset: number): void {
    const input = this.frameIn;
    let energy = 0;
    for (let i = 0; i < this.frameLength; i++) {
      const x = samples[offset + i]!;
      energy += x * x;
      input[i] = x * this.window[i]!;
    }
    this.fft.realTransform(this.spectrum, input);
    const spectrum = this.spectrum;
    const { melFilters, cepstra } = this.settings;
    for (let f = 0; f < melFilters; f++) {
      const { first, weights } = this.bank[f]!;
      let sum = 0;
      for (let k = 0; k < weights.length; k++) {
        const re = spectrum[2 * (first + k)]!;
        const im = spectrum[2 * (first + k) + 1]!;
        sum += weights[k]! * (re * re + im * im);
      }
      this.logMel[f] = Math.log(sum + 1e-10);
    }
    const out = this.store.append();
    out[0] = Math.log(energy / this.frameLength + 1e-10);
    for (let c = 0; c < cepstra; c++) {
      let sum = 0;
      for (let f = 0; f < melFilters; f++) sum += this.dct[c * melFilters + f]! * this.logMel[f]!;
      out[c + 1] = sum;
    }
  }
}

/** Centre time in seconds of frame `i`. */
export const frameTime = (i: number): number => i * FRAME_STEP + FRAME_SECONDS / 2;

/** The frame whose centre is nearest to `seconds`. */
export const frameAt = (seconds: number): number => Math.max(0, Math.round((seconds - FRAME_SECONDS / 2) / FRAME_STEP));
