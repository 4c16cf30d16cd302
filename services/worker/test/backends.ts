// The real services a worker works for, for the worker's integration tests: accounts, billing,
// artifacts, media and jobs as processes (startFleet from @tp/testing) on their own databases,
// S3 store and NATS namespace. Work is made the way the product makes it: a user with credits
// (tsctl), media uploaded to storage and verified by media, a job created through jobs (which
// publishes the work ticket itself). Outcomes are read back from jobs, artifacts, billing and the
// bus. Nothing here stands in for a service.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { connectBus, STREAMS, type Bus, type Subscription } from '@tp/bus';
import type { JobEventPayload } from '@tp/events';
import { createClient, type GrpcClient } from '@tp/grpc';
import { createLogger } from '@tp/logging';
import { ArtifactsServiceService, BillingServiceService, JobsServiceService, MediaServiceService, type Artifact, type Balance, type Job, type LedgerEntry } from '@tp/proto';
import { createObjectStore } from '@tp/storage';
import { startFleet, uploadVerifiedMedia, type Fleet } from '@tp/testing';
import { WorkerConfigSchema } from '../src/config.ts';
import { startWorkerService, workDurable, type RunningWorker, type WorkerServiceOptions } from '../src/service.ts';
import { eventually, log } from './support.ts';

/** The pool every `oracle` job waits in (the profile's pool in @tp/catalog). */
export const POOL = 'cpu';

export interface UploadedMedia {
  mediaId: string;
  fileName: string;
  durationSeconds: number;
  /** The object's key in the fleet's bucket. */
  storageKey: string;
}

/** A worker started in this process (startWorkerService), with the log lines it wrote. */
export interface InProcessWorker {
  service: RunningWorker;
  lines: Record<string, unknown>[];
  /** Log lines with this message (and these fields). */
  logged(msg: string, fields?: Record<string, unknown>): Record<string, unknown>[];
  stop(): Promise<void>;
}

export interface Backends {
  fleet: Fleet;
  /** The fleet's bus, to read the work consumer's state. */
  bus: Bus;
  jobs: GrpcClient<typeof JobsServiceService>;
  media: GrpcClient<typeof MediaServiceService>;
  artifacts: GrpcClient<typeof ArtifactsServiceService>;
  billing: GrpcClient<typeof BillingServiceService>;
  /** The user the work is for (created with tsctl, granted credits). */
  userId: string;
  /** Every job event jobs published since start (subject and payload). */
  events: { subject: string; data: JobEventPayload }[];
  /** Settings of a worker of this fleet (a process's environment, or the input of WorkerConfigSchema). */
  workerEnv(extra?: Record<string, string>): Record<string, string>;
  /** Starts a worker in this process against the fleet; stopped by `stopWorkers` and `dispose`. */
  startWorker(extra?: Record<string, string>, hooks?: WorkerServiceOptions): Promise<InProcessWorker>;
  /**
   * Starts a stopped service of the fleet again and waits until this file's client reaches it
   * (a gRPC channel that saw the service go away reconnects after a back-off).
   */
  restart(name: 'jobs' | 'artifacts'): Promise<void>;
  /** Stops every worker started with `startWorker` that still runs. */
  stopWorkers(): Promise<void>;
  upload(path: string, contentType: string): Promise<UploadedMedia>;
  createJob(mediaId: string): Promise<Job>;
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
  /** No ticket of the pool is waiting or being worked on. */
  queueDrained(): Promise<boolean>;
  /** Writes an object of the fleet's bucket as an S3 client with the store's keys would. */
  putObject(key: string, body: Buffer): Promise<void>;
  deleteObject(key: string): Promise<void>;
  dispose(): Promise<void>;
}

const ENDED = new Set(['succeeded', 'failed', 'cancelled']);

/** A call that met a service restarting (or its client reconnecting): worth polling again. */
function transient(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === 'service_unavailable' || code === 'upstream_timeout';
}

/** `probe`, with transient failures counted as "not yet". */
const tolerant =
  <T>(probe: () => Promise<T | undefined | false>) =>
  () =>
    probe().catch((err: unknown) => {
      if (transient(err)) return undefined;
      throw err;
    });
let workers = 0;

