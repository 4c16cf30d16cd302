// Shared by the shares integration tests: real PostgreSQL and NATS, and the real accounts,
// artifacts and media services as processes (startFleet). Shares itself runs in-process, with a
// clock the tests can move. Transcripts are made the way the worker makes them (CreateArtifact)
// and edited the way users do (AddVersion); media is uploaded the documented way.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { connectBus, type Bus } from '@tp/bus';
import type { createClient } from '@tp/grpc';
import { createLogger } from '@tp/logging';
import {
  ArtifactsServiceService,
  MediaServiceService,
  SharesServiceService,
  type Artifact,
  type CreateShareRequest,
} from '@tp/proto';
import {
  connectToSchema,
  createTestBusNamespace,
  createTestDatabase,
  type Fleet,
  freePort,
  startFleet,
  type TestDatabase,
  testClient,
  testServiceKeys,
  uploadVerifiedMedia,
} from '@tp/testing';
import { exampleTranscript, type Transcript } from '@tp/transcript';
import { SharesConfigSchema, type SharesConfig } from '../src/config.ts';
import { SHARES_ACCESS } from '../src/rpc/access.ts';
import { startSharesService, type RunningShares } from '../src/service.ts';
import { shareInput } from '../src/usecases/testing/world.ts';

const run = promisify(execFile);
// Unexpected errors inside the service reach the test output; TEST_LOG_LEVEL=debug shows more.
export const log = createLogger({
  service: 'shares-test',
  level: (process.env.TEST_LOG_LEVEL as 'error' | undefined) ?? 'error',
});

/** Above the shares service's own deadline towards artifacts and media (30 s). */
const CALL_DEADLINE_MS = 60_000;

export type SharesClient = ReturnType<typeof createClient<typeof SharesServiceService>>;
export type ArtifactsClient = ReturnType<typeof createClient<typeof ArtifactsServiceService>>;
export type MediaClient = ReturnType<typeof createClient<typeof MediaServiceService>>;

/** The clock of the shares service under test: the real time plus `offsetMs`. */
export interface TestClock {
  offsetMs: number;
  now(): Date;
}

export interface SharesInstance {
  service: RunningShares;
  client: SharesClient;
  config: SharesConfig;
  /** A direct connection to this instance's database (search_path = shares). */
  db: pg.Client;
}

export interface Harness {
  fleet: Fleet;
  shares: SharesClient;
  artifacts: ArtifactsClient;
  media: MediaClient;
  service: RunningShares;
  config: SharesConfig;
  clock: TestClock;
  db: pg.Client;
  /** A bus on the fleet's namespace, to publish events as other services do. */
  bus: Bus;
  /** Five seconds of a 440 Hz tone, 16 kHz mono WAV. */
  wav: Buffer;
  /**
   * Another shares service against the same fleet with a database of its own, and (with
   * `isolatedBus`) a NATS namespace of its own, so no event of the fleet ever reaches it.
   */
  startShares(options?: { env?: Record<string, string>; isolatedBus?: boolean }): Promise<SharesInstance>;
  dispose(): Promise<void>;
}

/** Five seconds of a 440 Hz tone, 16 kHz mono WAV, made by ffmpeg. */
async function toneWav(): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'shares-test-'));
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=5',
    '-ar',
    '16000',
    '-ac',
    '1',
    join(dir, 'tone.wav'),
  ]);
  const wav = await readFile(join(dir, 'tone.wav'));
  await rm(dir, { recursive: true, force: true });
  return wav;
}

type StartShares = Harness['startShares'];

