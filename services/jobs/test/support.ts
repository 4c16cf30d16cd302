// Shared by the jobs integration tests: real PostgreSQL and NATS, and the real billing, media,
// artifacts (and accounts, for tsctl) services as processes. The tests play the worker's part
// themselves through the worker surface (ClaimJob, ReportProgress, CompleteJob, FailJob).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { Metadata } from '@grpc/grpc-js';
import { createClient } from '@tp/grpc';
import { createLogger } from '@tp/logging';
import { AccountsAdminServiceService, ArtifactsServiceService, BillingAdminServiceService, BillingServiceService, JobsServiceService, MediaServiceService, type ClaimJobRequest, type CreateJobRequest, type Job } from '@tp/proto';
import { parseCredits } from '@tp/catalog';
import { connectToSchema, createTestDatabase, type Fleet, freePort, startFleet, type TestDatabase, uploadVerifiedMedia } from '@tp/testing';
import { exampleTranscript, type Transcript } from '@tp/transcript';
import { JobsConfigSchema, type JobsConfig } from '../src/config.ts';
import { startJobsService, type RunningJobs } from '../src/service.ts';

const run = promisify(execFile);
// Unexpected errors inside the service reach the test output; TEST_LOG_LEVEL=debug shows more.
export const log = createLogger({ service: 'jobs-test', level: (process.env.TEST_LOG_LEVEL as 'error' | undefined) ?? 'error' });

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
  admin: { accounts: ReturnType<typeof createClient<typeof AccountsAdminServiceService>>; billing: ReturnType<typeof createClient<typeof BillingAdminServiceService>>; metadata: Metadata };
  /** A direct connection to the jobs database (search_path = jobs). */
  db: pg.Client;
  nats: NatsConnection;
  /** Five seconds of a 440 Hz tone, 16 kHz mono WAV. */
  wav: Buffer;
  /** A second jobs service on the same database and fleet (other settings), stopped by dispose. */
  startJobs(overrides?: Record<string, string>): Promise<{ service: RunningJobs; client: JobsClient }>;
  dispose(): Promise<void>;
}

export async function startHarness(overrides: Record<string, string> = {}): Promise<Harness> {
  const dir = await mkdtemp(join(tmpdir(), 'jobs-test-'));
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=5', '-ar', '16000', '-ac', '1', join(dir, 'tone.wav')]);
  const wav = await readFile(join(dir, 'tone.wav'));
  await rm(dir, { recursive: true, force: true });

  const [fleet, database] = await Promise.all([startFleet({ services: ['accounts', 'billing', 'artifacts', 'media'] }), createTestDatabase({ service: 'jobs' })]);
  const extra: { service: RunningJobs; client: JobsClient }[] = [];
  const startJobs = async (more: Record<string, string> = {}) => {
    const config = JobsConfigSchema.parse({
      GRPC_PORT: String(await freePort()),
      OPS_PORT: String(await freePort()),
      DATABASE_URL: database.databaseUrl,
      NATS_URL: fleet.natsUrl,
      NATS_PREFIX: fleet.natsPrefix,
      BILLING_GRPC_ADDR: fleet.grpcAddr('billing'),
      MEDIA_GRPC_ADDR: fleet.grpcAddr('media'),
      ARTIFACTS_GRPC_ADDR: fleet.grpcAddr('artifacts'),
      // Tests run the reconciler themselves (service.reconcile), at the moment they choose.
      RECONCILE_INTERVAL_MS: String(3_600_000),
      BACKEND_DEADLINE_MS: '3000',
      RESERVATION_TIMEOUT_MS: '20000',
      LOG_LEVEL: 'silent',
      ...overrides,
      ...more,
    });
    const service = await startJobsService(config, log);
    const client = createClient(JobsServiceService, `127.0.0.1:${service.grpcPort}`, { defaultDeadlineMs: 30_000 });
    return { service, client, config };
  };
  const main = await startJobs();
  const db = await connectToSchema(database.databaseUrl);
  const nats = await connect({ servers: fleet.natsUrl });
  const metadata = new Metadata();
  metadata.set('x-admin-key', fleet.adminKey);
  const admin = {
    accounts: createClient(AccountsAdminServiceService, fleet.accountsGrpcAddr, { defaultDeadlineMs: 10_000 }),
    billing: createClient(BillingAdminServiceService, fleet.grpcAddr('billing'), { defaultDeadlineMs: 10_000 }),
    metadata,
  };
  return {
    admin,
    fleet,
    database,
    jobs: main.client,
    billing: createClient(BillingServiceService, fleet.grpcAddr('billing'), { defaultDeadlineMs: 10_000 }),
    media: createClient(MediaServiceService, fleet.grpcAddr('media'), { defaultDeadlineMs: 30_000 }),
    artifacts: createClient(ArtifactsServiceService, fleet.grpcAddr('artifacts'), { defaultDeadlineMs: 30_000 }),
    service: main.service,
    config: main.config,
    db,
    nats,
    wav,
    async startJobs(more) {
      const started = await startJobs(more);
      extra.push(started);
      return { service: started.service, client: started.client };
    },
    async dispose() {
      for (const { service, client } of [...extra, main]) {
        client.close();
        await service.stop();
      }
      admin.accounts.close();
      admin.billing.close();
      await nats.close();
      await db.end();
      await fleet.stop();
      await database.drop();
    },
  };
}


