import type { TestDatabase } from './test-database.ts';
import type { TestObjectStore } from './object-store.ts';
import type { TestServiceKeys } from './service-keys.ts';

export const FLEET_SERVICES = [
  'accounts',
  'billing',
  'artifacts',
  'media',
  'jobs',
  'worker',
  'shares',
  'webhook-dispatcher',
  'ai-proxy',
  'gateway',
] as const;
/** Services a fleet runs only when asked (`FleetOptions.with`): the web app's server. */
export const OPTIONAL_FLEET_SERVICES = ['web'] as const;
export type FleetService = (typeof FLEET_SERVICES)[number] | (typeof OPTIONAL_FLEET_SERVICES)[number];
/** Every service a fleet can run (a fleet starts them side by side, as Kubernetes starts pods). */
export const START_ORDER: readonly FleetService[] = [
  ...FLEET_SERVICES.filter((name) => name !== 'gateway'),
  'web',
  'gateway',
];

export interface FleetOptions {
  /**
   * The S3 store to use, owned by the caller (who stops it); default: a store of the fleet's own.
   * The fault suite passes one it can kill and restart.
   */
  objectStore?: TestObjectStore;
  /** The services to run (their dependencies are not added for you); default: all of them. */
  services?: readonly FleetService[];
  /** Services to leave out of `services` (e.g. `['jobs', 'worker']` for tests of the edge alone). */
  without?: readonly FleetService[];
  /** Optional services to run too (`['web']`: the app, forwarded to by the gateway's `/app`). */
  with?: readonly FleetService[];
  /**
   * A service's database, owned by the caller (who drops it), instead of a fresh one with the
   * migrations applied: the upgrade test's restored and migrated release data.
   */
  databases?: Partial<Record<FleetService, TestDatabase>>;
  gatewayEnv?: Record<string, string>;
  accountsEnv?: Record<string, string>;
  billingEnv?: Record<string, string>;
  artifactsEnv?: Record<string, string>;
  mediaEnv?: Record<string, string>;
  jobsEnv?: Record<string, string>;
  workerEnv?: Record<string, string>;
  sharesEnv?: Record<string, string>;
  /** On top of the fleet's: private targets allowed, a retry schedule of milliseconds (WEBHOOK_RETRY_SCHEDULE). */
  webhookDispatcherEnv?: Record<string, string>;
  /** The managed-AI proxy: AI_UPSTREAM_URL (a fake upstream on loopback), AI_MODEL_ROUTES… */
  aiProxyEnv?: Record<string, string>;
  webEnv?: Record<string, string>;
}

/** What the services of one fleet share: where each listens, the databases, NATS, S3 and the secrets. */
export interface FleetSettings {
  options: FleetOptions;
  port(name: FleetService): { grpc: number; ops: number };
  /** host:port of a service's gRPC server. */
  addr(name: FleetService): string;
  databaseUrl(name: FleetService): string;
  nats: { NATS_URL: string; NATS_PREFIX: string };
  objectStoreEnv: Record<string, string>;
  adminKey: string;
  sessionSecret: string;
  mediaSecret: string;
  /** WEBHOOK_SECRETS_KEY of the dispatcher (32 bytes, base64). */
  webhookSecretsKey: string;
  /** Every service's key pair (SERVICE_PRIVATE_KEY, SERVICE_PUBLIC_KEYS). */
  serviceKeys: TestServiceKeys;
  /** Whether the fleet runs this service. */
  runs(name: FleetService): boolean;
}

/** The environment one service of the fleet starts with: its keys, its settings, its own `<name>Env` option on top. */
export function fleetServiceEnv(name: FleetService, fleet: FleetSettings): Record<string, string> {
  // The web app's server calls no service: it has no key.
  return { ...(name === 'web' ? {} : fleet.serviceKeys.env(name)), ...settingsOf(name, fleet) };
}

