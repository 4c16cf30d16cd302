import { PrismaClient } from './generated/prisma/client.ts';
import { connectBus, STREAMS, startOutboxRelay } from '@tp/bus';
import { createPgAdapter, parseDatabaseUrl } from '@tp/db';
import { createClient, createGrpcServer } from '@tp/grpc';
import type { Logger } from '@tp/logging';
import { ArtifactsServiceService, BillingServiceService, JobsServiceService, MediaServiceService } from '@tp/proto';
import { startOpsServer } from '@tp/runtime';
import { createHolds } from './billing/holds.ts';
import type { JobsConfig } from './config.ts';
import { jobsServiceHandlers } from './rpc/jobs-service.ts';
import { createJobsStore } from './store/jobs-store.ts';
import { createReconciler, type ReconcileResult } from './tasks/reconciler.ts';

export interface RunningJobs {
  grpcPort: number;
  opsPort: number;
  /** Runs one reconciler pass now (as of `at`, default now); the service also runs one every RECONCILE_INTERVAL_MS. */
  reconcile(at?: Date): Promise<ReconcileResult>;
  /** Ordered shutdown steps: stop taking calls and work, then drain the outbox, then close connections. */
  stopSteps: { name: string; run: () => Promise<void> }[];
  stop(): Promise<void>;
}

export interface JobsServiceOptions {
  /** The service's clock (default: the system clock). */
  now?: () => Date;
}

/** Wires the jobs service: database, bus, outbox relay, billing/media/artifacts clients, reconciler, gRPC and ops servers. */
export async function startJobsService(config: JobsConfig, log: Logger, options: JobsServiceOptions = {}): Promise<RunningJobs> {
  const now = options.now ?? (() => new Date());
  const prisma = new PrismaClient({ adapter: createPgAdapter(config.DATABASE_URL) });
  const bus = await connectBus({ url: config.NATS_URL, name: 'jobs', prefix: config.NATS_PREFIX, log });
  await bus.ensureStreams([STREAMS.EVENTS, STREAMS.WORK]);
  const relay = startOutboxRelay({ bus, databaseUrl: config.DATABASE_URL, schema: parseDatabaseUrl(config.DATABASE_URL).schema, log });

  const deadline = config.BACKEND_DEADLINE_MS;
  const billing = createClient(BillingServiceService, config.BILLING_GRPC_ADDR, { defaultDeadlineMs: deadline, log });
  const media = createClient(MediaServiceService, config.MEDIA_GRPC_ADDR, { defaultDeadlineMs: deadline, log });
  // Transcript payloads travel whole: as large as artifacts allows.
  const artifacts = createClient(ArtifactsServiceService, config.ARTIFACTS_GRPC_ADDR, { defaultDeadlineMs: 30_000, log, maxMessageBytes: config.GRPC_MAX_MESSAGE_BYTES });

  const store = createJobsStore(prisma);
  const reservationTimeoutMs = config.RESERVATION_TIMEOUT_MS;
  const idempotencyTtlMs = config.IDEMPOTENCY_TTL_HOURS * 60 * 60 * 1000;
  const holds = createHolds({ store, billing, log: log.child({ component: 'holds' }), now, reservationTimeoutMs });
  const reconciler = createReconciler({ store, holds, log: log.child({ component: 'reconciler' }), now, reservationTimeoutMs, idempotencyTtlMs, staleRunningMs: config.STALE_RUNNING_MS });
  reconciler.start(config.RECONCILE_INTERVAL_MS);

  const grpc = createGrpcServer({ log, maxMessageBytes: config.GRPC_MAX_MESSAGE_BYTES });
  grpc.add(
    JobsServiceService,
    jobsServiceHandlers({
      store,
      billing,
      media,
      artifacts,
      holds,
      log,
      now,
      nudgeOutbox: () => relay.nudge(),
      engines: new Set(config.ENGINES),
      maxBatchItems: config.MAX_BATCH_ITEMS,
      idempotencyTtlMs,
      reservationTimeoutMs,
      billingDeadlineMs: deadline,
    }),
  );
  const grpcPort = await grpc.listen(config.GRPC_HOST, config.GRPC_PORT);

  const ops = await startOpsServer({
    host: config.OPS_HOST,
    port: config.OPS_PORT,
    log,
    ready: async () => ({ database: await store.ping(), nats: !bus.connection.isClosed() }),
  });
  log.info({ grpcPort, opsPort: ops.port, engines: config.ENGINES }, 'jobs ready');

  const stopSteps = [
    { name: 'ops', run: () => ops.close() },
    { name: 'grpc', run: () => grpc.shutdown(5_000) },
    { name: 'reconciler', run: () => reconciler.stop() },
    { name: 'outbox', run: () => relay.stop() },
    { name: 'bus', run: () => bus.close() },
    {
      name: 'clients',
      run: async () => {
        billing.close();
        media.close();
        artifacts.close();
      },
    },
    { name: 'database', run: () => prisma.$disconnect() },
  ];
  return {
    grpcPort,
    opsPort: ops.port,
    reconcile: (at) => reconciler.reconcile(at),
    stopSteps,
    async stop() {
      for (const step of stopSteps) await step.run();
    },
  };
}
