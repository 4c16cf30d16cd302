// The long-recording bench's table and its bars (issue 18): the raw tool's time on each file as the
// baseline, each job path's time as a multiple of it, the word error rates, the workers' peak memory.
import { fmt } from './load.ts';

export interface Measured {
  label: string;
  ms: number;
  /** CPU seconds of the path (user + system, all its processes), in ms. */
  cpuMs: number;
  wer: number;
  peakBytes: number;
  /** Each worker tree's own peak, where there are several. */
  perTreeBytes?: number[];
  /** 1-minute load average when the run ended. */
  load: number;
}

export interface LengthResult {
  seconds: number;
  raw: Measured;
  /** The raw tool with the workers' search bounds (ADR 0028): what the windows alone gain. */
  rawSearch: Measured;
  /** One per worker configuration, in the bench's order. */
  jobs: Measured[];
}

const mb = (bytes: number) => bytes / 1024 / 1024;

export const lengthName = (seconds: number) =>
  seconds < 120 ? `${seconds} s` : seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;

export function row(seconds: number, m: Measured, raw: Measured): string {
  const perTree =
    m.perTreeBytes && m.perTreeBytes.length > 1 ? ` (${m.perTreeBytes.map((b) => fmt(mb(b), 0)).join('+')})` : '';
  return [
    lengthName(seconds).padEnd(8),
    m.label.padEnd(42),
    fmt(m.ms / 1000, 2).padStart(9),
    fmt(m.ms / raw.ms, 2).padStart(7),
    fmt(m.cpuMs / 1000, 2).padStart(7),
    fmt(m.cpuMs / raw.cpuMs, 2).padStart(7),
    fmt(m.wer * 100, 1).padStart(7),
    `${fmt(mb(m.peakBytes), 0)}${perTree}`.padStart(14),
    fmt(m.load, 2).padStart(6),
  ].join(' ');
}

export const HEADER = [
  'file'.padEnd(8),
  'path'.padEnd(42),
  'time s'.padStart(9),
  '× raw'.padStart(7),
  'CPU s'.padStart(7),
  'CPU×raw'.padStart(7),
  'WER %'.padStart(7),
  'peak MB'.padStart(14),
  'load1'.padStart(6),
].join(' ');

const verdict = (ok: boolean) => (ok ? 'MET' : 'NOT MET');

/** The bars, for the lengths measured; each length's jobs are [one 2-core worker, one 1-core worker, two 1-core workers]. */
export function barLines(results: readonly LengthResult[]): string[] {
  const lines: string[] = [];
  const at = (seconds: number) => results.find((r) => r.seconds === seconds);
  for (const [seconds, name, bar] of [
    [60, '60 s clip', 0.8],
    [600, '10 min', 0.6],
  ] as const) {
    const r = at(seconds);
    if (!r) continue;
    const ratio = r.jobs[0]!.ms / r.raw.ms;
    lines.push(
      `${name}, one 2-core worker: ${fmt(ratio, 2)}× raw (bar ≤ ${fmt(bar, 2)}): ${verdict(ratio <= bar)}; ` +
        `${fmt(r.jobs[0]!.ms / r.rawSearch.ms, 2)}× the raw tool with the same search bounds (the windows' own share)`,
    );
  }
  for (const r of results.filter((r) => r.seconds >= 600)) {
    const [pool2, oneCore, twoWorkers] = r.jobs as [Measured, Measured, Measured];
    lines.push(
      `${lengthName(r.seconds)}, two 1-core workers ${fmt(twoWorkers.ms / 1000, 1)} s against one 1-core worker ` +
        `${fmt(oneCore.ms / 1000, 1)} s (${fmt(oneCore.ms / twoWorkers.ms, 2)}× faster): ${verdict(twoWorkers.ms < oneCore.ms)}; ` +
        `against one 2-core worker ${fmt(pool2.ms / 1000, 1)} s (${fmt(pool2.ms / twoWorkers.ms, 2)}×): ${verdict(twoWorkers.ms < pool2.ms)}`,
    );
  }
  for (const r of results) {
    const worst = Math.max(...r.jobs.map((j) => j.wer));
    const points = (worst - r.raw.wer) * 100;
    lines.push(
      `${lengthName(r.seconds)}, WER of the jobs at most ${fmt(points, 1)} points above the raw tool's (bar ≤ 1.0): ${verdict(points <= 1)}`,
    );
  }
  // Flat: the peak at the longest recording within 1.25× of the next longest (60 min against 10 min is
  // six times the audio). From 60 s to 10 min the step is the windows growing from 30 s to 60 s.
  if (results.length >= 2) {
    const previous = results.at(-2)!;
    const last = results.at(-1)!;
    last.jobs.forEach((job, i) => {
      const series = results
        .map((r) => `${fmt(mb(r.jobs[i]!.peakBytes), 0)} MB at ${lengthName(r.seconds)}`)
        .join(', ');
      const growth = job.peakBytes / previous.jobs[i]!.peakBytes;
      lines.push(
        `memory of "${job.label}": ${series}; ${fmt(growth, 2)}× from ${lengthName(previous.seconds)} to ` +
          `${lengthName(last.seconds)} (flat: ≤ 1.25×): ${verdict(growth <= 1.25)}`,
      );
    });
  }
  return lines;
}