let users = 0;

/**
 * A user granted `credits` (none for '0'), made with the operator calls `tsctl users create` and
 * `tsctl credits grant` make (a tsctl process per call would cost half a second each).
 */
export async function newUser(h: Harness, credits: string): Promise<string> {
  const email = `jobs-${process.pid}-${(users += 1)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { userId } = await h.admin.accounts.createUser({ email, password: '' }, { metadata: h.admin.metadata });
  if (credits !== '0') {
    await h.admin.billing.grantCredits({ principalId: userId, amountMicro: parseCredits(credits), reason: 'jobs test', expiresAt: undefined, reference: '' }, { metadata: h.admin.metadata });
  }
  return userId;
}

/** The same through tsctl itself, as an operator would. */
export async function newUserWithTsctl(h: Harness, credits: string): Promise<string> {
  const email = `jobs-cli-${process.pid}-${(users += 1)}@example.com`;
  const created = await h.fleet.tsctl('users', 'create', '--email', email);
  assert.equal(created.code, 0, created.stderr);
  const granted = await h.fleet.tsctl('credits', 'grant', '--email', email, '--credits', credits, '--reason', 'jobs test');
  assert.equal(granted.code, 0, granted.stderr);
  return (JSON.parse(created.stdout) as { user_id: string }).user_id;
}

/** A verified media of the user, uploaded the documented way (session → PUT → complete). */
export async function newMedia(h: Harness, userId: string, fileName = 'interview.wav', workspaceId = ''): Promise<{ mediaId: string; durationSeconds: number; fileName: string }> {
  const { media } = await uploadVerifiedMedia(h.media, { userId, bytes: h.wav, fileName, workspaceId, userAgent: 'jobs-test' });
  return { mediaId: media.mediaId, durationSeconds: media.durationSeconds, fileName: media.fileName };
}

/** A media whose bytes were never uploaded (awaiting_upload). */
export async function unfinishedMedia(h: Harness, userId: string): Promise<string> {
  const session = await h.media.createUploadSession({ userId, fileName: 'later.wav', contentType: 'audio/wav', workspaceId: '', idempotencyKey: '', userAgent: 'jobs-test', sizeBytes: 0 });
  return session.mediaId;
}

export const createRequest = (userId: string, mediaIds: string[], overrides: Partial<CreateJobRequest> = {}): CreateJobRequest => ({
  userId,
  workspaceId: '',
  type: 'transcription',
  mediaIds,
  batch: mediaIds.length > 1,
  profile: 'oracle',
  optionsJson: JSON.stringify({ language: 'auto', target_language: null, diarization: null, channel_speaker_separation: false, caption_burn: null }),
  idempotencyKey: '',
  features: [],
  ...overrides,
});

let tickets = 0;
/** A ticket id as a worker gets one from a work message (unique per test run). */
export const newTicket = () => `tkt_${process.pid}_${(tickets += 1)}`;

export const claimRequest = (overrides: Partial<ClaimJobRequest> = {}): ClaimJobRequest => ({
  ticketId: newTicket(),
  workerId: 'worker-test',
  jobType: 'transcription',
  pool: 'cpu',
  engines: ['pocketsphinx'],
  deliveryCount: 1,
  maxAttempts: 5,
  ...overrides,
});

/** Claims the head of the cpu queue with a fresh ticket; the job (or undefined) and the ticket. */
export async function claimNext(h: Harness, overrides: Partial<ClaimJobRequest> = {}): Promise<{ job: Job | undefined; ticketId: string }> {
  const request = claimRequest(overrides);
  const { job } = await h.jobs.claimJob(request);
  return { job, ticketId: request.ticketId };
}

/** Stores a transcript artifact for a job the way the worker does; returns its id. */
export async function storeTranscript(h: Harness, job: Job, transcript: Transcript = exampleTranscript()): Promise<string> {
  const created = await h.artifacts.createArtifact({
    userId: job.userId,
    artifactType: 'transcript',
    mediaId: job.mediaId,
    workspaceId: job.workspaceId,
    jobId: job.jobId,
    title: job.title,
    payloadJson: JSON.stringify(transcript),
    authorType: 'service',
    authorId: 'worker',
    outputKey: '',
    outputFormat: '',
    idempotencyKey: `job:${job.jobId}`,
  });
  return created.artifact!.artifactId;
}

/** The ledger entries of a job's hold (reservation, settlement, release), oldest first. */
export async function ledgerOf(h: Harness, userId: string, jobId: string) {
  const { entries } = await h.billing.listLedger({ principalId: userId, limit: 200 });
  return entries.filter((e) => e.reference === jobId).reverse();
}

export async function balanceOf(h: Harness, userId: string) {
  return h.billing.getBalance({ principalId: userId });
}

/** Reads every message on `subject` (logical, unprefixed) of a stream (logical name) with a fresh consumer. */
export async function readStream(h: Harness, stream: 'WORK' | 'EVENTS', subject: string): Promise<{ subject: string; data: unknown; msgId: string | undefined }[]> {
  const prefix = h.fleet.natsPrefix;
  const streamName = `${prefix.toUpperCase()}_${stream}`;
  const jsm = await jetstreamManager(h.nats);
  const name = `test-${Math.random().toString(36).slice(2, 10)}`;
  // A work-queue stream takes no consumer that overlaps another's filter: every reader is the
  // only one while it reads, and goes away after.
  await jsm.consumers.add(streamName, { durable_name: name, filter_subject: `${prefix}.${subject}`, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All });
  try {
    const consumer = await jetstream(h.nats).consumers.get(streamName, name);
    const out: { subject: string; data: unknown; msgId: string | undefined }[] = [];
    const info = await consumer.info();
    let pending = info.num_pending;
    while (pending > 0) {
      const batch = await consumer.fetch({ max_messages: Math.min(pending, 256), expires: 2000 });
      let got = 0;
      for await (const m of batch) {
        out.push({ subject: m.subject.slice(prefix.length + 1), data: m.json(), msgId: m.headers?.get('Nats-Msg-Id') });
        got += 1;
      }
      if (got === 0) break;
      pending -= got;
    }
    return out;
  } finally {
    await jsm.consumers.delete(streamName, name);
  }
}

export { eventually } from '@tp/testing';

/** The AppError code a call fails with ('none' when it succeeds). */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'none';
  } catch (err) {
    return (err as { code?: string }).code ?? 'unknown';
  }
}

export async function errorOf(promise: Promise<unknown>): Promise<{ code: string; message: string; details: Record<string, unknown> }> {
  try {
    await promise;
  } catch (err) {
    const e = err as { code: string; message: string; details: Record<string, unknown> };
    return { code: e.code, message: e.message, details: e.details };
  }
  assert.fail('expected the call to fail');
}