function settingsOf(name: FleetService, fleet: FleetSettings): Record<string, string> {
  const { options, nats, addr } = fleet;
  const grpcAndOps = { GRPC_PORT: String(fleet.port(name).grpc), OPS_PORT: String(fleet.port(name).ops) };
  const quiet = { LOG_LEVEL: 'warn' };
  switch (name) {
    case 'accounts':
      return {
        DATABASE_URL: fleet.databaseUrl(name),
        ...nats,
        ...grpcAndOps,
        SESSION_SIGNING_SECRET: fleet.sessionSecret,
        ADMIN_API_KEY: fleet.adminKey,
        ...quiet,
        ...options.accountsEnv,
      };
    case 'billing':
      return {
        DATABASE_URL: fleet.databaseUrl(name),
        ...grpcAndOps,
        ADMIN_API_KEY: fleet.adminKey,
        ...quiet,
        ...options.billingEnv,
      };
    case 'artifacts':
      return {
        DATABASE_URL: fleet.databaseUrl(name),
        ...grpcAndOps,
        ...fleet.objectStoreEnv,
        ...quiet,
        ...options.artifactsEnv,
      };
    case 'media':
      return {
        DATABASE_URL: fleet.databaseUrl(name),
        ...nats,
        ...grpcAndOps,
        MEDIA_TOKEN_SECRET: fleet.mediaSecret,
        ...fleet.objectStoreEnv,
        // Remote audio_url files of tests are served on loopback.
        EGRESS_ALLOW_PRIVATE_TARGETS: 'true',
        ...quiet,
        ...options.mediaEnv,
      };
    case 'jobs':
      return {
        DATABASE_URL: fleet.databaseUrl(name),
        ...nats,
        ...grpcAndOps,
        BILLING_GRPC_ADDR: addr('billing'),
        MEDIA_GRPC_ADDR: addr('media'),
        ARTIFACTS_GRPC_ADDR: addr('artifacts'),
        ...quiet,
        ...options.jobsEnv,
      };
    case 'worker':
      return {
        ...nats,
        OPS_PORT: String(fleet.port(name).ops),
        JOBS_GRPC_ADDR: addr('jobs'),
        MEDIA_GRPC_ADDR: addr('media'),
        ARTIFACTS_GRPC_ADDR: addr('artifacts'),
        ...quiet,
        ...options.workerEnv,
      };
    case 'shares':
      return {
        DATABASE_URL: fleet.databaseUrl(name),
        ...nats,
        ...grpcAndOps,
        ARTIFACTS_GRPC_ADDR: addr('artifacts'),
        MEDIA_GRPC_ADDR: addr('media'),
        ...quiet,
        ...options.sharesEnv,
      };
    case 'webhook-dispatcher':
      return webhookDispatcherSettings(fleet);
    case 'ai-proxy':
      return { ...grpcAndOps, BILLING_GRPC_ADDR: addr('billing'), ...quiet, ...options.aiProxyEnv };
    case 'gateway':
      return gatewaySettings(fleet);
    case 'web':
      return {
        PORT: String(fleet.port(name).grpc),
        OPS_PORT: String(fleet.port(name).ops),
        // The browser uploads straight to the store and plays media from it.
        WEB_CONNECT_SOURCES: new URL(fleet.objectStoreEnv.S3_ENDPOINT!).origin,
        ...quiet,
        ...options.webEnv,
      };
  }
}

/** Receivers of tests listen on loopback; retries come within a test's patience. */
function webhookDispatcherSettings(fleet: FleetSettings): Record<string, string> {
  const name = 'webhook-dispatcher';
  return {
    DATABASE_URL: fleet.databaseUrl(name),
    ...fleet.nats,
    GRPC_PORT: String(fleet.port(name).grpc),
    OPS_PORT: String(fleet.port(name).ops),
    JOBS_GRPC_ADDR: fleet.addr('jobs'),
    WEBHOOK_SECRETS_KEY: fleet.webhookSecretsKey,
    EGRESS_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '200ms,500ms,1s,2s,5s',
    WEBHOOK_POLL_INTERVAL_MS: '100',
    LOG_LEVEL: 'warn',
    ...fleet.options.webhookDispatcherEnv,
  };
}

function gatewaySettings(fleet: FleetSettings): Record<string, string> {
  const { options, nats, addr } = fleet;
  const name = 'gateway';
  const quiet = { LOG_LEVEL: 'warn' };
  return {
    PORT: String(fleet.port(name).grpc),
    OPS_PORT: String(fleet.port(name).ops),
    ACCOUNTS_GRPC_ADDR: addr('accounts'),
    MEDIA_GRPC_ADDR: addr('media'),
    BILLING_GRPC_ADDR: addr('billing'),
    ARTIFACTS_GRPC_ADDR: addr('artifacts'),
    JOBS_GRPC_ADDR: addr('jobs'),
    SHARES_GRPC_ADDR: addr('shares'),
    WEBHOOKS_GRPC_ADDR: addr('webhook-dispatcher'),
    AI_PROXY_GRPC_ADDR: addr('ai-proxy'),
    EGRESS_ALLOW_PRIVATE_TARGETS: 'true',
    ...(fleet.runs('web') ? { WEB_URL: `http://127.0.0.1:${fleet.port('web').grpc}` } : {}),
    ...nats,
    ...quiet,
    ...options.gatewayEnv,
  };
}

const unreached = { limit: 100_000_000, window_seconds: 60 };
/**
 * Gateway settings for a suite that polls: per-token and job-creation limits counted as in
 * production, at limits no test reaches. A suite's jobs poll every 100 ms, several at once, under
 * one user's token; the default plan (600 a minute) would answer some of them 429 on a slow
 * machine. The limiter has its own tests and the abuse suite checks it at its real limits.
 */
export const UNREACHED_RATE_LIMITS = {
  RATE_LIMIT_PLANS: JSON.stringify({ default: { token: unreached, job_create: unreached } }),
} as const;
