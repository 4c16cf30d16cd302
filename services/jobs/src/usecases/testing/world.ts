// One world for a jobs use case's unit test: the jobs as rows in memory (the reads of store/ over
// them, the queue places a test sets), a fixed clock, the outbox nudges counted, the credit holds'
// calls recorded, a logger whose lines a test reads; in one deps object that every use case accepts
// (each takes the part its deps interface names). No database, no network.
import { captureLogger } from '@tp/logging';
import type { QueuePlace } from '../../store/queue.ts';
import type { Job } from '../../store/records.ts';
import type { CreditHolds } from '../credit-holds.ts';

export const AT = new Date('2026-12-01T10:00:00Z');

/** A fake client whose methods a test may replace (a gRPC client's are read-only). */
export type Scripted<C> = { -readonly [K in keyof C]: C[K] };

let jobs = 0;

/** A queued cloud transcription job of usr_1, admitted with its hold held; `fields` override. */
export function aJob(fields: Partial<Job> = {}): Job {
  jobs += 1;
  return {
    id: `job_${jobs}`,
    userId: 'usr_1',
    workspaceId: null,
    type: 'transcription',
    executionMode: 'cloud',
    status: 'queued',
    holdState: 'held',
    billingState: 'held',
    profile: 'oracle',
    engine: 'pocketsphinx',
    pool: 'cpu',
    mediaId: 'med_1',
    parentJobId: null,
    itemCount: 0,
    optionsJson: '{"language":"auto"}',
    title: 'take-1.wav',
    webhookId: null,
    traceParent: null,
    queueRank: BigInt(jobs),
    progress: 0,
    errorCode: null,
    errorMessage: null,
    mediaDurationSeconds: 5,
    billedSeconds: null,
    reservedMicro: 1389n,
    chargedMicro: 0n,
    artifactIds: [],
    language: null,
    attempts: 0,
    ticketId: null,
    workerId: null,
    heartbeatAt: null,
    billingAttempts: 0,
    billingError: null,
    createdAt: AT,
    startedAt: null,
    finishedAt: null,
    updatedAt: AT,
    ...fields,
  };
}

/** The same job running under `ticketId`, as a claim left it. */
export const running = (job: Job, ticketId = 'tkt_1'): Job => ({
  ...job,
  status: 'running',
  ticketId,
  workerId: 'wrk_1',
  attempts: 1,
  startedAt: AT,
  heartbeatAt: AT,
});

/**
 * Credit holds that record each call (`settle job_1`, `releaseEarly job_1`…) and move the row's
 * billing state as billing answering would; `answers` scripts what the early steps answer.
 */
function fakeHolds(rows: Map<string, Job>) {
  const calls: string[] = [];
  const answers = { settleEarly: 1200n as bigint | null, releaseEarly: true };
  const done = (job: Job, from: string, to: string): Job => {
    if (job.billingState !== from) return job;
    const ended = { ...job, billingState: to };
    if (rows.has(job.id)) rows.set(job.id, ended);
    return ended;
  };
  const holds: CreditHolds = {
    async settle(job) {
      calls.push(`settle ${job.id}`);
      return done(job, 'settle_pending', 'settled');
    },
    async release(job) {
      calls.push(`release ${job.id}`);
      return done(job, 'release_pending', 'released');
    },
    async settleEarly(jobId, seconds) {
      calls.push(`settleEarly ${jobId} ${seconds}`);
      return answers.settleEarly;
    },
    async releaseEarly(jobId) {
      calls.push(`releaseEarly ${jobId}`);
      return answers.releaseEarly;
    },
    finish: (job) => (job.billingState === 'settle_pending' ? holds.settle(job) : holds.release(job)),
  };
  return { holds, calls, answers };
}

export function jobsWorld(...seed: Job[]) {
  const rows = new Map(seed.map((job) => [job.id, job]));
  const places = new Map<string, QueuePlace>();
  const counts = { nudges: 0 };
  const { log, lines } = captureLogger('jobs-test');
  const holds = fakeHolds(rows);
  const deps = {
    queries: {
      findJob: async (userId: string, jobId: string) => {
        const job = rows.get(jobId);
        return job?.userId === userId ? job : null;
      },
      findJobById: async (jobId: string) => rows.get(jobId) ?? null,
      listItems: async (parentId: string, limit: number) =>
        [...rows.values()].filter((job) => job.parentJobId === parentId).slice(0, limit),
    },
    queue: {
      positions: async (listed: readonly Job[]) =>
        new Map(listed.flatMap((job) => (places.has(job.id) ? [[job.id, places.get(job.id)!] as const] : []))),
    },
    holds: holds.holds,
    log,
    now: () => AT,
    nudgeOutbox(): void {
      counts.nudges += 1;
    },
  };
  return {
    deps,
    rows,
    places,
    counts,
    lines,
    /** The holds' calls, in order, and the answers of settleEarly and releaseEarly. */
    holds: { calls: holds.calls, answers: holds.answers },
    /** Stores the job as a row (replacing one with its id) and answers it. */
    put(job: Job): Job {
      rows.set(job.id, job);
      return job;
    },
    /** Log lines with this message. */
    logged: (msg: string) => lines.filter((line) => line.msg === msg),
  };
}

export type JobsWorld = ReturnType<typeof jobsWorld>;
