// Downmix and resample to what Silero VAD reads: 16 kHz mono floats. A windowed-sinc low-pass
// first (when going down), so content above 8 kHz does not fold back into the speech band, then
// linear interpolation. Good enough for voice-activity detection, not for listening.

export const VAD_SAMPLE_RATE = 16_000;

/** Averages the channels into one. */
export function downmix(channels: readonly Float32Array[]): Float32Array {
  if (channels.length === 0) return new Float32Array(0);
  if (channels.length === 1) return channels[0]!;
  const length = Math.min(...channels.map((c) => c.length));
  const out = new Float32Array(length);
  for (const channel of channels) for (let i = 0; i < length; i++) out[i]! += channel[i]! / channels.length;
  return out;
}

/** Resamples mono floats from `fromRate` to `toRate` (default 16 kHz). */
export function resample(samples: Float32Array, fromRate: number, toRate = VAD_SAMPLE_RATE): Float32Array {
  if (fromRate === toRate) return samples;
  const input = fromRate > toRate ? lowPass(samples, (0.45 * toRate) / fromRate) : samples;
  const length = Math.floor((input.length * toRate) / fromRate);
  const out = new Float32Array(length);
  const step = fromRate / toRate;
  for (let i = 0; i < length; i++) {
    const position = i * step;
    const left = Math.floor(position);
    const fraction = position - left;
    const a = input[left] ?? 0;
    const b = input[left + 1] ?? a;
    out[i] = a + (b - a) * fraction;
  }
  return out;
}

/** Int16 PCM → floats in [-1, 1]. */
export function int16ToFloat(samples: Int16Array): Float32Array {
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = samples[i]! / 32_768;
  return out;
}

/** FIR low-pass, Blackman-windowed sinc; `cutoff` as a fraction of the sample rate (< 0.5). */
function lowPass(samples: Float32Array, cutoff: number): Float32Array {
  const half = 32;
  const taps = new Float32Array(2 * half + 1);
  let sum = 0;
  for (let n = -half; n <= half; n++) {
    const sinc = n === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * n) / (Math.PI * n);
    const w = (n + half) / (2 * half);
    const window = 0.42 - 0.5 * Math.cos(2 * Math.PI * w) + 0.08 * Math.cos(4 * Math.PI * w);
    taps[n + half] = sinc * window;
    sum += sinc * window;
  }
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    let acc = 0;
    const from = Math.max(0, i - half);
    const to = Math.min(samples.length - 1, i + half);
    for (let j = from; j <= to; j++) acc += samples[j]! * taps[j - i + half]!;
    out[i] = acc / sum;
  }
  return out;
}
