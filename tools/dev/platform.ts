// The local platform's settings: the caller's environment first (so `make up VAR=…` wins),
// then .run/secrets.env, then the defaults below.
import type { Layout } from './layout.ts';
import type { Secrets } from './secrets.ts';

export interface Endpoint {
  host: string;
  port: number;
}

export interface Platform {
  /** The caller's environment, passed through to every process we start. */
  env: NodeJS.ProcessEnv;
  /** The server and database, without a schema: postgresql://postgres@127.0.0.1:5432/transcription */
  databaseUrl: string;
  database: Endpoint & { user: string; name: string };
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
  /** The database URL a service uses: its own schema in the shared database. */
  databaseUrlFor(schema: string): string;
  /** Where the local CA and the services' certificates are (.run/pki, ADR 0037). */
  pkiDir: string;
}

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

  const dbUrl = new URL(setting('DATABASE_URL', DEFAULT_DATABASE_URL));
  if (!/^postgres(ql)?:$/.test(dbUrl.protocol))
    throw new Error(`DATABASE_URL must be a postgresql:// URL, got ${dbUrl.protocol}`);
  dbUrl.searchParams.delete('schema');
  const database = {
    ...endpointOf(dbUrl, 5432),
    user: decodeURIComponent(dbUrl.username) || 'postgres',
    name: decodeURIComponent(dbUrl.pathname.slice(1)) || 'transcription',
  };
  if (!dbUrl.pathname.slice(1)) dbUrl.pathname = `/${database.name}`;
  const databaseUrl = dbUrl.toString();

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
    env,
    databaseUrl,
    database,
    natsUrl,
    nats,
    s3,
    logLevel: setting('LOG_LEVEL', 'info'),
    setting,
    secret,
    databaseUrlFor(schema) {
      const url = new URL(databaseUrl);
      url.searchParams.set('schema', schema);
      return url.toString();
    },
  };
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
