// One run of a fault: a job transcribing, a user busy around it, the target killed (SIGKILL) at a
// random point of the transcription and started again; then, once the account has settled, the
// invariants. A fault's runs share one user until its lists grow long (see Session).
import { randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventually } from '@tp/testing';
import type { Driver } from './driver.ts';
import { descendantsOf, type FaultFleet, type Target } from './fleet.ts';
import { violations } from './invariants.ts';
import type { Session } from './session.ts';
import { type JobView, settledSnapshot } from './snapshot.ts';
import { startTraffic } from './traffic.ts';

export interface Fault {
  name: string;
  target: Target;
}

/** The faults of the suite, in the order they run. */
export const FAULTS: readonly Fault[] = [
  { name: 'worker mid-transcription', target: 'worker' },
  { name: 'jobs', target: 'jobs' },
  { name: 'billing', target: 'billing' },
  { name: 'media', target: 'media' },
  { name: 'artifacts', target: 'artifacts' },
  { name: 'gateway', target: 'gateway' },
  { name: 'NATS', target: 'nats' },
  { name: 'PostgreSQL', target: 'postgres' },
  { name: 'local S3', target: 'local-s3' },
];

/**
 * The faults of the short form in `make test` (tests/faults/faults.test.ts): the worker killed mid-transcription
 * (the fault `make faults` runs most) and the two servers every service depends on, PostgreSQL and NATS. A
 * service's own kill runs in `make faults` (ADR 0015: the 8-minute budget of `make test`).
 */
export const SHORT_FORM: readonly Fault[] = FAULTS.filter((fault) =>
  ['worker', 'nats', 'postgres'].includes(fault.target),
);

export interface RunResult {
  /** New violations this run found (ones an earlier run of the fault reported are not repeated). */
  violations: string[];
  /** How the run's transcription ended (`succeeded`, `failed:<code>`). */
  outcome: string;
  /** From the kill until the account had settled. */
  recoveryMs: number;
  /** The worker had its ffmpeg and engine running when it was killed. */
  midTranscription: boolean;
  /** Answers 500 the driver got (each one a violation too, ADR 0038). */
  internalErrors: string[];
  /** Failing answers the client got during the run, by status (0: no answer). */
  failures: Map<number, number>;
  /** Where the logs of a run that found something were saved. */
  logs?: string | undefined;
}

/** Where the logs of a run that found something go. */
export const logsRoot = join(tmpdir(), `tp-faults-logs-${new Date().toISOString().replace(/[:.]/g, '-')}`);

/** A bound for the account to settle after a restart: redelivery, reconciliation and a transcription fit well within it. */
const SETTLE_WITHIN_MS = 180_000;

/** Waits until the job runs and has reached `progress`; false when it ended first. */
async function reach(driver: Driver, jobId: string, progress: number): Promise<boolean> {
  const job = await eventually(
    `job ${jobId} to pass ${progress} %`,
    async () => {
      const answer = await driver.job(jobId);
      const j = answer.body?.data;
      if (!j) return false;
      const ended = !['queued', 'running'].includes(j.status);
      return (j.status === 'running' && j.progress >= progress) || ended ? j : false;
    },
    SETTLE_WITHIN_MS,
    100,
  );
  return job.status === 'running';
}

/**
 * Whether the worker has its ffmpeg or an engine running, or starts one within `withinMs`: between
 * two windows there is a moment with neither, which is still the middle of the transcription.
 */
function transcribing(fleet: FaultFleet, withinMs: number): Promise<boolean> {
  const working = () => descendantsOf(fleet.fleet.pid('worker')).length > 0;
  return eventually('the worker to run ffmpeg or an engine', working, withinMs, 20).then(
    () => true,
    () => false,
  );
}

async function killAndRestart(fleet: FaultFleet, target: Target, burst: () => void): Promise<boolean> {
  const midTranscription = target === 'worker' && (await transcribing(fleet, 2_000));
  burst();
  await sleep(randomInt(0, 300));
  await fleet.kill(target);
  // Away for a moment, so that some requests meet the outage itself, not only the restart.
  await sleep(randomInt(200, 1_500));
  await fleet.start(target);
  return midTranscription;
}

