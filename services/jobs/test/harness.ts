// The jobs service under test: real PostgreSQL and NATS, and the real billing, media, artifacts
// (and accounts, for tsctl) services as processes. The tests play the worker's part themselves
// through the worker surface (ClaimJob, ReportProgress, CompleteJob, FailJob).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before } from 'node:test';
import { promisify } from 'node:util';
import { Metadata } from '@grpc/grpc-js';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createClient } from '@tp/grpc';
import { createLogger } from '@tp/logging';
import {
  AccountsAdminServiceService,
  ArtifactsServiceService,
  BillingAdminServiceService,
  BillingServiceService,
  JobsServiceService,
  MediaServiceService,
} from '@tp/proto';
import {
  asOperator,
  connectToSchema,
  createTestDatabase,
  type Fleet,
  freePort,
  startFleet,
  type TestDatabase,
  testClient,
  testServiceKeys,
} from '@tp/testing';
import type { ServiceName } from '@tp/identity';
import type pg from 'pg';
import { connectServiceDatabase } from '@tp/db';
import { type JobsConfig, JobsConfigSchema } from '../src/config.ts';
import { PrismaClient } from '../src/generated/prisma/client.ts';
import { JOBS_ACCESS } from '../src/rpc/access.ts';
import { type RunningJobs, startJobsService } from '../src/service.ts';
import { createJobsStore, type JobsStore } from '../src/store/jobs-store.ts';

const run = promisify(execFile);
// Unexpected errors inside the service reach the test output; TEST_LOG_LEVEL=debug shows more.
export const log = createLogger({
  service: 'jobs-test',
  level: (process.env.TEST_LOG_LEVEL as 'error' | undefined) ?? 'error',
});

/** Deadline of the tests' own calls: far above what any call takes, even on a loaded machine. */
const CALL_DEADLINE_MS = 30_000;

export type JobsClient = ReturnType<typeof createClient<typeof JobsServiceService>>;
export type BillingClient = ReturnType<typeof createClient<typeof BillingServiceService>>;
export type MediaClient = ReturnType<typeof createClient<typeof MediaServiceService>>;
export type ArtifactsClient = ReturnType<typeof createClient<typeof ArtifactsServiceService>>;

export interface Harness {
  fleet: Fleet;
  database: TestDatabase;
  jobs: JobsClient;
  billing: BillingClient;
  media: MediaClient;
  artifacts: ArtifactsClient;
  service: RunningJobs;
  config: JobsConfig;
  /** The operator surfaces tsctl uses (users create, credits grant), with the fleet's admin key. */
  admin: {
    accounts: ReturnType<typeof createClient<typeof AccountsAdminServiceService>>;
    billing: ReturnType<typeof createClient<typeof BillingAdminServiceService>>;
    metadata: Metadata;
  };
  /** A direct connection to the jobs database (search_path = jobs). */
  db: pg.Client;
  /** The service's store on that database, for the steps a test plays itself (a creator that dies half-way). */
  store: JobsStore;
  nats: NatsConnection;
  /** Five seconds of a 440 Hz tone, 16 kHz mono WAV. */
  wav: Buffer;
  /** A client of the jobs service calling every method as `caller` (a user only where CallOptions.user names one). */
  clientAs(caller: ServiceName): JobsClient;
  dispose(): Promise<void>;
}

async function toneWav(): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'jobs-test-'));
  const file = join(dir, 'tone.wav');
  const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=5', '-ar', '16000', '-ac', '1'];
  await run('ffmpeg', ['-v', 'error', '-y', ...tone, file]);
  const wav = await readFile(file);
  await rm(dir, { recursive: true, force: true });
  return wav;
}

/** A jobs service on the fleet and database; its client. */
async function startJobsOn(fleet: Fleet, database: TestDatabase, env: Record<string, string>) {
  const config = JobsConfigSchema.parse({
    GRPC_PORT: String(await freePort()),
    OPS_PORT: String(await freePort()),
    DATABASE_URL: database.serviceUrl,
    ...(await fleet.natsEnv('jobs')),
    BILLING_GRPC_ADDR: fleet.grpcAddr('billing'),
    MEDIA_GRPC_ADDR: fleet.grpcAddr('media'),
    ARTIFACTS_GRPC_ADDR: fleet.grpcAddr('artifacts'),
    // Tests run the reconciler themselves (service.reconcile), at the moment they choose.
    RECONCILE_INTERVAL_MS: String(3_600_000),
    // A backend's answer decides each test, never a deadline: far above what a call takes on a
    // loaded machine (the reservation timeout has to be four times as long).
    BACKEND_DEADLINE_MS: '30000',
    RESERVATION_TIMEOUT_MS: '120000',
    LOG_LEVEL: 'silent',
    ...testServiceKeys().env('jobs'),
    ...env,
  });
  const service = await startJobsService(config, log);
  // Each method called as its real caller calls it: the gateway for a user, the worker for its jobs.
  const client = testClient(JobsServiceService, `127.0.0.1:${service.grpcPort}`, {
    audience: 'jobs',
    as: JOBS_ACCESS,
    defaultDeadlineMs: CALL_DEADLINE_MS,
  });
  return { service, client, config };
}

