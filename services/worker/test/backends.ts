// The real services a worker works for, for the worker's integration tests: accounts, billing,
// artifacts, media and jobs as processes (startFleet from @tp/testing) on their own databases,
// S3 store and NATS namespace. Work is made the way the product makes it: a user with credits
// (tsctl), media uploaded to storage and verified by media, a job created through jobs (which
// publishes the work ticket itself). Outcomes are read back from jobs, artifacts, billing and the
// bus. Nothing here stands in for a service.
import assert from 'node:assert/strict';
import { type Bus, connectBus, STREAMS, type Subscription } from '@tp/bus';
import type { JobEventPayload } from '@tp/events';
import type { GrpcClient } from '@tp/grpc';
import {
  ArtifactsServiceService,
  BillingServiceService,
  JobsServiceService,
  type Job,
  MediaServiceService,
} from '@tp/proto';
import { jobOptionsFromView } from '@tp/job-options';
import { type Fleet, startFleet, testClient, testPki, testServiceKeys, eventually } from '@tp/testing';
import type { ArtifactsClient, JobsClient, MediaClient } from '../src/clients.ts';
import { workDurable } from '../src/events/work-tickets.ts';
import type { WorkerServiceOptions } from '../src/service.ts';
import { type InProcessWorker, inProcessWorkers } from './in-process-worker.ts';
import { type JobProbes, jobProbes, tolerant } from './job-probes.ts';
import { type MediaFixtures, mediaFixtures } from './media-fixtures.ts';
import { log } from './support.ts';

export type { InProcessWorker } from './in-process-worker.ts';
export type { UploadedMedia } from './media-fixtures.ts';

/** The pool every `oracle` job waits in (the profile's pool in @tp/catalog). */
export const POOL = 'cpu';

export interface Backends extends JobProbes, Omit<MediaFixtures, 'close'> {
  fleet: Fleet;
  /** The fleet's bus, to read the work consumer's state. */
  bus: Bus;
  jobs: JobsClient;
  media: MediaClient;
  artifacts: ArtifactsClient;
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
  /**
   * A job of the media (options: the job's options, default `{language: 'en'}`), of the profile
   * `oracle` unless `as` names another (and the features of the user asking).
   */
  createJob(mediaId: string, options?: Record<string, unknown>, as?: JobProfile): Promise<Job>;
  /** No ticket of the pool is waiting or being worked on. */
  queueDrained(): Promise<boolean>;
  dispose(): Promise<void>;
}

/** A user made with tsctl and granted 10 credits; its id. */
async function createUser(fleet: Fleet): Promise<string> {
  const email = `worker-${process.pid}-${Date.now()}@example.com`;
  const created = await fleet.tsctl('users', 'create', '--email', email);
  assert.equal(created.code, 0, created.stderr);
  const granted = await fleet.tsctl('credits', 'grant', '--email', email, '--credits', '10', '--reason', 'worker test');
  assert.equal(granted.code, 0, granted.stderr);
  return (JSON.parse(created.stdout) as { user_id: string }).user_id;
}

function backendClients(fleet: Fleet) {
  const deadline = { defaultDeadlineMs: 30_000 };
  return {
    // As the product reaches them: the gateway, for the user each request names.
    jobs: testClient(JobsServiceService, fleet.grpcAddr('jobs'), { ...deadline, audience: 'jobs', as: 'gateway' }),
    media: testClient(MediaServiceService, fleet.grpcAddr('media'), { ...deadline, audience: 'media', as: 'gateway' }),
    artifacts: testClient(ArtifactsServiceService, fleet.grpcAddr('artifacts'), {
      ...deadline,
      audience: 'artifacts',
      as: 'gateway',
      // A job's transcript, read back the way jobs reads it to export it.
      methods: { getCurrentPayload: 'jobs' },
    }),
    billing: testClient(BillingServiceService, fleet.grpcAddr('billing'), {
      ...deadline,
      audience: 'billing',
      as: 'gateway',
    }),
  };
}

/** The fleet's bus, and every job event published on it from now on. */
async function watchJobEvents(
  fleet: Fleet,
): Promise<{ bus: Bus; subscription: Subscription; events: Backends['events'] }> {
  const bus = await connectBus({
    url: fleet.natsUrl,
    name: 'worker-test',
    prefix: fleet.natsPrefix,
    credentialsFile: fleet.natsCredentialsFile,
    log,
  });
  try {
    await bus.ensureStreams([STREAMS.WORK]);
    const events: Backends['events'] = [];
    const subscription = await bus.subscribeEvents<JobEventPayload>({
      filterSubject: 'events.job.>',
      handler: (event) => void events.push({ subject: event.subject, data: event.data }),
    });
    return { bus, subscription, events };
  } catch (err) {
    await bus.close().catch(() => undefined);
    throw err;
  }
}

