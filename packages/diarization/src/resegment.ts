// Re-segmentation: a GMM per speaker trained on the frames the clustering gave it, then a Viterbi
// pass over each speech run (a penalty for every change of speaker) and a minimum turn length;
// repeated a few times so the models and the labels settle together.
import type { FeatureStore } from './feature-store.ts';
import { type Gmm, rangeFeatures, scoreFrames, trainGmm } from './gmm.ts';
import type { FrameRange } from './speech.ts';

export interface ResegmentSettings {
  components: number;
  /** log-likelihood a change of speaker costs. */
  switchPenalty: number;
  /** Frames: a shorter turn inside a run goes to a neighbour. */
  minTurn: number;
  iterations: number;
  /** Frames: with the count estimated, a speaker left with less is dropped. */
  minSpeaker: number;
}

export const DEFAULT_RESEGMENT: ResegmentSettings = {
  components: 16,
  switchPenalty: 60,
  minTurn: 50,
  iterations: 3,
  minSpeaker: 150,
};

function viterbi(scores: Float64Array[], penalty: number): Int16Array {
  const k = scores.length;
  const n = scores[0]!.length;
  const back = new Int16Array(n * k);
  let previous = Float64Array.from(scores, (s) => s[0]!);
  for (let t = 1; t < n; t++) {
    let best = 0;
    for (let c = 1; c < k; c++) if (previous[c]! > previous[best]!) best = c;
    const current = new Float64Array(k);
    for (let c = 0; c < k; c++) {
      const stay = previous[c]!;
      const change = previous[best]! - penalty;
      const from = stay >= change ? c : best;
      back[t * k + c] = from;
      current[c] = Math.max(stay, change) + scores[c]![t]!;
    }
    previous = current;
  }
  const path = new Int16Array(n);
  let state = 0;
  for (let c = 1; c < k; c++) if (previous[c]! > previous[state]!) state = c;
  for (let t = n - 1; t >= 0; t--) {
    path[t] = state;
    state = back[t * k + state]!;
  }
  return path;
}

/** Turns shorter than `minTurn` go to the neighbour whose model scores their frames higher. */
function enforceMinTurn(path: Int16Array, scores: Float64Array[], minTurn: number): void {
  for (;;) {
    const bounds: [number, number][] = [];
    for (let t = 0; t < path.length; ) {
      let e = t;
      while (e < path.length && path[e] === path[t]) e++;
      bounds.push([t, e]);
      t = e;
    }
    if (bounds.length < 2) return;
    let shortest = -1;
    for (let i = 0; i < bounds.length; i++) {
      const len = bounds[i]![1] - bounds[i]![0];
      if (len < minTurn && (shortest < 0 || len < bounds[shortest]![1] - bounds[shortest]![0])) shortest = i;
    }
    if (shortest < 0) return;
    const [s, e] = bounds[shortest]!;
    const options = [bounds[shortest - 1], bounds[shortest + 1]].filter((b) => b).map((b) => path[b![0]]!);
    const score = (c: number) => scores[c]!.subarray(s, e).reduce((a, x) => a + x, 0);
    const to = options.reduce((a, b) => (score(b) > score(a) ? b : a));
    path.fill(to, s, e);
  }
}

function trainModels(store: FeatureStore, labels: Int16Array, k: number, settings: ResegmentSettings): (Gmm | null)[] {
  const frames: number[][] = Array.from({ length: k }, () => []);
  labels.forEach((c, t) => {
    if (c >= 0) frames[c]!.push(t);
  });
  return frames.map((f) => (f.length >= 10 ? trainGmm(store, f, settings.components) : null));
}

/** Labels every speech frame with a speaker; `labels` holds the clustering's (or -1) and is rewritten. */
export function resegment(
  store: FeatureStore,
  runs: readonly FrameRange[],
  labels: Int16Array,
  k: number,
  estimated: boolean,
  settings = DEFAULT_RESEGMENT,
): void {
  for (let round = 0; round < settings.iterations; round++) {
    let models = trainModels(store, labels, k, settings);
    if (estimated) {
      const sizes = new Int32Array(k);
      for (const c of labels) if (c >= 0) sizes[c]!++;
      if (models.filter((m, c) => m && sizes[c]! >= settings.minSpeaker).length > 0) {
        models = models.map((m, c) => (sizes[c]! >= settings.minSpeaker ? m : null));
      }
    }
    const live = models.flatMap((m, c) => (m ? [c] : []));
    if (live.length === 0) return;
    for (const run of runs) {
      const n = run.end - run.start;
      const data = rangeFeatures(store, run.start, run.end);
      const scores = live.map((c) => {
        const out = new Float64Array(n);
        scoreFrames(models[c]!, data, out);
        return out;
      });
      const path = viterbi(scores, settings.switchPenalty);
      enforceMinTurn(path, scores, settings.minTurn);
      for (let t = 0; t < n; t++) labels[run.start + t] = live[path[t]!]!;
    }
  }
}
