// Shared by the artifacts integration tests: real PostgreSQL and the local S3 store.
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type pg from 'pg';
import type { createClient } from '@tp/grpc';
import { createLogger } from '@tp/logging';
import { type AddVersionRequest, ArtifactsServiceService, type CreateArtifactRequest } from '@tp/proto';
import {
  connectToSchema,
  createTestDatabase,
  freePort,
  startTestObjectStore,
  testClient,
  testServiceKeys,
  type TestObjectStore,
} from '@tp/testing';
import { exampleTranscript, type Transcript } from '@tp/transcript';
import { ArtifactsConfigSchema, type ArtifactsConfig } from '../src/config.ts';
import { ARTIFACTS_ACCESS } from '../src/rpc/access.ts';
import { addVersionRequest, transcriptRequest } from '../src/usecases/testing/requests.ts';
import { startArtifactsService, type ArtifactsServiceOptions, type RunningArtifacts } from '../src/service.ts';

// Unexpected errors inside the service reach the test output; TEST_LOG_LEVEL=debug shows more.
export const log = createLogger({
  service: 'artifacts-test',
  level: (process.env.TEST_LOG_LEVEL as 'error' | undefined) ?? 'error',
});

export type ArtifactsClient = ReturnType<typeof createClient<typeof ArtifactsServiceService>>;

export interface Infra {
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  objectStore: TestObjectStore;
  s3: S3Client;
  /** A direct connection to the test database (search_path = artifacts). */
  db: pg.Client;
  env(overrides?: Record<string, string>): Promise<Record<string, string>>;
  dispose(): Promise<void>;
}

export async function startInfra(): Promise<Infra> {
  const [database, objectStore] = await Promise.all([
    createTestDatabase({ service: 'artifacts' }),
    startTestObjectStore(),
  ]);
  const s3 = new S3Client({
    endpoint: objectStore.endpoint,
    region: objectStore.region,
    forcePathStyle: true,
    credentials: { accessKeyId: objectStore.accessKeyId, secretAccessKey: objectStore.secretAccessKey },
  });
  const db = await connectToSchema(database.databaseUrl);
  return {
    database,
    objectStore,
    s3,
    db,
    env: async (overrides = {}) => ({
      GRPC_PORT: String(await freePort()),
      OPS_PORT: String(await freePort()),
      DATABASE_URL: database.serviceUrl,
      ...objectStore.env,
      LOG_LEVEL: 'silent',
      ...testServiceKeys().env('artifacts'),
      ...overrides,
    }),
    async dispose() {
      await db.end();
      s3.destroy();
      await objectStore.stop();
      await database.drop();
    },
  };
}

export interface InProcessService {
  service: RunningArtifacts;
  client: ArtifactsClient;
  config: ArtifactsConfig;
  stop(): Promise<void>;
}

export async function startInProcess(
  infra: Infra,
  overrides: Record<string, string> = {},
  options: ArtifactsServiceOptions = {},
): Promise<InProcessService> {
  const config = ArtifactsConfigSchema.parse(await infra.env(overrides));
  const service = await startArtifactsService(config, log, options);
  // Each method called as its real caller calls it (the worker, the gateway, jobs, shares).
  const client = testClient(ArtifactsServiceService, `127.0.0.1:${service.grpcPort}`, {
    audience: 'artifacts',
    as: ARTIFACTS_ACCESS,
    defaultDeadlineMs: 30_000,
  });
  return {
    service,
    client,
    config,
    async stop() {
      client.close();
      await service.stop();
    },
  };
}

export async function putObject(
  infra: Infra,
  key: string,
  body: string | Uint8Array,
  contentType: string,
): Promise<void> {
  await infra.s3.send(
    new PutObjectCommand({ Bucket: infra.objectStore.bucket, Key: key, Body: body, ContentType: contentType }),
  );
}

let users = 0;
/** A fresh user id per test. */
export const newUser = () =>
  `usr_test${String((users += 1)).padStart(4, '0')}${Math.random().toString(36).slice(2, 8)}`;

/** A valid transcript whose first segment says `text` (one word per segment word). */
export function transcriptSaying(text: string): Transcript {
  const t = exampleTranscript();
  t.segments[0]!.text = text;
  return t;
}

/** CreateArtifact of the example transcript of `userId`, by the worker, for med_test and job_test. */
export const createRequest = (userId: string, overrides: Partial<CreateArtifactRequest> = {}): CreateArtifactRequest =>
  transcriptRequest({ userId, mediaId: 'med_test', jobId: 'job_test', ...overrides });

export const addRequest = (
  userId: string,
  artifactId: string,
  payload: unknown,
  overrides: Partial<AddVersionRequest> = {},
): AddVersionRequest => addVersionRequest(userId, artifactId, payload, overrides);

/** The same JSON value with every object's keys in reverse order. */
export function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reverseKeys(v)]),
  );
}

export const versionRows = async (db: pg.Client, artifactId: string) =>
  (await db.query('SELECT * FROM versions WHERE artifact_id = $1 ORDER BY number', [artifactId])).rows;

export const historyRows = async (db: pg.Client, artifactId: string) =>
  (
    await db.query(
      'SELECT version_id, action, actor_type, actor_id FROM transcription_history WHERE artifact_id = $1 ORDER BY id',
      [artifactId],
    )
  ).rows;

/** A clock a test sets to a fixed instant (signing dates it chooses); the system clock until then. */
export interface TestClock {
  now(): Date;
  set(at: Date | null): void;
}

export function testClock(): TestClock {
  let fixed: Date | null = null;
  return {
    now: () => fixed ?? new Date(),
    set(at) {
      fixed = at;
    },
  };
}

export { eventually } from '@tp/testing';
