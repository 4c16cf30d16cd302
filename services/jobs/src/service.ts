import { servedModelList } from '@tp/catalog';
import { openBus, openOutboxRelay, STREAMS } from '@tp/bus';
import { openServiceDatabase } from '@tp/db';
import { createGrpcServer } from '@tp/grpc';
import { createVerifier } from '@tp/identity';
import type { Logger } from '@tp/logging';
import { JobsServiceService } from '@tp/proto';
import { type Running, serve, startService, httpTimeouts } from '@tp/runtime';
import { createJobsClients } from './clients.ts';
import type { JobsConfig } from './config.ts';
import { collectJobsMetrics } from './metrics.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { jobsServiceHandlers } from './rpc/jobs-service.ts';
import { JOBS_ACCESS } from './rpc/access.ts';
import { createJobsStore } from './store/jobs-store.ts';
import { createReconciler, type ReconcileResult } from './tasks/reconciler.ts';
import { createCreditHolds } from './usecases/credit-holds.ts';

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
    const database = await openServiceDatabase(life, config.DATABASE_URL, (adapter) => new PrismaClient({ adapter }));
    const clients = await life.open(
      'clients',
      () => createJobsClients(config, log),
      (opened) => opened.close(),
    );
    const bus = await openBus(life, {
      url: config.NATS_URL,
      name: 'jobs',
      prefix: config.NATS_PREFIX,
      log,
      streams: [STREAMS.EVENTS, STREAMS.WORK],
    });
    const relay = await openOutboxRelay(life, {
      bus,
      databaseUrl: config.DATABASE_URL,
      log,
    });

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
    const reconciler = await life.open(
      'reconciler',
      () => {
        const started = createReconciler({
          ...store,
          holds,
          log: log.child({ component: 'reconciler' }),
          now,
          reservationTimeoutMs,
          idempotencyTtlMs,
          staleRunningMs: config.STALE_RUNNING_MS,
          clientLocalIdleTimeoutMs: config.CLIENT_LOCAL_IDLE_TIMEOUT_MS,
        });
        started.start(config.RECONCILE_INTERVAL_MS);
        return started;
      },
      (started) => started.stop(),
    );

    life.onStop('metrics', collectJobsMetrics({ queueStats: store.queueStats, bus, now }));

    const verifier = createVerifier({ audience: 'jobs', publicKeys: config.SERVICE_PUBLIC_KEYS });
    const grpc = createGrpcServer({ log, verifier, maxMessageBytes: config.GRPC_MAX_MESSAGE_BYTES });
    grpc.add(
      JobsServiceService,
      jobsServiceHandlers({
        ...store,
        ...clients,
        holds,
        log,
        now,
        nudgeOutbox: () => relay.nudge(),
        engines: config.ENGINES.engines,
        models: config.ENGINES.models,
        translations: config.TRANSLATION_PAIRS,
        maxBatchItems: config.MAX_BATCH_ITEMS,
        idempotencyTtlMs,
        reservationTimeoutMs,
        billingDeadlineMs: config.BACKEND_DEADLINE_MS,
      }),
      JOBS_ACCESS,
    );

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
