// Agglomerative clustering of speech segments, each a full-covariance Gaussian: the pair with the
// lowest ΔBIC merges until the requested count is reached or (count unknown) every merge would
// raise the BIC (λ = 3: on flite voices 1.5–5 found the right count of 1–4 speakers, 6 joined two of four,
// 9 joined two of two). Large clusters must also gain 6.5 per effective frame to stay apart: on flite
// voices two clusters of one speaker gained at most 5.7, of two speakers at least 7.3, at 1 to 15 minutes;
// without it a 5-minute dialogue came out as 9 speakers. Segments too short to estimate a covariance
// wait for re-segmentation.
import type { FeatureStore } from './feature-store.ts';
import { type BicPenalty, deltaBic, GaussianStats } from './gaussian.ts';
import type { FrameRange } from './speech.ts';

export interface ClusterSettings {
  /** The BIC penalty when the count is estimated. */
  penalty: BicPenalty;
  /** Segments shorter than this (frames) are left out of clustering. */
  minFrames: number;
}

export const DEFAULT_CLUSTER: ClusterSettings = { penalty: { lambda: 3, perFrame: 6.5 }, minFrames: 100 };

interface Cluster {
  stats: GaussianStats;
  logDet: number;
  segments: number[];
}

function segmentStats(store: FeatureStore, range: FrameRange): GaussianStats {
  const stats = new GaussianStats(store.dimension - 1);
  for (let t = range.start; t < range.end; t++) stats.add(store.frame(t), 1);
  return stats;
}

/**
 * A cluster index for each segment (-1: too short, left to re-segmentation). `count` fixes the
 * number of clusters; null stops at the BIC, capped at `maxCount`.
 */
export function clusterSegments(
  store: FeatureStore,
  segments: readonly FrameRange[],
  count: number | null,
  maxCount: number,
  settings = DEFAULT_CLUSTER,
): { labels: number[]; clusters: number } {
  let chosen = segments.map((s, i) => (s.end - s.start >= settings.minFrames ? i : -1)).filter((i) => i >= 0);
  if (chosen.length === 0) chosen = segments.map((_, i) => i);
  const clusters: (Cluster | null)[] = chosen.map((i) => {
    const stats = segmentStats(store, segments[i]!);
    return { stats, logDet: stats.logDeterminant(), segments: [i] };
  });
  const n = clusters.length;
  const cost = new Float64Array(n * n).fill(Number.POSITIVE_INFINITY);
  const pairCost = (a: Cluster, b: Cluster) =>
    deltaBic(a.stats, b.stats, settings.penalty, { a: a.logDet, b: b.logDet });
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) cost[i * n + j] = pairCost(clusters[i]!, clusters[j]!);
  // Each row's cheapest partner (j > i), so that finding the cheapest pair does not scan every pair.
  const rowBest = new Int32Array(n).fill(-1);
  const findRowBest = (i: number) => {
    rowBest[i] = -1;
    for (let j = i + 1; j < n; j++)
      if (clusters[j] && (rowBest[i]! < 0 || cost[i * n + j]! < cost[i * n + rowBest[i]!]!)) rowBest[i] = j;
  };
  for (let i = 0; i < n; i++) findRowBest(i);
  let alive = n;
  while (alive > 1) {
    let [best, bi, bj] = [Number.POSITIVE_INFINITY, -1, -1];
    for (let i = 0; i < n; i++) {
      const j = rowBest[i]!;
      if (clusters[i] && j >= 0 && cost[i * n + j]! < best) [best, bi, bj] = [cost[i * n + j]!, i, j];
    }
    const enough = count === null ? best > 0 && alive <= maxCount : alive <= count;
    if (enough || bi < 0) break;
    const [a, b] = [clusters[bi]!, clusters[bj]!];
    const stats = a.stats.merged(b.stats);
    clusters[bi] = { stats, logDet: stats.logDeterminant(), segments: [...a.segments, ...b.segments] };
    clusters[bj] = null;
    alive--;
    for (let k = 0; k < n; k++) {
      cost[Math.min(k, bj) * n + Math.max(k, bj)] = Number.POSITIVE_INFINITY;
      if (k === bi || !clusters[k]) continue;
      cost[Math.min(k, bi) * n + Math.max(k, bi)] = pairCost(clusters[bi]!, clusters[k]!);
    }
    for (let k = 0; k < n; k++) {
      if (!clusters[k]) continue;
      const j = rowBest[k]!;
      if (k === bi || j === bi || j === bj) findRowBest(k);
      else if (k < bi && cost[k * n + bi]! < (j >= 0 ? cost[k * n + j]! : Number.POSITIVE_INFINITY)) rowBest[k] = bi;
    }
  }
  const labels = segments.map(() => -1);
  let next = 0;
  for (const cluster of clusters) {
    if (!cluster) continue;
    for (const s of cluster.segments) labels[s] = next;
    next++;
  }
  return { labels, clusters: next };
}
