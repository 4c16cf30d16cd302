// Where a job's time goes between the client's POST and its seeing `succeeded`: from the job's
// timestamps (created, started = claimed, finished), the worker's log lines about it (`job claimed`,
// `job transcribed` with wallMs, engineMs and whatever stage times it adds) and the client's clock.
// All on one machine, one clock; the job's timestamps have millisecond precision.
import type { JobRun } from './long-job.ts';

export interface BreakdownStep {
  name: string;
  ms: number | null;
}

/** Fields of `job transcribed` that are times of its stages or counts, printed when present. */
const STAGE_FIELDS = /(?:Ms|^windows|^utterances|^words|^channels|^audioSeconds|^rtf)$/;

const timeOf = (line: Record<string, unknown> | undefined): number | null =>
  typeof line?.time === 'string' ? Date.parse(line.time) : typeof line?.time === 'number' ? line.time : null;

const span = (from: number | null, to: number | null) => (from === null || to === null ? null : to - from);

/** The steps of one job, in order; a step whose ends were not both seen is null. */
export function jobBreakdown(run: JobRun): { steps: BreakdownStep[]; transcribed: Record<string, unknown> } {
  const { times } = run;
  const claimed = run.logs.find((l) => l.msg === 'job claimed');
  const transcribed = run.logs.find((l) => l.msg === 'job transcribed');
  const claimedAt = timeOf(claimed);
  const transcribedAt = timeOf(transcribed);
  const wallMs = typeof transcribed?.wallMs === 'number' ? transcribed.wallMs : null;
  const recognitionStart = transcribedAt === null || wallMs === null ? null : transcribedAt - wallMs;
  return {
    steps: [
      { name: 'POST → job created', ms: span(times.postedAt, times.createdAt) },
      { name: 'queue wait (created → claimed)', ms: span(times.createdAt, times.startedAt) },
      { name: 'claimed → worker runs it', ms: span(times.startedAt, claimedAt) },
      { name: 'worker → recognition start', ms: span(claimedAt, recognitionStart) },
      { name: 'recognition (decode, engine; wallMs)', ms: wallMs },
      { name: 'artifact + settlement', ms: span(transcribedAt, times.finishedAt) },
      { name: 'client poll lag (finished → seen)', ms: span(times.finishedAt, times.seenAt) },
      { name: 'total as the client sees it', ms: span(times.postedAt, times.seenAt) },
    ],
    transcribed: transcribed ?? {},
  };
}

/** The breakdown as printable lines. */
export function breakdownLines(run: JobRun): string[] {
  const { steps, transcribed } = jobBreakdown(run);
  const lines = steps.map(
    (step) => `  ${step.name.padEnd(40)} ${step.ms === null ? '     n/a' : `${step.ms.toFixed(0).padStart(6)} ms`}`,
  );
  const stages = Object.entries(transcribed)
    .filter(([key, value]) => STAGE_FIELDS.test(key) && value !== null && typeof value !== 'object')
    .map(([key, value]) => `${key}=${String(value)}`);
  lines.push(`  worker's "job transcribed": ${stages.length > 0 ? stages.join(' ') : '(no line found)'}`);
  return lines;
}