/** Starts shares services against the fleet, each with a database of its own; `cleanups` stops them. */
function sharesStarter(
  fleet: Fleet,
  clock: TestClock,
  env: Record<string, string>,
  cleanups: (() => Promise<void>)[],
): StartShares {
  return async (options = {}) => {
    const database: TestDatabase = await createTestDatabase({ service: 'shares' });
    const namespace = options.isolatedBus ? createTestBusNamespace() : null;
    const config = SharesConfigSchema.parse({
      GRPC_PORT: String(await freePort()),
      OPS_PORT: String(await freePort()),
      DATABASE_URL: database.serviceUrl,
      ...(await (namespace ?? fleet.natsNamespace).serviceEnv('shares')),
      // Whether an account an event calls deleted is gone (ADR 0039): the test users were never
      // accounts' users, so accounts answers that they are not there.
      ACCOUNTS_GRPC_ADDR: fleet.grpcAddr('accounts'),
      ARTIFACTS_GRPC_ADDR: fleet.grpcAddr('artifacts'),
      MEDIA_GRPC_ADDR: fleet.grpcAddr('media'),
      // Upper bounds only a broken backend reaches: a busy machine must not decide a test.
      BACKEND_DEADLINE_MS: '30000',
      LOG_LEVEL: 'silent',
      ...testServiceKeys().env('shares'),
      ...env,
      ...options.env,
    });
    const service = await startSharesService(config, log, { now: () => clock.now() });
    const client = testClient(SharesServiceService, `127.0.0.1:${service.grpcPort}`, {
      audience: 'shares',
      as: SHARES_ACCESS,
      defaultDeadlineMs: CALL_DEADLINE_MS,
      maxMessageBytes: 64 * 1024 * 1024,
    });
    const db = await connectToSchema(database.databaseUrl);
    cleanups.unshift(async () => {
      client.close();
      await service.stop();
      await db.end();
      await database.drop();
      await namespace?.cleanup();
    });
    return { service, client, config, db };
  };
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const wav = await toneWav();
  const fleet = await startFleet({ services: ['accounts', 'artifacts', 'media'] });
  const clock: TestClock = {
    offsetMs: 0,
    now() {
      return new Date(Date.now() + this.offsetMs);
    },
  };
  const cleanups: (() => Promise<void>)[] = [];
  const startShares = sharesStarter(fleet, clock, env, cleanups);

  try {
    const main = await startShares();
    const bus = await connectBus({
      url: fleet.natsUrl,
      name: 'shares-test',
      prefix: fleet.natsPrefix,
      credentialsFile: fleet.natsCredentialsFile,
      log,
    });
    // As their callers reach them: the worker stores transcripts, the gateway edits and deletes for a user.
    const artifacts = testClient(ArtifactsServiceService, fleet.grpcAddr('artifacts'), {
      audience: 'artifacts',
      as: 'gateway',
      methods: { createArtifact: 'worker' },
      defaultDeadlineMs: CALL_DEADLINE_MS,
      maxMessageBytes: 64 * 1024 * 1024,
    });
    const asGateway = { audience: 'media', as: 'gateway', defaultDeadlineMs: CALL_DEADLINE_MS } as const;
    const media = testClient(MediaServiceService, fleet.grpcAddr('media'), asGateway);
    return {
      fleet,
      shares: main.client,
      artifacts,
      media,
      service: main.service,
      config: main.config,
      clock,
      db: main.db,
      bus,
      wav,
      startShares,
      async dispose() {
        for (const cleanup of cleanups) await cleanup();
        artifacts.close();
        media.close();
        await bus.close();
        await fleet.stop();
      },
    };
  } catch (err) {
    for (const cleanup of cleanups) await cleanup();
    await fleet.stop();
    throw err;
  }
}

let users = 0;
/** A fresh user id per test (artifacts and media take any well-formed id). */
export const newUser = () =>
  `usr_shrtest${String((users += 1)).padStart(4, '0')}${Math.random().toString(36).slice(2, 8)}`;

/** A verified media of the user, uploaded the documented way (session → PUT → complete). */
export async function newMedia(h: Harness, userId: string, fileName = 'interview.wav'): Promise<string> {
  return (await uploadVerifiedMedia(h.media, { userId, bytes: h.wav, fileName, userAgent: 'shares-test' })).media
    .mediaId;
}

/** A transcript whose first segment says `text`, with the media it came from in its source. */
export function transcriptSaying(text: string, mediaId: string | null = null): Transcript {
  const t = exampleTranscript();
  t.segments[0]!.text = text;
  t.source = { ...t.source, media_id: mediaId, job_id: 'job_01jdsharetestjob0000000000' };
  return t;
}

/** A transcript artifact of the user, created the way the worker creates one. */
export async function newTranscript(
  h: Harness,
  userId: string,
  mediaId: string,
  transcript: Transcript = transcriptSaying('Hello there.', mediaId),
  title = 'Interview',
): Promise<{ artifact: Artifact; versionId: string }> {
  const created = await h.artifacts.createArtifact({
    userId,
    artifactType: 'transcript',
    mediaId,
    workspaceId: '',
    jobId: 'job_01jdsharetestjob0000000000',
    title,
    payloadJson: JSON.stringify(transcript),
    authorType: 'service',
    authorId: 'worker',
    outputKey: '',
    outputFormat: '',
    idempotencyKey: '',
  });
  return { artifact: created.artifact!, versionId: created.version!.versionId };
}

/** A user's edit: a new version that becomes current. */
export async function addVersion(
  h: Harness,
  userId: string,
  artifactId: string,
  transcript: Transcript,
): Promise<string> {
  const added = await h.artifacts.addVersion({
    userId,
    artifactId,
    payloadJson: JSON.stringify(transcript),
    baseVersionId: '',
    authorType: 'user',
    authorId: userId,
    note: 'edited',
    outputKey: '',
    outputFormat: '',
    idempotencyKey: '',
  });
  return added.version!.versionId;
}

/** A CreateShare request as the gateway sends it (the use case's input, field for field). */
export const shareRequest: (
  userId: string,
  artifactId: string,
  overrides?: Partial<CreateShareRequest>,
) => CreateShareRequest = shareInput;

export { eventually } from '@tp/testing';

/** The AppError a call fails with. */
export async function errorOf(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string; details: Record<string, unknown> }> {
  try {
    await promise;
  } catch (err) {
    const e = err as { code: string; message: string; details: Record<string, unknown> };
    return { code: e.code, message: e.message, details: e.details };
  }
  assert.fail('expected the call to fail');
}
