// Which frames hold speech: the caller's spans (e.g. recognized words), or frame energy against
// the recording's own quiet and loud levels.
import type { FeatureStore } from './feature-store.ts';
import { frameAt } from './mfcc.ts';
import type { SpeechSpan } from './types.ts';

/** A run of frames [start, end). */
export interface FrameRange {
  start: number;
  end: number;
}

const GAP_FILL = 10; // frames: a pause this short stays inside the run
const MIN_RUN = 10; // frames: shorter bursts are not speech

function percentile(values: Float32Array, p: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/** Runs of set frames, pauses up to GAP_FILL bridged, runs under `minRun` dropped. */
export function runs(mask: Uint8Array, minRun = MIN_RUN): FrameRange[] {
  const out: FrameRange[] = [];
  let t = 0;
  while (t < mask.length) {
    if (!mask[t]) {
      t++;
      continue;
    }
    const start = t;
    while (t < mask.length && mask[t]) t++;
    const last = out[out.length - 1];
    if (last && start - last.end <= GAP_FILL) last.end = t;
    else out.push({ start, end: t });
  }
  return out.filter((r) => r.end - r.start >= minRun);
}

/** Speech by energy: above a threshold between the quiet (10th percentile) and loud (90th) frames, and within 30 dB of loud. */
export function energySpeech(store: FeatureStore): FrameRange[] {
  const energy = new Float32Array(store.length);
  for (let t = 0; t < store.length; t++) energy[t] = store.frame(t)[0]!;
  const [quiet, loud] = [percentile(energy, 0.1), percentile(energy, 0.9)];
  const threshold = Math.max(quiet + 0.35 * (loud - quiet), loud - 3 * Math.LN10);
  return runs(Uint8Array.from(energy, (e) => (e > threshold ? 1 : 0)));
}

/** Speech from the caller's spans, in frames. */
export function spanSpeech(spans: readonly SpeechSpan[], frames: number): FrameRange[] {
  const mask = new Uint8Array(frames);
  for (const span of spans)
    mask.fill(1, Math.min(frames, frameAt(span.start)), Math.min(frames, frameAt(span.end) + 1));
  return runs(mask, 1);
}
