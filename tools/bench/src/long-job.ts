// One transcription job as a client sees it (POST /api/v1/jobs, polling GET /api/v1/jobs/{id}
// until it ends), with the worker trees' memory sampled while it runs, the job's timestamps, the
// workers' log lines about it and its transcript's text.
import type { Fleet, FleetWorker } from '@tp/testing';
import { type BenchUser, oracleJob } from './bench-user.ts';
import { treesCpuMs } from './cpu-time.ts';
import { sampleTreeMemory, type TreeMemory } from './tree-memory.ts';

export interface JobTimes {
  /** This process's clock (epoch ms) when it sent the POST, and when it saw `succeeded`. */
  postedAt: number;
  seenAt: number;
  /** The job's own timestamps (epoch ms). */
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

export interface JobRun {
  jobId: string;
  totalMs: number;
  /** CPU time of the workers' trees while it ran (user + system). */
  cpuMs: number;
  text: string;
  memory: TreeMemory;
  times: JobTimes;
  /** The workers' JSON log lines that name the job, in the order each worker wrote them. */
  logs: Record<string, unknown>[];
}

interface JobView {
  status: string;
  error: unknown;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

const epoch = (iso: string | null) => (iso === null ? null : Date.parse(iso));

function logLinesOf(workers: readonly FleetWorker[], jobId: string): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  for (const worker of workers)
    for (const line of worker.logs().split('\n')) {
      if (!line.includes(jobId)) continue;
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line of the worker's logger
      }
    }
  return lines;
}

/** The transcript's words, from its JSON export. */
async function transcriptText(fleet: Fleet, user: BenchUser, jobId: string): Promise<string> {
  const res = await fetch(`${fleet.gatewayUrl}/api/v1/jobs/${jobId}/export?format=json`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  if (!res.ok) throw new Error(`export of ${jobId} answered ${res.status}: ${await res.text()}`);
  const transcript = (await res.json()) as { segments: { text: string }[] };
  return transcript.segments.map((s) => s.text).join(' ');
}

export async function runJob(
  fleet: Fleet,
  user: BenchUser,
  options: { mediaId: string; workers: readonly FleetWorker[]; pollMs: number; profile?: string },
): Promise<JobRun> {
  const roots = options.workers.map((w) => w.pid);
  const cpuBefore = await treesCpuMs(roots);
  const memory = sampleTreeMemory(roots);
  const postedAt = Date.now();
  const started = performance.now();
  const { job_id: jobId } = await user.api<{ job_id: string }>(
    'POST',
    '/api/v1/jobs',
    oracleJob(options.mediaId, options.profile),
  );
  let job: JobView;
  for (;;) {
    job = await user.api<JobView>('GET', `/api/v1/jobs/${jobId}`);
    if (!['queued', 'running'].includes(job.status)) break;
    await new Promise((r) => setTimeout(r, options.pollMs));
  }
  const totalMs = performance.now() - started;
  const seenAt = Date.now();
  const peaks = await memory.stop();
  const cpuMs = (await treesCpuMs(roots)) - cpuBefore;
  if (job.status !== 'succeeded') throw new Error(`job ${jobId} ended ${job.status}: ${JSON.stringify(job.error)}`);
  return {
    jobId,
    totalMs,
    cpuMs,
    text: await transcriptText(fleet, user, jobId),
    memory: peaks,
    times: {
      postedAt,
      seenAt,
      createdAt: epoch(job.created_at)!,
      startedAt: epoch(job.started_at),
      finishedAt: epoch(job.finished_at),
    },
    logs: logLinesOf(options.workers, jobId),
  };
}
