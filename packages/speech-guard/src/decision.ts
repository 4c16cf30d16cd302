// The rule that turns Silero's per-frame speech probabilities into one answer. Pure, so the
// thresholds can be tested and tuned without the model.

/** Silero VAD reads 512 samples at 16 kHz per step: 32 ms frames. */
export const FRAME_SAMPLES = 512;
export const FRAME_SECONDS = FRAME_SAMPLES / 16_000;

export interface SpeechThresholds {
  /** A frame counts as speech when Silero's probability is at least this. */
  probability: number;
  /** The clip has speech when one unbroken run of speech frames lasts at least this long. */
  minSpeechSeconds: number;
}

/** See docs/adr/0019-speech-guard.md for the measurements behind these numbers. */
export const DEFAULT_THRESHOLDS: SpeechThresholds = { probability: 0.5, minSpeechSeconds: 0.128 };

export interface SpeechDecision {
  speech: boolean;
  /** Seconds of audio whose frames scored at least `probability`, in all. */
  speechSeconds: number;
  /** The longest unbroken run of such frames, in seconds: what the decision rests on. */
  longestSpeechSeconds: number;
  /** The highest frame probability in the clip (0 for an empty clip). */
  maxProbability: number;
}

export function decideSpeech(probabilities: ArrayLike<number>, thresholds: SpeechThresholds): SpeechDecision {
  let speechFrames = 0;
  let run = 0;
  let longestRun = 0;
  let maxProbability = 0;
  for (let i = 0; i < probabilities.length; i++) {
    const p = probabilities[i]!;
    run = p >= thresholds.probability ? run + 1 : 0;
    if (run > 0) speechFrames++;
    if (run > longestRun) longestRun = run;
    if (p > maxProbability) maxProbability = p;
  }
  const seconds = (frames: number) => Math.round(frames * FRAME_SECONDS * 1000) / 1000;
  return {
    // Frame counts, not rounded seconds, decide: 0.128 s is exactly 4 frames.
    speech: longestRun >= Math.ceil(thresholds.minSpeechSeconds / FRAME_SECONDS - 1e-9),
    speechSeconds: seconds(speechFrames),
    longestSpeechSeconds: seconds(longestRun),
    maxProbability,
  };
}
