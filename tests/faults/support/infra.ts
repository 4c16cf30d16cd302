// The fault suite's own PostgreSQL, NATS and S3: started the way `make up` and `make test` start
// theirs (tools/dev), but always our own, on free ports, with their state in a temporary folder,
// so the suite may kill them without touching the servers others share on this machine
// (127.0.0.1:5432 and 4222). Each is a daemon with a pid file: killed with its whole process
// group (SIGKILL, as a crashed machine loses it) and started again on the same port and data.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, type TestObjectStore } from '@tp/testing';
import { ensureLayout, layout, type Layout } from '../../../tools/dev/layout.ts';
import { ensureNats } from '../../../tools/dev/nats.ts';
import { natsAuthFiles } from '../../../tools/dev/nats-auth.ts';
import { ensureLocalS3 } from '../../../tools/dev/object-store.ts';
import { freshDatabaseSecrets } from '../../../tools/dev/database-roles.ts';
import { platformFrom, type Platform } from '../../../tools/dev/platform.ts';
import { ensureDatabase, ensureDatabaseRoles, ensurePostgres } from '../../../tools/dev/postgres.ts';
import { killDaemon, stopDaemon } from '../../../tools/dev/processes.ts';

export const INFRA = ['postgres', 'nats', 'local-s3'] as const;
export type InfraName = (typeof INFRA)[number];

export interface FaultInfra {
  /** The maintenance database of our PostgreSQL: @tp/testing makes the fleet's databases there. */
  adminDatabaseUrl: string;
  /** The passwords of the services' roles (DATABASE_PASSWORD_<ROLE>), for @tp/testing's service URLs. */
  databaseSecrets: Record<string, string>;
  natsUrl: string;
  /** NATS_AUTHORITY_FILE and NATS_CREDENTIALS_FILE of its NATS, for @tp/testing's fleet (ADR 0041). */
  natsEnv: Record<string, string>;
  /** Our local S3, for the fleet (stopped by `stop`, not by the fleet). */
  objectStore: TestObjectStore;
  dirs: Layout;
  kill(name: InfraName): Promise<void>;
  /** Starts a killed server again on its port and data, and waits until it answers. */
  start(name: InfraName): Promise<void>;
  /** Stops all three and removes their folder. */
  stop(): Promise<void>;
}

async function platformOnFreePorts(dirs: Layout, databaseSecrets: Record<string, string>): Promise<Platform> {
  const env = {
    PATH: process.env.PATH,
    POSTGRES_PORT: String(await freePort()),
    NATS_URL: `nats://127.0.0.1:${await freePort()}`,
    S3_PORT: String(await freePort()),
    S3_BUCKET: 'faults',
    LOG_LEVEL: 'warn',
  };
  const keys = {
    S3_ACCESS_KEY_ID: `TPFAULTS${randomBytes(6).toString('hex').toUpperCase()}`,
    S3_SECRET_ACCESS_KEY: randomBytes(24).toString('hex'),
    ...databaseSecrets,
  };
  return platformFrom(env, keys, dirs);
}

function objectStoreOf(p: Platform): TestObjectStore {
  const { endpoint, region, bucket, accessKeyId, secretAccessKey, dataDir } = p.s3;
  return {
    endpoint,
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    dataDir,
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {},
  };
}

export async function startFaultInfra(log: (line: string) => void): Promise<FaultInfra> {
  const dirs = layout(mkdtempSync(join(tmpdir(), 'tp-faults-')));
  ensureLayout(dirs);
  const databaseSecrets = freshDatabaseSecrets();
  const p = await platformOnFreePorts(dirs, databaseSecrets);
  const start = async (name: InfraName): Promise<void> => {
    // Commits acknowledged before a kill must survive it, as on a real server.
    if (name === 'postgres') await ensurePostgres(p, dirs, log, { crashSafeCommits: true });
    if (name === 'nats') await ensureNats(p, dirs, log);
    if (name === 'local-s3') await ensureLocalS3(p, dirs, log);
  };
  const stop = async (): Promise<void> => {
    for (const name of [...INFRA].reverse()) await stopDaemon(dirs, name);
    rmSync(dirs.runDir, { recursive: true, force: true });
  };
  try {
    for (const name of INFRA) await start(name);
    // Once: the roles live in the cluster, which a restart keeps.
    ensureDatabase(p, log);
    ensureDatabaseRoles(p, log);
  } catch (err) {
    await stop();
    throw err;
  }
  const admin = new URL(p.databaseUrl);
  admin.pathname = '/postgres';
  return {
    adminDatabaseUrl: admin.toString(),
    databaseSecrets,
    natsUrl: p.natsUrl,
    natsEnv: {
      NATS_AUTHORITY_FILE: natsAuthFiles(dirs).authorityFile,
      NATS_CREDENTIALS_FILE: natsAuthFiles(dirs).adminCredentials,
    },
    objectStore: objectStoreOf(p),
    dirs,
    kill: async (name) => {
      if (!(await killDaemon(dirs, name))) throw new Error(`${name} was not running`);
    },
    start,
    stop,
  };
}
