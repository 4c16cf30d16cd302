// The classic method: MFCCs as the PCM streams by; at the end speech detection, speaker-change
// detection, agglomerative BIC clustering and GMM/Viterbi re-segmentation.
import { clusterSegments } from './clustering.ts';
import type { FeatureStore } from './feature-store.ts';
import { DEFAULT_MFCC, MfccStream } from './mfcc.ts';
import { resegment } from './resegment.ts';
import { splitAtChanges } from './segmentation.ts';
import { energySpeech, type FrameRange, spanSpeech } from './speech.ts';
import { labelsToTurns, renumber } from './turns.ts';
import { type DiarizationOptions, type DiarizationResult, type Diarizer, NUM_SPEAKERS } from './types.ts';

export const CLASSIC_METHOD = 'classic-mfcc-bic-gmm';

/** Mean 0 and variance 1 over the speech frames for features 1..d (in place; energy stays as is). */
function normalize(store: FeatureStore, runs: readonly FrameRange[]): void {
  const d = store.dimension;
  const [sum, squares] = [new Float64Array(d), new Float64Array(d)];
  let n = 0;
  for (const run of runs) {
    for (let t = run.start; t < run.end; t++) {
      const f = store.frame(t);
      for (let i = 1; i < d; i++) [sum[i], squares[i]] = [sum[i]! + f[i]!, squares[i]! + f[i]! * f[i]!];
      n++;
    }
  }
  if (n === 0) return;
  const mean = sum.map((s) => s / n);
  const scale = squares.map((s, i) => 1 / Math.sqrt(Math.max(s / n - mean[i]! ** 2, 1e-9)));
  for (let t = 0; t < store.length; t++) {
    const f = store.frame(t);
    for (let i = 1; i < d; i++) f[i] = (f[i]! - mean[i]!) * scale[i]!;
  }
}

function checkCount(numSpeakers: number | null): void {
  if (numSpeakers === null) return;
  if (!Number.isInteger(numSpeakers) || numSpeakers < NUM_SPEAKERS.min || numSpeakers > NUM_SPEAKERS.max) {
    throw new RangeError(`numSpeakers must be an integer in ${NUM_SPEAKERS.min}..${NUM_SPEAKERS.max} or null`);
  }
}

function diarize(store: FeatureStore, options: DiarizationOptions): DiarizationResult {
  const runs = options.speech ? spanSpeech(options.speech, store.length) : energySpeech(store);
  if (runs.length === 0) return { turns: [], speakerCount: 0, method: CLASSIC_METHOD };
  normalize(store, runs);
  const segments = runs.flatMap((run) => splitAtChanges(store, run));
  const clustered = clusterSegments(store, segments, options.numSpeakers, NUM_SPEAKERS.max);
  const labels = new Int16Array(store.length).fill(-1);
  segments.forEach((s, i) => {
    labels.fill(clustered.labels[i]!, s.start, s.end);
  });
  if (clustered.clusters > 1) resegment(store, runs, labels, clustered.clusters, options.numSpeakers === null);
  else for (const run of runs) labels.fill(0, run.start, run.end);
  const { turns, speakerCount } = renumber(labelsToTurns(labels));
  return { turns, speakerCount, method: CLASSIC_METHOD };
}

/** The classic diarizer; keeps 20 floats per 10 ms frame (≈ 29 MB an hour), never the PCM. */
export function createClassicDiarizer(options: { sampleRate?: number } = {}): Diarizer {
  const mfcc = new MfccStream({ ...DEFAULT_MFCC, sampleRate: options.sampleRate ?? DEFAULT_MFCC.sampleRate });
  let finished = false;
  return {
    method: CLASSIC_METHOD,
    push(pcm: Buffer): void {
      if (finished) throw new Error('push after finish');
      mfcc.push(pcm);
    },
    finish(diarization: DiarizationOptions): DiarizationResult {
      if (finished) throw new Error('finish called twice');
      checkCount(diarization.numSpeakers);
      finished = true;
      return diarize(mfcc.store, diarization);
    },
  };
}
