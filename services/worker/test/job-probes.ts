// What the worker's tests read back from the fleet: a job's state, its artifacts, its ledger.
import type { Artifact, Balance, Job, LedgerEntry } from '@tp/proto';
import type { ArtifactsClient, JobsClient } from '../src/clients.ts';
import type { GrpcClient } from '@tp/grpc';
import type { BillingServiceService } from '@tp/proto';
import { eventually } from '@tp/testing';

export interface JobProbes {
  getJob(jobId: string): Promise<Job>;
  /** Polls the job until it succeeded, failed or was cancelled. */
  ended(jobId: string, timeoutMs?: number): Promise<Job>;
  /** Polls the job until it runs with progress above 0. */
  makingProgress(jobId: string, timeoutMs?: number): Promise<Job>;
  /** The job's transcript artifacts (listed for its media). */
  artifactsOf(job: Job): Promise<Artifact[]>;
  /** The ledger entries of the job's hold, oldest first. */
  ledgerOf(jobId: string): Promise<LedgerEntry[]>;
  /** Waits until the job's hold was settled or released; the ledger entries then. */
  billed(jobId: string): Promise<LedgerEntry[]>;
  balance(): Promise<Balance>;
}

export const ENDED = new Set(['succeeded', 'failed', 'cancelled']);

/** A call that met a service restarting (or its client reconnecting): worth polling again. */
function transient(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === 'service_unavailable' || code === 'upstream_timeout';
}

/** `probe`, with transient failures counted as "not yet". */
export const tolerant =
  <T>(probe: () => Promise<T | undefined | false>) =>
  () =>
    probe().catch((err: unknown) => {
      if (transient(err)) return undefined;
      throw err;
    });

export function jobProbes(
  clients: { jobs: JobsClient; artifacts: ArtifactsClient; billing: GrpcClient<typeof BillingServiceService> },
  userId: string,
): JobProbes {
  const { jobs, artifacts, billing } = clients;
  const getJob = (jobId: string) => jobs.getJob({ userId, jobId });
  const ledgerOf = async (jobId: string) =>
    (await billing.listLedger({ principalId: userId, limit: 200 })).entries
      .filter((e) => e.reference === jobId)
      .reverse();
  return {
    getJob,
    ended: (jobId, timeoutMs = 180_000) =>
      eventually(
        `job ${jobId} to end`,
        tolerant(async () => {
          const job = await getJob(jobId);
          return ENDED.has(job.status) ? job : undefined;
        }),
        timeoutMs,
        50,
      ),
    makingProgress: (jobId, timeoutMs = 30_000) =>
      eventually(
        `job ${jobId} to make progress`,
        tolerant(async () => {
          const job = await getJob(jobId);
          if (ENDED.has(job.status))
            throw new Error(`job ${jobId} ended (${job.status} ${job.errorCode}) before it was seen running`);
          return job.status === 'running' && job.progress > 0 ? job : undefined;
        }),
        timeoutMs,
        20,
      ),
    async artifactsOf(job) {
      const { artifacts: listed } = await artifacts.listArtifacts({
        userId,
        mediaId: job.mediaId,
        workspaceId: '',
        artifactType: '',
        limit: 200,
      });
      return listed.filter((a) => a.jobId === job.jobId);
    },
    ledgerOf,
    billed: (jobId) =>
      eventually(
        `the hold of ${jobId} to be settled or released`,
        async () => {
          const entries = await ledgerOf(jobId);
          return entries.some((e) => e.kind === 'settlement' || e.kind === 'release') ? entries : undefined;
        },
        15_000,
        50,
      ),
    balance: () => billing.getBalance({ principalId: userId }),
  };
}
