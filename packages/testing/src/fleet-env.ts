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
  /** NATS_URL, NATS_PREFIX and, for a service on the bus, its own NATS_CREDENTIALS_FILE (ADR 0041). */
  nats(name: FleetService): Record<string, string>;
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

type Settings = Record<string, string>;

/** Every service's own settings: its database, NATS, ports, the addresses of what it calls, its `<name>Env` option. */
const SETTINGS: Readonly<Record<FleetService, (fleet: FleetSettings, own: Settings) => Settings>> = {
  accounts: (fleet, own) => ({
    DATABASE_URL: fleet.databaseUrl('accounts'),
    ...fleet.nats('accounts'),
    ...own,
    SESSION_SIGNING_SECRET: fleet.sessionSecret,
    ADMIN_API_KEY: fleet.adminKey,
    ...fleet.options.accountsEnv,
  }),
  billing: (fleet, own) => ({
    DATABASE_URL: fleet.databaseUrl('billing'),
    ...own,
    ADMIN_API_KEY: fleet.adminKey,
    ...fleet.options.billingEnv,
  }),
  artifacts: (fleet, own) => ({
    DATABASE_URL: fleet.databaseUrl('artifacts'),
    ...own,
    ...fleet.objectStoreEnv,
    ...fleet.options.artifactsEnv,
  }),
  media: (fleet, own) => ({
    DATABASE_URL: fleet.databaseUrl('media'),
    ...fleet.nats('media'),
    ...own,
    MEDIA_TOKEN_SECRET: fleet.mediaSecret,
    ...fleet.objectStoreEnv,
    // Remote audio_url files of tests are served on loopback.
    EGRESS_ALLOW_PRIVATE_TARGETS: 'true',
    ...fleet.options.mediaEnv,
  }),
  jobs: (fleet, own) => ({
    DATABASE_URL: fleet.databaseUrl('jobs'),
    ...fleet.nats('jobs'),
    ...own,
    BILLING_GRPC_ADDR: fleet.addr('billing'),
    MEDIA_GRPC_ADDR: fleet.addr('media'),
    ARTIFACTS_GRPC_ADDR: fleet.addr('artifacts'),
    ...fleet.options.jobsEnv,
  }),
  worker: (fleet, own) => ({
    ...fleet.nats('worker'),
    OPS_PORT: own.OPS_PORT!,
    JOBS_GRPC_ADDR: fleet.addr('jobs'),
    MEDIA_GRPC_ADDR: fleet.addr('media'),
    ARTIFACTS_GRPC_ADDR: fleet.addr('artifacts'),
    LOG_LEVEL: own.LOG_LEVEL!,
    ...fleet.options.workerEnv,
  }),
  shares: (fleet, own) => ({
    DATABASE_URL: fleet.databaseUrl('shares'),
    ...fleet.nats('shares'),
    ...own,
    ACCOUNTS_GRPC_ADDR: fleet.addr('accounts'),
    ARTIFACTS_GRPC_ADDR: fleet.addr('artifacts'),
    MEDIA_GRPC_ADDR: fleet.addr('media'),
    ...fleet.options.sharesEnv,
  }),
  'webhook-dispatcher': (fleet, own) => webhookDispatcherSettings(fleet, own),
  'ai-proxy': (fleet, own) => ({ ...own, BILLING_GRPC_ADDR: fleet.addr('billing'), ...fleet.options.aiProxyEnv }),
  gateway: (fleet, own) => gatewaySettings(fleet, own),
  web: (fleet, own) => ({
    PORT: own.GRPC_PORT!,
    OPS_PORT: own.OPS_PORT!,
    // The browser uploads straight to the store and plays media from it.
    WEB_CONNECT_SOURCES: new URL(fleet.objectStoreEnv.S3_ENDPOINT!).origin,
    LOG_LEVEL: own.LOG_LEVEL!,
    ...fleet.options.webEnv,
  }),
};

function settingsOf(name: FleetService, fleet: FleetSettings): Settings {
  const { grpc, ops } = fleet.port(name);
  return SETTINGS[name](fleet, { GRPC_PORT: String(grpc), OPS_PORT: String(ops), LOG_LEVEL: 'warn' });
}

/** Receivers of tests listen on loopback; retries come within a test's patience. */
function webhookDispatcherSettings(fleet: FleetSettings, own: Settings): Settings {
  return {
    DATABASE_URL: fleet.databaseUrl('webhook-dispatcher'),
    ...fleet.nats('webhook-dispatcher'),
    ...own,
    JOBS_GRPC_ADDR: fleet.addr('jobs'),
    WEBHOOK_SECRETS_KEY: fleet.webhookSecretsKey,
    EGRESS_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '200ms,500ms,1s,2s,5s',
    WEBHOOK_POLL_INTERVAL_MS: '100',
    ...fleet.options.webhookDispatcherEnv,
  };
}

function gatewaySettings(fleet: FleetSettings, own: Settings): Settings {
  const { options, addr } = fleet;
  return {
    PORT: own.GRPC_PORT!,
    OPS_PORT: own.OPS_PORT!,
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
    ...fleet.nats('gateway'),
    LOG_LEVEL: own.LOG_LEVEL!,
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