/** `nats`: the fleet's NATS_URL, NATS_PREFIX and the worker's own credentials (fleet.natsEnv). */
function workerEnvOf(fleet: Fleet, nats: Record<string, string>): Backends['workerEnv'] {
  return (extra = {}) => ({
    ...nats,
    JOBS_GRPC_ADDR: fleet.grpcAddr('jobs'),
    MEDIA_GRPC_ADDR: fleet.grpcAddr('media'),
    ARTIFACTS_GRPC_ADDR: fleet.grpcAddr('artifacts'),
    OPS_PORT: '0',
    WORKER_POOL: POOL,
    SERVICE_PRIVATE_KEY: testServiceKeys().privateKeys.worker!,
    ...testPki().env('worker'),
    PROGRESS_INTERVAL_MS: '200',
    // Short windows, one at a time: a test clip of a few seconds is several windows, so its
    // progress moves while it runs, as a long recording's does.
    WINDOW_TARGET_SECONDS: '5',
    WINDOW_MAX_SECONDS: '10',
    ENGINE_POOL_SIZE: '1',
    WORKER_CONCURRENCY: '1',
    WORK_ACK_WAIT_MS: '3000',
    WORK_MAX_DELIVER: '3',
    LOG_LEVEL: 'info',
    ...extra,
  });
}

/** Who asks for a job: its profile and the features of its user. */
export interface JobProfile {
  profile: string;
  features: string[];
}

async function createProfileJob(
  jobs: JobsClient,
  userId: string,
  mediaId: string,
  options: Record<string, unknown> = { language: 'en' },
  as: JobProfile = { profile: 'oracle', features: [] },
): Promise<Job> {
  const { job } = await jobs.createJob({
    userId,
    workspaceId: '',
    type: 'transcription',
    mediaIds: [mediaId],
    batch: false,
    profile: as.profile,
    options: jobOptionsFromView(options),
    idempotencyKey: '',
    features: as.features,
    webhookId: '',
    requestFingerprint: '',
    executionMode: '',
  });
  assert.ok(job, 'CreateJob answers the job');
  // The answer is the job as it is once admitted: a free worker may have claimed it already.
  assert.ok(['queued', 'running'].includes(job.status), job.status);
  return job;
}

async function restartService(
  fleet: Fleet,
  clients: ReturnType<typeof backendClients>,
  userId: string,
  name: 'jobs' | 'artifacts',
) {
  await fleet.startService(name);
  const probe =
    name === 'jobs'
      ? () => clients.jobs.getQueue({ userId, jobType: 'transcription', limit: 1, offset: 0 })
      : () => clients.artifacts.listArtifacts({ userId, mediaId: '', workspaceId: '', artifactType: '', limit: 1 });
  await eventually(
    `${name} to answer again`,
    tolerant(async () => (await probe(), true)),
    60_000,
    50,
  );
}

export async function startBackends(options: { jobsEnv?: Record<string, string> } = {}): Promise<Backends> {
  const fleet = await startFleet({
    services: ['accounts', 'billing', 'artifacts', 'media', 'jobs'] as const,
    // Billing left pending by an outage is retried soon.
    jobsEnv: { RECONCILE_INTERVAL_MS: '1000', ...options.jobsEnv },
  });
  const clients = backendClients(fleet);
  let userId = '';
  const stored = mediaFixtures(fleet, clients.media, () => userId);
  const workerEnv = workerEnvOf(fleet, await fleet.natsEnv('worker'));
  const workers = inProcessWorkers(workerEnv);
  let watch: Awaited<ReturnType<typeof watchJobEvents>> | undefined;
  const dispose = async () => {
    await workers.stopAll().catch(() => undefined);
    await watch?.subscription.stop().catch(() => undefined);
    await watch?.bus.close().catch(() => undefined);
    stored.close();
    for (const client of Object.values(clients)) client.close();
    await fleet.stop();
  };
  try {
    userId = await createUser(fleet);
    watch = await watchJobEvents(fleet);
    const { bus } = watch;
    return {
      fleet,
      bus,
      ...clients,
      userId,
      events: watch.events,
      workerEnv,
      startWorker: workers.start,
      stopWorkers: workers.stopAll,
      restart: (name) => restartService(fleet, clients, userId, name),
      upload: stored.upload,
      putObject: stored.putObject,
      deleteObject: stored.deleteObject,
      createJob: (mediaId, options, as) => createProfileJob(clients.jobs, userId, mediaId, options, as),
      ...jobProbes(clients, userId),
      async queueDrained() {
        const info = await bus.manager.consumers.info(bus.streamName('WORK'), workDurable(POOL));
        return info.num_pending === 0 && info.num_ack_pending === 0;
      },
      dispose,
    };
  } catch (err) {
    await dispose();
    throw err;
  }
}