/** `billingEnv`: settings of the fleet's billing (e.g. PLAN_MAX_CONCURRENT_JOBS). */
export async function startHarness(
  overrides: Record<string, string> = {},
  billingEnv: Record<string, string> = {},
): Promise<Harness> {
  const wav = await toneWav();
  const [fleet, database] = await Promise.all([
    startFleet({ services: ['accounts', 'billing', 'artifacts', 'media'], billingEnv }),
    createTestDatabase({ service: 'jobs' }),
  ]);
  const callers: JobsClient[] = [];
  const main = await startJobsOn(fleet, database, overrides);
  const db = await connectToSchema(database.databaseUrl);
  const direct = connectServiceDatabase(database.databaseUrl, (adapter) => new PrismaClient({ adapter }));
  const nats = await connect(fleet.natsNamespace.connectOptions());
  const metadata = new Metadata();
  metadata.set('x-admin-key', fleet.adminKey);
  const deadline = { defaultDeadlineMs: CALL_DEADLINE_MS };
  const admin = {
    accounts: createClient(AccountsAdminServiceService, fleet.accountsGrpcAddr, {
      ...deadline,
      ...asOperator('accounts'),
    }),
    billing: createClient(BillingAdminServiceService, fleet.grpcAddr('billing'), {
      ...deadline,
      ...asOperator('billing'),
    }),
    metadata,
  };
  return {
    admin,
    fleet,
    database,
    jobs: main.client,
    // The other services as their callers reach them: the gateway for a user, jobs holding
    // credits, the worker storing a transcript.
    billing: testClient(BillingServiceService, fleet.grpcAddr('billing'), {
      ...deadline,
      audience: 'billing',
      as: 'gateway',
      methods: { reserve: 'jobs', settle: 'jobs', release: 'jobs' },
    }),
    media: testClient(MediaServiceService, fleet.grpcAddr('media'), { ...deadline, audience: 'media', as: 'gateway' }),
    artifacts: testClient(ArtifactsServiceService, fleet.grpcAddr('artifacts'), {
      ...deadline,
      audience: 'artifacts',
      as: 'gateway',
      methods: { createArtifact: 'worker' },
    }),
    service: main.service,
    config: main.config,
    db,
    store: createJobsStore(direct, { defaultMaxConcurrentJobs: main.config.DEFAULT_MAX_CONCURRENT_JOBS }),
    nats,
    wav,
    clientAs(caller) {
      const address = `127.0.0.1:${main.service.grpcPort}`;
      const client = testClient(JobsServiceService, address, { ...deadline, audience: 'jobs', as: caller });
      callers.push(client);
      return client;
    },
    async dispose() {
      for (const client of callers) client.close();
      main.client.close();
      await main.service.stop();
      admin.accounts.close();
      admin.billing.close();
      await nats.close();
      await direct.close();
      await db.end();
      await fleet.stop();
      await database.drop();
    },
  };
}

/** Cancels every job still queued or running, so that the next test starts with an empty queue. */
export async function cancelUnfinished(h: Harness): Promise<void> {
  const { rows } = await h.db.query<{ id: string; user_id: string }>(
    `SELECT id, user_id FROM jobs WHERE status IN ('queued', 'running') AND hold_state = 'held' AND parent_job_id IS NULL`,
  );
  for (const row of rows) await h.jobs.cancelJob({ userId: row.user_id, jobId: row.id });
}

/**
 * The harness of a test file: started before its first test, disposed of after its last. The
 * object is filled in by `before`, so a file can name it at the top (and must not add hooks of
 * its own at the top level: node:test starts those side by side with these).
 */
export function useHarness(
  options: { emptyQueueAfterEach?: boolean; billingEnv?: Record<string, string> } = {},
): Harness {
  const harness = {} as Harness;
  before(async () => {
    Object.assign(harness, await startHarness({}, options.billingEnv));
  });
  after(async () => {
    await harness.dispose?.();
  });
  // The queue is global (every user's jobs of a pool): each test starts with it empty.
  if (options.emptyQueueAfterEach) afterEach(() => cancelUnfinished(harness));
  return harness;
}
