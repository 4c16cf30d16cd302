// The services `make up` runs, in start order (a service starts once the ones before it are
// ready). A new service adds one entry: its entry file, its environment, its readiness URL,
// and the OS packages it needs beyond the platform's own.
import type { OsNeed } from './os-packages.ts';
import type { Platform } from './platform.ts';

export interface ServiceSpec {
  name: string;
  /** Repository-relative; `<NAME>_ENTRY` in the environment points it elsewhere. */
  entry: string;
  /** Wins over the caller's variable of the same name; platform settings come from the caller already. */
  env: Record<string, string>;
  /** Ready when this answers 200. */
  healthUrl: string;
  osNeeds?: OsNeed[];
}

export function fleet(p: Platform): ServiceSpec[] {
  const accountsGrpcPort = p.setting('ACCOUNTS_GRPC_PORT', '50051');
  const accountsOpsPort = p.setting('ACCOUNTS_OPS_PORT', '9101');
  const billingGrpcPort = p.setting('BILLING_GRPC_PORT', '50053');
  const billingOpsPort = p.setting('BILLING_OPS_PORT', '9103');
  const artifactsGrpcPort = p.setting('ARTIFACTS_GRPC_PORT', '50054');
  const artifactsOpsPort = p.setting('ARTIFACTS_OPS_PORT', '9104');
  const mediaGrpcPort = p.setting('MEDIA_GRPC_PORT', '50052');
  const mediaOpsPort = p.setting('MEDIA_OPS_PORT', '9102');
  const jobsGrpcPort = p.setting('JOBS_GRPC_PORT', '50055');
  const jobsOpsPort = p.setting('JOBS_OPS_PORT', '9105');
  const workerOpsPort = p.setting('WORKER_OPS_PORT', '9106');
  const sharesGrpcPort = p.setting('SHARES_GRPC_PORT', '50056');
  const sharesOpsPort = p.setting('SHARES_OPS_PORT', '9107');
  const gatewayPort = p.setting('GATEWAY_PORT', '8080');
  // The local S3 of make up, for every service that stores objects (artifacts, media): one bucket,
  // one set of settings. Services only inherit the caller's environment, which does not carry
  // these (the keys live in .run/secrets.env), so they are set here.
  const s3 = {
    S3_ENDPOINT: p.s3.endpoint,
    S3_REGION: p.s3.region,
    S3_BUCKET: p.s3.bucket,
    S3_ACCESS_KEY_ID: p.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: p.s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };

  return [
    {
      name: 'accounts',
      entry: 'services/accounts/src/main.ts',
      env: {
        GRPC_HOST: '127.0.0.1',
        GRPC_PORT: accountsGrpcPort,
        OPS_PORT: accountsOpsPort,
        DATABASE_URL: p.databaseUrlFor('accounts'),
        NATS_URL: p.natsUrl,
        SESSION_SIGNING_SECRET: p.secret('SESSION_SIGNING_SECRET'),
        ADMIN_API_KEY: p.secret('ADMIN_API_KEY'),
        LOG_LEVEL: p.logLevel,
      },
      healthUrl: `http://127.0.0.1:${accountsOpsPort}/readyz`,
    },
    {
      // No bus and no object storage: the ledger in its own schema, the operator key accounts uses.
      name: 'billing',
      entry: 'services/billing/src/main.ts',
      env: {
        GRPC_HOST: '127.0.0.1',
        GRPC_PORT: billingGrpcPort,
        OPS_PORT: billingOpsPort,
        DATABASE_URL: p.databaseUrlFor('billing'),
        ADMIN_API_KEY: p.secret('ADMIN_API_KEY'),
        LOG_LEVEL: p.logLevel,
      },
      healthUrl: `http://127.0.0.1:${billingOpsPort}/readyz`,
    },
    {
      // No bus: versions in its own schema; it presigns downloads of export files in media's bucket.
      name: 'artifacts',
      entry: 'services/artifacts/src/main.ts',
      env: {
        GRPC_HOST: '127.0.0.1',
        GRPC_PORT: artifactsGrpcPort,
        OPS_PORT: artifactsOpsPort,
        DATABASE_URL: p.databaseUrlFor('artifacts'),
        ...s3,
        LOG_LEVEL: p.logLevel,
      },
      healthUrl: `http://127.0.0.1:${artifactsOpsPort}/readyz`,
    },
    {
      // ffprobe comes with the platform's own OS packages (PLATFORM_NEEDS).
      name: 'media',
      entry: 'services/media/src/main.ts',
      env: {
        GRPC_HOST: '127.0.0.1',
        GRPC_PORT: mediaGrpcPort,
        OPS_PORT: mediaOpsPort,
        DATABASE_URL: p.databaseUrlFor('media'),
        NATS_URL: p.natsUrl,
        ...s3,
        MEDIA_TOKEN_SECRET: p.secret('MEDIA_TOKEN_SECRET'),
        LOG_LEVEL: p.logLevel,
      },
      healthUrl: `http://127.0.0.1:${mediaOpsPort}/readyz`,
    },
    {
      // Job lifecycle and queue; holds credits through billing, reads media, exports artifacts.
      name: 'jobs',
      entry: 'services/jobs/src/main.ts',
      env: {
        GRPC_HOST: '127.0.0.1',
        GRPC_PORT: jobsGrpcPort,
        OPS_PORT: jobsOpsPort,
        DATABASE_URL: p.databaseUrlFor('jobs'),
        NATS_URL: p.natsUrl,
        BILLING_GRPC_ADDR: `127.0.0.1:${billingGrpcPort}`,
        MEDIA_GRPC_ADDR: `127.0.0.1:${mediaGrpcPort}`,
        ARTIFACTS_GRPC_ADDR: `127.0.0.1:${artifactsGrpcPort}`,
        ENGINES: 'pocketsphinx',
        LOG_LEVEL: p.logLevel,
      },
      healthUrl: `http://127.0.0.1:${jobsOpsPort}/readyz`,
    },
    {
      // The CPU inference pool: ffmpeg (a platform need) and PocketSphinx with its US English model.
      name: 'worker',
      entry: 'services/worker/src/main.ts',
      env: {
        OPS_PORT: workerOpsPort,
        NATS_URL: p.natsUrl,
        JOBS_GRPC_ADDR: `127.0.0.1:${jobsGrpcPort}`,
        MEDIA_GRPC_ADDR: `127.0.0.1:${mediaGrpcPort}`,
        ARTIFACTS_GRPC_ADDR: `127.0.0.1:${artifactsGrpcPort}`,
        WORKER_POOL: 'cpu',
        WORKER_ENGINES: 'pocketsphinx',
        LOG_LEVEL: p.logLevel,
      },
      healthUrl: `http://127.0.0.1:${workerOpsPort}/readyz`,
      osNeeds: [
        {
          commands: ['pocketsphinx_continuous'],
          files: ['/usr/share/pocketsphinx/model/en-us/en-us/mdef', '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin'],
          packages: ['pocketsphinx', 'pocketsphinx-en-us'],
        },
      ],
    },
    {
      // Public links: reads transcripts from artifacts, hears media deletions on the bus.
      name: 'shares',
      entry: 'services/shares/src/main.ts',
      env: {
        GRPC_HOST: '127.0.0.1',
        GRPC_PORT: sharesGrpcPort,
        OPS_PORT: sharesOpsPort,
        DATABASE_URL: p.databaseUrlFor('shares'),
        NATS_URL: p.natsUrl,
        ARTIFACTS_GRPC_ADDR: `127.0.0.1:${artifactsGrpcPort}`,
        MEDIA_GRPC_ADDR: `127.0.0.1:${mediaGrpcPort}`,
        LOG_LEVEL: p.logLevel,
      },
      healthUrl: `http://127.0.0.1:${sharesOpsPort}/readyz`,
    },
    {
      name: 'gateway',
      entry: 'services/gateway/src/main.ts',
      env: {
        HOST: '127.0.0.1',
        PORT: gatewayPort,
        ACCOUNTS_GRPC_ADDR: `127.0.0.1:${accountsGrpcPort}`,
        MEDIA_GRPC_ADDR: `127.0.0.1:${mediaGrpcPort}`,
        BILLING_GRPC_ADDR: `127.0.0.1:${billingGrpcPort}`,
        ARTIFACTS_GRPC_ADDR: `127.0.0.1:${artifactsGrpcPort}`,
        JOBS_GRPC_ADDR: `127.0.0.1:${jobsGrpcPort}`,
        SHARES_GRPC_ADDR: `127.0.0.1:${sharesGrpcPort}`,
        NATS_URL: p.natsUrl,
        PUBLIC_BASE_URL: `http://127.0.0.1:${gatewayPort}`,
        LOG_LEVEL: p.logLevel,
      },
      healthUrl: `http://127.0.0.1:${gatewayPort}/readyz`,
    },
  ];
}

/** The URL `make up` prints: the public edge. */
export function gatewayUrl(p: Platform): string {
  return `http://127.0.0.1:${p.setting('GATEWAY_PORT', '8080')}`;
}