interface Verdict {
  violations: string[];
  /** The run's transcription as the account shows it at the end. */
  job: JobView | undefined;
  logs: string | undefined;
  /** Answers 500 the driver got (each is among the violations too). */
  internalErrors: string[];
}

/** Once the account has settled: crashed services, the invariants, and the logs of a run that found something. */
async function verdict(fleet: FaultFleet, session: Session, driver: Driver, jobId: string | undefined, target: Target) {
  const s = await settledSnapshot(driver, SETTLE_WITHIN_MS).catch((err: Error) => err);
  const crashed = fleet.crashed();
  // A dependency away is 503 with Retry-After (ADR 0038); a 500 is a failure the platform did not map.
  const internalErrors = driver.acknowledged.internalErrors.splice(0);
  const found = [
    ...internalErrors.map((what) => `answered 500: ${what}`),
    ...crashed.map((name) => `${name} exited on its own`),
    ...(s instanceof Error ? [`the account could not be read after the fault: ${s.message}`] : []),
    ...(s instanceof Error ? [] : session.newViolations(violations(s))),
  ];
  let logs: string | undefined;
  if (found.length > 0) {
    logs = join(logsRoot, `${target}-${Date.now()}`);
    fleet.saveLogs(logs);
  }
  // The suite goes on, as a supervisor would restart a crashed process.
  for (const name of crashed) await fleet.start(name);
  const job = s instanceof Error ? undefined : s.jobs.find((j) => j.job_id === jobId);
  return { violations: found, job, logs, internalErrors } satisfies Verdict;
}

/** `succeeded`, `failed:<code>`; `on attempt 2` when a worker ran it again; whether the kill came too late. */
function outcomeOf(job: JobView | undefined, reached: boolean): string {
  if (!job) return 'missing';
  const code = job.error ? `:${job.error.code}` : '';
  const again = job.attempts > 1 ? ` on attempt ${job.attempts}` : '';
  return `${job.status}${code}${again}${reached ? '' : ' (ended before the kill)'}`;
}

function takeFailures(driver: Driver): Map<number, number> {
  const failures = new Map(driver.acknowledged.failures);
  driver.acknowledged.failures.clear();
  return failures;
}

export async function runOnce(fleet: FaultFleet, session: Session, fault: Fault): Promise<RunResult> {
  const driver = await session.driver();
  const plan = await session.plan();
  const jobId = await driver.createJob(plan.long.mediaId);
  // Progress moves a window at a time (about a quarter of the clip) and the last step is the job's
  // end: a target above 75 % would often be seen only as `succeeded`, a kill after the transcription.
  const reached = jobId ? await reach(driver, jobId, randomInt(1, 76)).catch(() => undefined) : undefined;
  if (reached === undefined) {
    // Something earlier left the fleet unable to run a job: a finding, and nothing to kill into.
    const v = await verdict(fleet, session, driver, jobId, fault.target);
    const why = jobId
      ? `job ${jobId} did not start within ${SETTLE_WITHIN_MS / 1000} s`
      : "the run's job was not created";
    return {
      ...v,
      violations: [why, ...v.violations],
      outcome: outcomeOf(v.job, false),
      recoveryMs: 0,
      midTranscription: false,
      failures: takeFailures(driver),
    };
  }
  const traffic = startTraffic(driver, plan.traffic);
  const killedAt = Date.now();
  const midTranscription = await killAndRestart(fleet, fault.target, () => traffic.burst());
  await sleep(1_000);
  await traffic.stop();
  const v = await verdict(fleet, session, driver, jobId, fault.target);
  session.ranJob(v.job?.status === 'succeeded' ? v.job.artifact_ids[0] : undefined);
  return {
    violations: v.violations,
    logs: v.logs,
    outcome: outcomeOf(v.job, reached),
    recoveryMs: Date.now() - killedAt,
    midTranscription,
    internalErrors: v.internalErrors,
    failures: takeFailures(driver),
  };
}
