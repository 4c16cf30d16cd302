// The services `make up` runs, in start order (a service starts once the ones before it are
// ready). A new service adds one entry: its entry file, its environment, its readiness URL,
// and the OS packages it needs beyond the platform's own.
import { DEJAVU_SANS, type OsNeed } from './os-packages.ts';
import { serviceDatabaseUrl, type Platform } from './platform.ts';
import { natsEnv } from './nats-auth.ts';
import { grpcTlsEnv } from './pki.ts';
import { serviceKeyEnv } from './service-keys.ts';

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

interface Ports {
  grpc: string;
  ops: string;
}

/** The documented ports, each moved by its variable (ACCOUNTS_GRPC_PORT, BILLING_OPS_PORT, …). */
function fleetPorts(p: Platform) {
  const ports = (name: string, grpc: string, ops: string): Ports => ({
    grpc: p.setting(`${name}_GRPC_PORT`, grpc),
    ops: p.setting(`${name}_OPS_PORT`, ops),
  });
  return {
    accounts: ports('ACCOUNTS', '50051', '9101'),
    billing: ports('BILLING', '50053', '9103'),
    artifacts: ports('ARTIFACTS', '50054', '9104'),
    media: ports('MEDIA', '50052', '9102'),
    jobs: ports('JOBS', '50055', '9105'),
    shares: ports('SHARES', '50056', '9107'),
    webhooks: ports('WEBHOOK_DISPATCHER', '50057', '9109'),
    aiProxy: ports('AI_PROXY', '50058', '9110'),
    workerOps: p.setting('WORKER_OPS_PORT', '9106'),
    gateway: p.setting('GATEWAY_PORT', '8080'),
    gatewayOps: p.setting('GATEWAY_OPS_PORT', '9108'),
    web: p.setting('WEB_PORT', '8090'),
    webOps: p.setting('WEB_OPS_PORT', '9111'),
  };
}

const local = (port: string): string => `127.0.0.1:${port}`;
const readyz = (port: string): string => `http://127.0.0.1:${port}/readyz`;

/** A gRPC backend: its listen address and ops port, its own variables and keys, the platform's log level. */
function grpcService(p: Platform, name: string, ports: Ports, env: Record<string, string>): ServiceSpec {
  return {
    name,
    entry: `services/${name}/src/main.ts`,
    env: {
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: ports.grpc,
      OPS_PORT: ports.ops,
      ...env,
      ...serviceKeyEnv(name, p.secret),
      ...grpcTlsEnv(name, p),
      LOG_LEVEL: p.logLevel,
    },
    healthUrl: readyz(ports.ops),
  };
}

