// The mel filterbank of Whisper's front end (librosa.filters.mel(sr=16000, n_fft=400, n_mels=80):
// Slaney mel scale and Slaney area normalisation), what the converter writes into a ggml file.

const SAMPLE_RATE = 16000;
export const N_FFT = 400;

function hzToMelSlaney(hz: number): number {
  const fSp = 200 / 3;
  const minLogHz = 1000;
  const minLogMel = minLogHz / fSp;
  const logStep = Math.log(6.4) / 27;
  return hz >= minLogHz ? minLogMel + Math.log(hz / minLogHz) / logStep : hz / fSp;
}

function melToHzSlaney(mel: number): number {
  const fSp = 200 / 3;
  const minLogHz = 1000;
  const minLogMel = minLogHz / fSp;
  const logStep = Math.log(6.4) / 27;
  return mel >= minLogMel ? minLogHz * Math.exp(logStep * (mel - minLogMel)) : fSp * mel;
}

/** Returns the n_mels x (n_fft/2 + 1) filterbank, row-major, as f32. */
export function melFilterbank(nMels: number, sampleRate = SAMPLE_RATE, nFft = N_FFT): Float32Array {
  const nBins = Math.floor(nFft / 2) + 1;
  const fftFreqs = Array.from({ length: nBins }, (_, k) => (k * sampleRate) / nFft);
  const melMax = hzToMelSlaney(sampleRate / 2);
  const melPts = Array.from({ length: nMels + 2 }, (_, i) => melToHzSlaney((melMax * i) / (nMels + 1)));
  const out = new Float32Array(nMels * nBins);
  for (let m = 0; m < nMels; m++) {
    const lo = melPts[m]!;
    const mid = melPts[m + 1]!;
    const hi = melPts[m + 2]!;
    const enorm = 2 / (hi - lo);
    for (let k = 0; k < nBins; k++) {
      const f = fftFreqs[k]!;
      const rising = (f - lo) / (mid - lo);
      const falling = (hi - f) / (hi - mid);
      out[m * nBins + k] = Math.max(0, Math.min(rising, falling)) * enorm;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Synthetic vocabulary
// ---------------------------------------------------------------------------
