import { grpcTlsOf } from '@tp/config';
import { servedModelList } from '@tp/catalog';
import { busSettingsOf, openPublisher, STREAMS } from '@tp/bus';
import { openServiceDatabase } from '@tp/db';
import { createGrpcServer } from '@tp/grpc';
import { createGrantIssuer, createVerifier } from '@tp/identity';
import type { Logger } from '@tp/logging';
import { JobsServiceService } from '@tp/proto';
import { type Lifecycle, type Running, serve, startService, httpTimeouts } from '@tp/runtime';
import { createJobsClients, type JobsClients } from './clients.ts';
import type { JobsConfig } from './config.ts';
import { collectJobsMetrics } from './metrics.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { jobsServiceHandlers } from './rpc/jobs-service.ts';
import { JOBS_ACCESS } from './rpc/access.ts';
import { createJobsStore, type JobsStore } from './store/jobs-store.ts';
import { createReconciler, type ReconcileResult } from './tasks/reconciler.ts';
import { type CreditHolds, createCreditHolds } from './usecases/credit-holds.ts';
import { openWindowCredentials } from './window-signer.ts';

export type RunningJobs = Running<{
  grpcPort: number;
  opsPort: number;
  /** Runs one reconciler pass now (as of `at`, default now); the service also runs one every RECONCILE_INTERVAL_MS. */
  reconcile(at?: Date): Promise<ReconcileResult>;
}>;

export interface JobsServiceOptions {
  /** The service's clock (default: the system clock). */
  now?: () => Date;
}

/** What the service opens before its own parts, in order: database, clients, bus, outbox relay. */
async function openConnections(life: Lifecycle, config: JobsConfig, log: Logger) {
  const database = await openServiceDatabase(life, config.DATABASE_URL, (adapter) => new PrismaClient({ adapter }));
  const clients = await life.open(
    'clients',
    () => createJobsClients(config, log),
    (opened) => opened.close(),
  );
  const { bus, relay } = await openPublisher(life, {
    ...busSettingsOf(config, 'jobs'),
    log,
    streams: [STREAMS.EVENTS, STREAMS.WORK],
    databaseUrl: config.DATABASE_URL,
  });
  return { database, clients, bus, relay };
}

/** What the reconciler and the handlers share: the store, the credit holds, the clock and the time limits. */
interface JobsParts {
  store: JobsStore;
  holds: CreditHolds;
  now: () => Date;
  reservationTimeoutMs: number;
  idempotencyTtlMs: number;
}

/** The reconciler, running every RECONCILE_INTERVAL_MS until the service stops. */
function openReconciler(life: Lifecycle, config: JobsConfig, log: Logger, parts: JobsParts) {
  return life.open(
    'reconciler',
    () => {
      const started = createReconciler({
        ...parts.store,
        holds: parts.holds,
        log: log.child({ component: 'reconciler' }),
        now: parts.now,
        reservationTimeoutMs: parts.reservationTimeoutMs,
        idempotencyTtlMs: parts.idempotencyTtlMs,
        staleRunningMs: config.STALE_RUNNING_MS,
        clientLocalIdleTimeoutMs: config.CLIENT_LOCAL_IDLE_TIMEOUT_MS,
      });
      started.start(config.RECONCILE_INTERVAL_MS);
      return started;
    },
    (started) => started.stop(),
  );
}

/** The gRPC server with the jobs service's handlers and allow-list. */
function jobsGrpcServer(
  config: JobsConfig,
  log: Logger,
  parts: JobsParts & {
    clients: JobsClients;
    nudgeOutbox: () => void;
    windowCredentials: ((jobId: string) => Promise<string>) | undefined;
  },
) {
  const verifier = createVerifier({ audience: 'jobs', publicKeys: config.SERVICE_PUBLIC_KEYS });
  const grpc = createGrpcServer({
    log,
    verifier,
    tls: grpcTlsOf(config),
    maxMessageBytes: config.GRPC_MAX_MESSAGE_BYTES,
  });
  const { store, clients, windowCredentials, ...rest } = parts;
  grpc.add(
    JobsServiceService,
    jobsServiceHandlers({
      ...store,
      ...clients,
      ...rest,
      grants: createGrantIssuer({ privateKey: config.SERVICE_PRIVATE_KEY, ttlSeconds: config.JOB_GRANT_TTL_SECONDS }),
      ...(windowCredentials ? { windowCredentials } : {}),
      log,
      engines: config.ENGINES.engines,
      models: config.ENGINES.models,
      translations: config.TRANSLATION_PAIRS,
      maxBatchItems: config.MAX_BATCH_ITEMS,
      billingDeadlineMs: config.BACKEND_DEADLINE_MS,
    }),
    JOBS_ACCESS,
  );
  return grpc;
}

/**
 * Wires the jobs service: database, billing/media/artifacts clients, bus, outbox relay, reconciler,
 * the metrics read at scrape, gRPC and ops servers.
 */
export function startJobsService(
  config: JobsConfig,
  log: Logger,
  options: JobsServiceOptions = {},
): Promise<RunningJobs> {
  return startService(async (life) => {
    const now = options.now ?? (() => new Date());
    const { database, clients, bus, relay } = await openConnections(life, config, log);
    const store = createJobsStore(database, { defaultMaxConcurrentJobs: config.DEFAULT_MAX_CONCURRENT_JOBS });
    const reservationTimeoutMs = config.RESERVATION_TIMEOUT_MS;
    const idempotencyTtlMs = config.IDEMPOTENCY_TTL_HOURS * 60 * 60 * 1000;
    const holds = createCreditHolds({
      billingState: store.billingState,
      billing: clients.billing,
      log: log.child({ component: 'holds' }),
      now,
      reservationTimeoutMs,
    });
    const parts = { store, holds, now, reservationTimeoutMs, idempotencyTtlMs };
    const reconciler = await openReconciler(life, config, log, parts);

    life.onStop('metrics', collectJobsMetrics({ queueStats: store.queueStats, bus, now }));

    const windowCredentials = await openWindowCredentials(config.NATS_WINDOWS_SIGNER_FILE);
    const grpc = jobsGrpcServer(config, log, {
      ...parts,
      clients,
      nudgeOutbox: () => relay.nudge(),
      windowCredentials,
    });
    const ports = await serve(life, {
      log,
      grpc: { server: grpc, host: config.GRPC_HOST, port: config.GRPC_PORT },
      ops: {
        host: config.OPS_HOST,
        port: config.OPS_PORT,
        http: httpTimeouts(config),
        ready: async () => ({ database: await store.queries.ping(), nats: !bus.connection.isClosed() }),
      },
    });
    log.info(
      { ...ports, engines: [...config.ENGINES.engines], models: servedModelList(config.ENGINES.models) },
      'jobs ready',
    );
    return { ...ports, reconcile: (at?: Date) => reconciler.reconcile(at) };
  });
}