export function fleet(p: Platform): ServiceSpec[] {
  const ports = fleetPorts(p);
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
  const backends = {
    BILLING_GRPC_ADDR: local(ports.billing.grpc),
    MEDIA_GRPC_ADDR: local(ports.media.grpc),
    ARTIFACTS_GRPC_ADDR: local(ports.artifacts.grpc),
  };

  return [
    grpcService(p, 'accounts', ports.accounts, {
      DATABASE_URL: serviceDatabaseUrl(p, 'accounts'),
      ...natsEnv(p, 'accounts'),
      SESSION_SIGNING_SECRET: p.secret('SESSION_SIGNING_SECRET'),
      ADMIN_API_KEY: p.secret('ADMIN_API_KEY'),
    }),
    // No bus and no object storage: the ledger in its own schema, the operator key accounts uses.
    grpcService(p, 'billing', ports.billing, {
      DATABASE_URL: serviceDatabaseUrl(p, 'billing'),
      ADMIN_API_KEY: p.secret('ADMIN_API_KEY'),
    }),
    // No bus: versions in its own schema; it presigns downloads of export files in media's bucket.
    grpcService(p, 'artifacts', ports.artifacts, { DATABASE_URL: serviceDatabaseUrl(p, 'artifacts'), ...s3 }),
    // ffprobe comes with the platform's own OS packages (PLATFORM_NEEDS).
    grpcService(p, 'media', ports.media, {
      DATABASE_URL: serviceDatabaseUrl(p, 'media'),
      ...natsEnv(p, 'media'),
      ...s3,
      MEDIA_TOKEN_SECRET: p.secret('MEDIA_TOKEN_SECRET'),
      // Remote audio_url files on this machine (127.0.0.1) may be fetched here, never by default.
      EGRESS_ALLOW_PRIVATE_TARGETS: 'true',
    }),
    // Job lifecycle and queue; holds credits through billing, reads media, exports artifacts.
    grpcService(p, 'jobs', ports.jobs, {
      DATABASE_URL: serviceDatabaseUrl(p, 'jobs'),
      ...natsEnv(p, 'jobs'),
      ...backends,
      ENGINES: 'pocketsphinx',
    }),
    workerService(p, ports.workerOps, local(ports.jobs.grpc), backends),
    sharesService(p, ports.shares, { ACCOUNTS_GRPC_ADDR: local(ports.accounts.grpc), ...backends }),
    // Webhook deliveries of the product interface: reads ended jobs from jobs, hears job events on
    // the bus, posts to the receivers; local receivers (127.0.0.1) are allowed here, never by default.
    grpcService(p, 'webhook-dispatcher', ports.webhooks, {
      DATABASE_URL: serviceDatabaseUrl(p, 'webhook_dispatcher'),
      ...natsEnv(p, 'webhook-dispatcher'),
      JOBS_GRPC_ADDR: local(ports.jobs.grpc),
      WEBHOOK_SECRETS_KEY: p.secret('WEBHOOK_SECRETS_KEY'),
      EGRESS_ALLOW_PRIVATE_TARGETS: 'true',
    }),
    aiProxyService(p, ports.aiProxy, backends.BILLING_GRPC_ADDR),
    webService(p, ports.web, ports.webOps),
    {
      name: 'gateway',
      entry: 'services/gateway/src/main.ts',
      env: {
        HOST: '127.0.0.1',
        PORT: ports.gateway,
        OPS_PORT: ports.gatewayOps,
        ACCOUNTS_GRPC_ADDR: local(ports.accounts.grpc),
        ...backends,
        JOBS_GRPC_ADDR: local(ports.jobs.grpc),
        SHARES_GRPC_ADDR: local(ports.shares.grpc),
        WEBHOOKS_GRPC_ADDR: local(ports.webhooks.grpc),
        AI_PROXY_GRPC_ADDR: local(ports.aiProxy.grpc),
        EGRESS_ALLOW_PRIVATE_TARGETS: 'true',
        ...natsEnv(p, 'gateway'),
        PUBLIC_BASE_URL: `http://127.0.0.1:${ports.gateway}`,
        WEB_URL: `http://127.0.0.1:${ports.web}`,
        ...serviceKeyEnv('gateway', p.secret),
        ...grpcTlsEnv('gateway', p),
        LOG_LEVEL: p.logLevel,
      },
      healthUrl: readyz(ports.gateway),
    },
  ];
}

/**
 * Public links: transcripts from artifacts, media read from media; media and account deletions heard
 * on the bus, each confirmed with media or accounts before links go down (ADR 0039).
 */
function sharesService(
  p: Platform,
  ports: Ports,
  backends: { ACCOUNTS_GRPC_ADDR: string; ARTIFACTS_GRPC_ADDR: string; MEDIA_GRPC_ADDR: string },
): ServiceSpec {
  return grpcService(p, 'shares', ports, {
    DATABASE_URL: serviceDatabaseUrl(p, 'shares'),
    ...natsEnv(p, 'shares'),
    ACCOUNTS_GRPC_ADDR: backends.ACCOUNTS_GRPC_ADDR,
    ARTIFACTS_GRPC_ADDR: backends.ARTIFACTS_GRPC_ADDR,
    MEDIA_GRPC_ADDR: backends.MEDIA_GRPC_ADDR,
  });
}

