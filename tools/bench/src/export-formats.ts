/**
 * Transcript export cost: every format of `exportTranscript` on a synthetic three-hour transcript (≈3,000
 * segments, ≈30,000 words, 2 speakers; deterministic), against `JSON.stringify` of the same transcript measured
 * in the same run. Median of N runs after a warm-up; the ratio is what to compare across machines.
 *
 *   make bench            (or: node tools/bench/src/export-formats.ts [runs])
 */
import { exportTranscript, syntheticTranscript, type ExportFormat, type ExportOptions } from '@tp/transcript';
import { fmt } from './load.ts';

const runs = Number(process.argv[2] ?? 25);
const warmup = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median ms of `fn` over `runs` runs after `warmup` unmeasured ones, and the size in bytes of what it returned. */
function measure(fn: () => string): { ms: number; bytes: number } {
  let out = '';
  for (let i = 0; i < warmup; i++) out = fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    out = fn();
    times.push(performance.now() - t0);
  }
  return { ms: median(times), bytes: Buffer.byteLength(out, 'utf8') };
}

const transcript = syntheticTranscript({ seed: 1, segments: 3_000, speakers: 2 });
const words = transcript.segments.reduce((n, s) => n + s.words.length, 0);
console.log(
  `export benchmark: ${transcript.segments.length} segments, ${words} words, ${fmt(transcript.duration / 3600, 2)} h, ` +
    `median of ${runs} runs after ${warmup} warm-up`,
);

const baseline = measure(() => JSON.stringify(transcript));
const row = (label: string, r: { ms: number; bytes: number }) =>
  console.log(
    `${label.padEnd(28)} ${fmt(r.ms, 2).padStart(8)} ms ${fmt(r.bytes / 1_048_576, 2).padStart(7)} MiB ${fmt(r.ms / baseline.ms, 2).padStart(7)}x baseline`,
  );
row('JSON.stringify (baseline)', baseline);

const cases: [string, Partial<ExportOptions> & { format: ExportFormat }][] = [
  ['json (pretty)', { format: 'json' }],
  ['json compact', { format: 'json', pretty: false }],
  ['text', { format: 'text', includeTimestamps: true }],
  ['srt', { format: 'srt' }],
  ['vtt', { format: 'vtt' }],
  ['srt karaoke', { format: 'srt', highlightWords: true }],
  ['vtt karaoke', { format: 'vtt', highlightWords: true }],
];
let slowest = 0;
for (const [label, options] of cases) {
  const r = measure(() => exportTranscript(transcript, options).content);
  row(label, r);
  slowest = Math.max(slowest, r.ms);
}
console.log(`slowest format: ${fmt(slowest, 2)} ms (budget 1000 ms for a three-hour transcript)`);
if (slowest >= 1000) process.exitCode = 1;