export async function startBackends(options: { jobsEnv?: Record<string, string> } = {}): Promise<Backends> {
  const fleetOptions = {
    services: ['accounts', 'billing', 'artifacts', 'media', 'jobs'] as const,
    // Billing left pending by an outage is retried soon.
    jobsEnv: { RECONCILE_INTERVAL_MS: '1000', ...options.jobsEnv },
  };
  const fleet = await startFleet(fleetOptions);
  const store = fleet.objectStore;
  const objects = createObjectStore(
    { endpoint: store.endpoint, region: store.region, bucket: store.bucket, accessKeyId: store.accessKeyId, secretAccessKey: store.secretAccessKey, forcePathStyle: true },
    log,
  );
  const opened: { close(): void }[] = [objects];
  let bus: Bus | undefined;
  let subscription: Subscription | undefined;
  const running = new Set<InProcessWorker>();
  const dispose = async () => {
    for (const worker of [...running]) await worker.stop().catch(() => undefined);
    await subscription?.stop().catch(() => undefined);
    await bus?.close().catch(() => undefined);
    for (const client of opened) client.close();
    await fleet.stop();
  };
  try {
    const email = `worker-${process.pid}-${Date.now()}@example.com`;
    const created = await fleet.tsctl('users', 'create', '--email', email);
    assert.equal(created.code, 0, created.stderr);
    const granted = await fleet.tsctl('credits', 'grant', '--email', email, '--credits', '10', '--reason', 'worker test');
    assert.equal(granted.code, 0, granted.stderr);
    const userId = (JSON.parse(created.stdout) as { user_id: string }).user_id;

    const deadline = { defaultDeadlineMs: 30_000 };
    const jobs = createClient(JobsServiceService, fleet.grpcAddr('jobs'), deadline);
    const media = createClient(MediaServiceService, fleet.grpcAddr('media'), deadline);
    const artifacts = createClient(ArtifactsServiceService, fleet.grpcAddr('artifacts'), deadline);
    const billing = createClient(BillingServiceService, fleet.grpcAddr('billing'), deadline);
    opened.push(jobs, media, artifacts, billing);

    bus = await connectBus({ url: fleet.natsUrl, name: 'worker-test', prefix: fleet.natsPrefix, log });
    await bus.ensureStreams([STREAMS.WORK]);
    const events: Backends['events'] = [];
    subscription = await bus.subscribeEvents<JobEventPayload>({ filterSubject: 'events.job.>', handler: (event) => void events.push({ subject: event.subject, data: event.data }) });
    const connected = bus;

    const workerEnv = (extra: Record<string, string> = {}): Record<string, string> => ({
      NATS_URL: fleet.natsUrl,
      NATS_PREFIX: fleet.natsPrefix,
      JOBS_GRPC_ADDR: fleet.grpcAddr('jobs'),
      MEDIA_GRPC_ADDR: fleet.grpcAddr('media'),
      ARTIFACTS_GRPC_ADDR: fleet.grpcAddr('artifacts'),
      OPS_PORT: '0',
      WORKER_POOL: POOL,
      PROGRESS_INTERVAL_MS: '200',
      WORK_ACK_WAIT_MS: '3000',
      WORK_MAX_DELIVER: '3',
      LOG_LEVEL: 'info',
      ...extra,
    });

    const getJob = (jobId: string) => jobs.getJob({ userId, jobId });
    const ledgerOf = async (jobId: string) => (await billing.listLedger({ principalId: userId, limit: 200 })).entries.filter((e) => e.reference === jobId).reverse();

    return {
      fleet,
      bus,
      jobs,
      media,
      artifacts,
      billing,
      userId,
      events,
      workerEnv,

      async startWorker(extra = {}, hooks = { retryDelaysMs: [50, 100], backoffMs: [300] }) {
        workers += 1;
        const config = WorkerConfigSchema.parse(workerEnv({ WORKER_ID: `worker-test-${workers}`, ...extra }));
        const lines: Record<string, unknown>[] = [];
        const captured = createLogger({ service: 'worker', level: 'debug', destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } });
        const service = await startWorkerService(config, captured, hooks);
        let stopping: Promise<void> | undefined;
        const worker: InProcessWorker = {
          service,
          lines,
          logged: (msg, fields = {}) => lines.filter((line) => line.msg === msg && Object.entries(fields).every(([k, v]) => line[k] === v)),
          stop() {
            running.delete(worker);
            stopping ??= service.stop();
            return stopping;
          },
        };
        running.add(worker);
        return worker;
      },

      async restart(name) {
        await fleet.startService(name);
        const probe =
          name === 'jobs'
            ? () => jobs.getQueue({ userId, jobType: 'transcription', limit: 1, offset: 0 })
            : () => artifacts.listArtifacts({ userId, mediaId: '', workspaceId: '', artifactType: '', limit: 1 });
        await eventually(`${name} to answer again`, tolerant(async () => (await probe(), true)), 15_000, 50);
      },

      async stopWorkers() {
        for (const worker of [...running]) await worker.stop();
      },

      async upload(path, contentType) {
        const bytes = await readFile(path);
        const fileName = basename(path);
        const uploaded = await uploadVerifiedMedia(media, { userId, bytes, fileName, contentType, userAgent: 'worker-test' });
        // Path-style: /<bucket>/<key>.
        const path_ = new URL(uploaded.uploadUrl).pathname;
        const bucketPrefix = `/${fleet.objectStore.bucket}/`;
        assert.ok(path_.startsWith(bucketPrefix), uploaded.uploadUrl);
        const storageKey = path_.slice(bucketPrefix.length).split('/').map(decodeURIComponent).join('/');
        return { mediaId: uploaded.media.mediaId, fileName: uploaded.media.fileName, durationSeconds: uploaded.media.durationSeconds, storageKey };
      },

      async createJob(mediaId) {
        const { job } = await jobs.createJob({
          userId,
          workspaceId: '',
          type: 'transcription',
          mediaIds: [mediaId],
          batch: false,
          profile: 'oracle',
          optionsJson: '{"language":"en"}',
          idempotencyKey: '',
          features: [],
        });
        assert.ok(job, 'CreateJob answers the job');
        assert.equal(job.status, 'queued');
        return job;
      },

      getJob,

      ended: (jobId, timeoutMs = 60_000) =>
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
            if (ENDED.has(job.status)) throw new Error(`job ${jobId} ended (${job.status} ${job.errorCode}) before it was seen running`);
            return job.status === 'running' && job.progress > 0 ? job : undefined;
          }),
          timeoutMs,
          20,
        ),

      async artifactsOf(job) {
        const { artifacts: listed } = await artifacts.listArtifacts({ userId, mediaId: job.mediaId, workspaceId: '', artifactType: '', limit: 200 });
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

      async queueDrained() {
        const info = await connected.manager.consumers.info(connected.streamName('WORK'), workDurable(POOL));
        return info.num_pending === 0 && info.num_ack_pending === 0;
      },

      async putObject(key, body) {
        const res = await fetch(await objects.presignPut(key, 'application/octet-stream', 300), { method: 'PUT', body, headers: { 'content-type': 'application/octet-stream' } });
        assert.equal(res.status, 200, await res.text());
      },

      deleteObject: (key) => objects.delete(key),

      dispose,
    };
  } catch (err) {
    await dispose();
    throw err;
  }
}