/**
 * The web app (ADR 0031): its files under /app, which the gateway forwards; browsers upload
 * straight to the local S3 and play media from it, so its origin is in the app's CSP.
 */
function webService(p: Platform, port: string, opsPort: string): ServiceSpec {
  return {
    name: 'web',
    entry: 'services/web/src/main.ts',
    env: {
      HOST: '127.0.0.1',
      PORT: port,
      OPS_PORT: opsPort,
      WEB_CONNECT_SOURCES: new URL(p.s3.endpoint).origin,
      LOG_LEVEL: p.logLevel,
    },
    healthUrl: readyz(opsPort),
  };
}

/**
 * Managed AI (ADR 0020): holds and charges credits in billing, calls the OpenAI-compatible provider
 * the caller names (AI_UPSTREAM_URL, AI_UPSTREAM_API_KEY, AI_MODEL_ROUTES…, passed on from `make
 * up`'s environment); without one its endpoints answer 503 ai_upstream_not_configured.
 */
function aiProxyService(p: Platform, ports: Ports, billingAddr: string): ServiceSpec {
  return grpcService(p, 'ai-proxy', ports, { BILLING_GRPC_ADDR: billingAddr, ...aiUpstreamSettings(p.env) });
}

/** The AI_* settings of the caller's environment (the upstream provider and its routes), for ai-proxy. */
export function aiUpstreamSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[0].startsWith('AI_') && entry[1] !== undefined,
    ),
  );
}

/** The CPU inference pool: ffmpeg (a platform need) and PocketSphinx with its US English model. */
function workerService(
  p: Platform,
  opsPort: string,
  jobsAddr: string,
  backends: { MEDIA_GRPC_ADDR: string; ARTIFACTS_GRPC_ADDR: string },
): ServiceSpec {
  return {
    name: 'worker',
    entry: 'services/worker/src/main.ts',
    env: {
      OPS_PORT: opsPort,
      ...natsEnv(p, 'worker'),
      JOBS_GRPC_ADDR: jobsAddr,
      MEDIA_GRPC_ADDR: backends.MEDIA_GRPC_ADDR,
      ARTIFACTS_GRPC_ADDR: backends.ARTIFACTS_GRPC_ADDR,
      WORKER_POOL: 'cpu',
      WORKER_ENGINES: 'pocketsphinx',
      ...serviceKeyEnv('worker', p.secret),
      ...grpcTlsEnv('worker', p),
      LOG_LEVEL: p.logLevel,
    },
    healthUrl: readyz(opsPort),
    osNeeds: [
      {
        commands: ['pocketsphinx_continuous'],
        files: ['/usr/share/pocketsphinx/model/en-us/en-us/mdef', '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin'],
        packages: ['pocketsphinx', 'pocketsphinx-en-us'],
      },
      {
        // Offline translation (@tp/translation): apertium and one mode file of each pair package.
        commands: ['apertium'],
        files: ['eng-spa', 'eng-cat', 'en-gl', 'en-eo'].map((mode) => `/usr/share/apertium/modes/${mode}.mode`),
        packages: ['apertium', 'apertium-eng-spa', 'apertium-eng-cat', 'apertium-en-gl', 'apertium-eo-en'],
      },
      {
        // The fonts caption burns render with (CAPTION_FONT_PACKAGES of @tp/captions; Debian installs
        // them with ffmpeg's fontconfig, this makes sure).
        commands: [],
        files: [DEJAVU_SANS],
        packages: ['fonts-dejavu-core'],
      },
    ],
  };
}

/** Where a service answers its Prometheus metrics: `/metrics` on its ops port (ADR 0030). */
export function metricsUrl(spec: ServiceSpec): string {
  const port = spec.env.OPS_PORT;
  if (!port) throw new Error(`${spec.name} has no ops port`);
  return `http://127.0.0.1:${port}/metrics`;
}

/** The URL `make up` prints: the public edge. */
export function gatewayUrl(p: Platform): string {
  return `http://127.0.0.1:${p.setting('GATEWAY_PORT', '8080')}`;
}
