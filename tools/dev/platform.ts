// The local platform's settings: the caller's environment first (so `make up VAR=…` wins),
// then .run/secrets.env, then the defaults below.
import { MIGRATOR_ROLE, rolePasswordSecret, serviceRole } from './database-roles.ts';
import type { Layout } from './layout.ts';
import type { Secrets } from './secrets.ts';

export interface Endpoint {
  host: string;
  port: number;
}

export interface Platform {
  /** The caller's environment, passed through to every process we start. */
  env: NodeJS.ProcessEnv;
  /**
   * The admin's URL of the server and database, without a schema (password included):
   * postgresql://postgres:…@127.0.0.1:5432/transcription. Only tools use it; services get their role's.
   */
  databaseUrl: string;
  /** `own`: our cluster (in .run/pg, or make test's); otherwise the server DATABASE_URL names. */
  database: Endpoint & { user: string; name: string; own: boolean };
  natsUrl: string;
  nats: Endpoint;
  s3: Endpoint & {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    dataDir: string;
  };
  logLevel: string;
  /** The caller's value of `name`, else `fallback`. */
  setting(name: string, fallback: string): string;
  /** A secret: the caller's value, else the one in .run/secrets.env. */
  secret(name: string): string;
  /** The URL of the platform's database as `role` with `password`, on `schema` when given. */
  roleUrl(role: string, password: string, schema?: string): string;
  /** Where the local CA and the services' certificates are (.run/pki, ADR 0037). */
  pkiDir: string;
  /** Where the bus authority and each role's NATS credentials are (.run/nats-auth, ADR 0041). */
  natsAuthDir: string;
}

/** Our own cluster: the superuser `postgres`, the database `transcription`, POSTGRES_PORT (5432). */
export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/transcription';
export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

function endpointOf(url: URL, defaultPort: number): Endpoint {
  const host = url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  return { host: host === 'localhost' ? '127.0.0.1' : host, port: url.port ? Number(url.port) : defaultPort };
}

export function platformFrom(env: NodeJS.ProcessEnv, secrets: Secrets, dirs: Layout): Platform {
  const setting = (name: string, fallback: string): string => env[name] || fallback;
  const secret = (name: string): string => {
    const value = env[name] || secrets[name];
    if (!value) throw new Error(`secret ${name} is missing: run make up once to generate .run/secrets.env`);
    return value;
  };

  const { databaseUrl, database } = databaseOf(env, secrets);

  const natsUrl = setting('NATS_URL', DEFAULT_NATS_URL);
  const nats = endpointOf(new URL(natsUrl), 4222);

  const s3Port = Number(setting('S3_PORT', '9000'));
  const s3Endpoint = setting('S3_ENDPOINT', `http://127.0.0.1:${s3Port}`);
  const s3 = {
    ...endpointOf(new URL(s3Endpoint), s3Port),
    endpoint: s3Endpoint,
    bucket: setting('S3_BUCKET', 'transcription-media'),
    region: setting('S3_REGION', 'us-east-1'),
    accessKeyId: env.S3_ACCESS_KEY_ID || secrets.S3_ACCESS_KEY_ID || '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || secrets.S3_SECRET_ACCESS_KEY || '',
    dataDir: setting('S3_DATA_DIR', dirs.s3Dir),
  };

  return {
    pkiDir: dirs.pkiDir,
    natsAuthDir: dirs.natsAuthDir,
    env,
    databaseUrl,
    database,
    natsUrl,
    nats,
    s3,
    logLevel: setting('LOG_LEVEL', 'info'),
    setting,
    secret,
    roleUrl(role, password, schema) {
      const url = new URL(databaseUrl);
      url.username = encodeURIComponent(role);
      url.password = encodeURIComponent(password);
      if (schema !== undefined) url.searchParams.set('schema', schema);
      return url.toString();
    },
  };
}

/**
 * DATABASE_URL given: a server of the caller's, which must let its user (an admin that may create
 * roles and databases) in with the URL's credentials; we start nothing there. Otherwise our own
 * cluster on 127.0.0.1:POSTGRES_PORT, its superuser's password POSTGRES_PASSWORD (.run/secrets.env).
 */
function databaseOf(env: NodeJS.ProcessEnv, secrets: Secrets) {
  const given = env.DATABASE_URL;
  const dbUrl = new URL(given || DEFAULT_DATABASE_URL);
  if (!/^postgres(ql)?:$/.test(dbUrl.protocol))
    throw new Error(`DATABASE_URL must be a postgresql:// URL, got ${dbUrl.protocol}`);
  dbUrl.searchParams.delete('schema');
  if (!given) {
    dbUrl.port = env.POSTGRES_PORT || '5432';
    // Empty only where no secret exists yet (make down, make status): they never log in.
    dbUrl.password = encodeURIComponent(env.POSTGRES_PASSWORD || secrets.POSTGRES_PASSWORD || '');
  }
  const database = {
    ...endpointOf(dbUrl, 5432),
    user: decodeURIComponent(dbUrl.username) || 'postgres',
    name: decodeURIComponent(dbUrl.pathname.slice(1)) || 'transcription',
    own: !given,
  };
  if (!dbUrl.pathname.slice(1)) dbUrl.pathname = `/${database.name}`;
  return { databaseUrl: dbUrl.toString(), database };
}

/** What tests and tools need to reach the platform (secrets included). */
export function platformEnv(platform: Platform, secrets: Secrets): Record<string, string> {
  // @tp/testing creates a database per test file through the server's maintenance database.
  const admin = new URL(platform.databaseUrl);
  admin.pathname = '/postgres';
  return {
    ...secrets,
    DATABASE_URL: platform.databaseUrl,
    TEST_DATABASE_URL: platform.env.TEST_DATABASE_URL || admin.toString(),
    NATS_URL: platform.natsUrl,
    S3_ENDPOINT: platform.s3.endpoint,
    S3_REGION: platform.s3.region,
    S3_BUCKET: platform.s3.bucket,
    S3_ACCESS_KEY_ID: platform.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: platform.s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/** What a service connects with: its role, its password, its schema. */
export function serviceDatabaseUrl(p: Platform, schema: string): string {
  const role = serviceRole(schema);
  return p.roleUrl(role, p.secret(rolePasswordSecret(role)), schema);
}

/** What migrations run with (make up, make migrate): the migrations role on the platform's database. */
export function migratorDatabaseUrl(p: Platform): string {
  return p.roleUrl(MIGRATOR_ROLE, p.secret(rolePasswordSecret(MIGRATOR_ROLE)));
}
