// A fault run as many times as asked, and the table of what the runs found.
import type { FaultFleet } from './fleet.ts';
import { type Fault, runOnce } from './run.ts';
import type { Session } from './session.ts';

export interface FaultReport {
  fault: Fault;
  runs: number;
  violations: string[];
  /** How the transcriptions under fault ended, counted. */
  outcomes: Map<string, number>;
  recoveryMs: number[];
  /** Worker runs repeated because the transcription had not started or had already ended at the kill. */
  missed: number;
  /** Answers 500 seen by the driver (each also a violation: ADR 0038). */
  internalErrors: string[];
  /** Failing answers the client got, by status (0: no answer): what an outage looked like from outside. */
  failures: Map<number, number>;
}

/** Worker kills that may miss the transcription beyond one per run before the fault fails. */
const MISSES_ALLOWED = 3;

/** Runs `fault` until `runs` runs count (a worker kill counts when it hit a transcription in progress). */
export async function runFault(
  fleet: FaultFleet,
  session: Session,
  fault: Fault,
  runs: number,
  log: (line: string) => void,
): Promise<FaultReport> {
  const report: FaultReport = {
    fault,
    runs: 0,
    violations: [],
    outcomes: new Map(),
    recoveryMs: [],
    missed: 0,
    internalErrors: [],
    failures: new Map(),
  };
  while (report.runs < runs) {
    const result = await runOnce(fleet, session, fault);
    report.violations.push(...result.violations);
    report.internalErrors.push(...result.internalErrors);
    for (const [status, count] of result.failures)
      report.failures.set(status, (report.failures.get(status) ?? 0) + count);
    if (fault.target === 'worker' && !result.midTranscription) {
      report.missed += 1;
      // A busy machine can reach the kill between two windows (no ffmpeg or engine running): a few more tries.
      if (report.missed > runs + MISSES_ALLOWED)
        throw new Error(`${fault.name}: the kill missed the transcription ${report.missed} times`);
      continue;
    }
    report.runs += 1;
    report.outcomes.set(result.outcome, (report.outcomes.get(result.outcome) ?? 0) + 1);
    report.recoveryMs.push(result.recoveryMs);
    const found = result.violations.length
      ? ` — ${result.violations.length} violations:\n  ${result.violations.join('\n  ')}`
      : '';
    log(
      `${fault.name} run ${report.runs}/${runs}: ${result.outcome}, settled ${(result.recoveryMs / 1000).toFixed(1)} s after the kill${found}`,
    );
  }
  return report;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The printed table: one line per fault. */
export function table(reports: FaultReport[]): string {
  const header = ['fault (kill -9, restart)', 'runs', 'violations', 'settled s (median/max)', 'transcriptions ended'];
  const rows = reports.map((r) => [
    r.fault.name,
    String(r.runs),
    String(r.violations.length),
    `${seconds(median(r.recoveryMs))} / ${seconds(Math.max(0, ...r.recoveryMs))}`,
    [...r.outcomes].map(([outcome, count]) => `${count}× ${outcome}`).join(', '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
