// Deterministic test signals at 16 kHz: silence, coloured noise and mains hum at a chosen RMS
// level in dBFS, and a mixer for speech in noise (`@tp/speech-guard/signals`): for the tests of the
// guard and of its callers, and the measurements of ADR 0019.
import { seededRandom } from '@tp/transcript';
import { VAD_SAMPLE_RATE } from './resample.ts';

export type NoiseKind = 'silence' | 'white' | 'pink' | 'brown' | 'hum50' | 'hum60';

/**
 * `seconds` of the given signal at `dbfs` RMS (relative to a full-scale square wave), clipped to
 * [-1, 1] as a WAV file would carry it.
 */
export function noise(
  kind: NoiseKind,
  seconds: number,
  dbfs: number,
  seed = 1,
  sampleRate = VAD_SAMPLE_RATE,
): Float32Array {
  const out = rawSignal(kind, Math.round(seconds * sampleRate), seededRandom(seed), sampleRate);
  return kind === 'silence' ? out : clip(scaleTo(out, dbfs));
}

function clip(samples: Float32Array): Float32Array {
  return samples.map((s) => Math.max(-1, Math.min(1, s)));
}

function rawSignal(kind: NoiseKind, length: number, random: () => number, sampleRate: number): Float32Array {
  const out = new Float32Array(length);
  const white = () => random() * 2 - 1;
  if (kind === 'white') for (let i = 0; i < length; i++) out[i] = white();
  if (kind === 'pink') {
    // Paul Kellet's economy filter: -3 dB per octave within ±0.05 dB above 9 Hz.
    let b0 = 0;
    let b1 = 0;
    let b2 = 0;
    for (let i = 0; i < length; i++) {
      const w = white();
      b0 = 0.99765 * b0 + w * 0.099046;
      b1 = 0.963 * b1 + w * 0.2965164;
      b2 = 0.57 * b2 + w * 1.0526913;
      out[i] = b0 + b1 + b2 + w * 0.1848;
    }
  }
  if (kind === 'brown') {
    // Integrated white noise, with a slight leak so it does not drift off.
    let last = 0;
    for (let i = 0; i < length; i++) {
      last = 0.998 * last + 0.02 * white();
      out[i] = last;
    }
  }
  if (kind === 'hum50' || kind === 'hum60') {
    // Mains hum: the fundamental and its odd harmonics, as a transformer or ground loop makes it.
    const f = kind === 'hum50' ? 50 : 60;
    const harmonics = [
      [1, 1],
      [2, 0.3],
      [3, 0.5],
      [5, 0.2],
      [7, 0.1],
    ] as const;
    for (let i = 0; i < length; i++) {
      const t = i / sampleRate;
      let v = 0;
      for (const [h, a] of harmonics) v += a * Math.sin(2 * Math.PI * f * h * t);
      out[i] = v;
    }
  }
  return out;
}

export function rmsDbfs(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return 10 * Math.log10(sum / Math.max(1, samples.length) || 1e-20);
}

export function scaleTo(samples: Float32Array, dbfs: number): Float32Array {
  const gain = 10 ** ((dbfs - rmsDbfs(samples)) / 20);
  return samples.map((s) => s * gain);
}

/** Speech plus noise at `snrDb` (speech RMS over noise RMS); the noise covers the whole speech. */
export function mixAtSnr(speech: Float32Array, noiseSignal: Float32Array, snrDb: number): Float32Array {
  const scaled = scaleTo(noiseSignal.subarray(0, speech.length), rmsDbfs(speech) - snrDb);
  return clip(speech.map((s, i) => s + (scaled[i] ?? 0)));
}

/** Pads `samples` with `before` and `after` seconds of digital silence. */
export function padWithSilence(samples: Float32Array, before: number, after: number): Float32Array {
  const out = new Float32Array(Math.round((before + after) * VAD_SAMPLE_RATE) + samples.length);
  out.set(samples, Math.round(before * VAD_SAMPLE_RATE));
  return out;
}

/** Floats → a 16-bit PCM WAV file (for tests of the WAV path). */
export function encodeWav(channels: Float32Array[], sampleRate: number): Uint8Array {
  const frames = channels[0]?.length ?? 0;
  const dataBytes = frames * channels.length * 2;
  const view = new DataView(new ArrayBuffer(44 + dataBytes));
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(at + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels.length, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels.length * 2, true);
  view.setUint16(32, channels.length * 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < frames; i++)
    for (let c = 0; c < channels.length; c++) {
      const s = Math.max(-1, Math.min(1, channels[c]![i]!));
      view.setInt16(44 + (i * channels.length + c) * 2, Math.round(s * 32_767), true);
    }
  return new Uint8Array(view.buffer);
}
