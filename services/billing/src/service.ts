import { PrismaClient } from './generated/prisma/client.ts';
import { createPgAdapter } from '@tp/db';
import { createGrpcServer } from '@tp/grpc';
import type { Logger } from '@tp/logging';
import { BillingAdminServiceService, BillingServiceService } from '@tp/proto';
import { startOpsServer } from '@tp/runtime';
import type { BillingConfig } from './config.ts';
import { adminServiceHandlers } from './rpc/admin-service.ts';
import { billingServiceHandlers } from './rpc/billing-service.ts';
import { createBillingStore } from './store/billing-store.ts';
import { createExpirySweeper, type SweepResult } from './tasks/expiry-sweeper.ts';

export interface RunningBilling {
  grpcPort: number;
  opsPort: number;
  /** Runs one grant expiry sweep now (as of `at`, default now); the service also sweeps every GRANT_EXPIRY_SWEEP_MS. */
  sweepExpired(at?: Date): Promise<SweepResult>;
  /** Ordered shutdown steps: stop taking calls, then the sweeper, then close the database. */
  stopSteps: { name: string; run: () => Promise<void> }[];
  stop(): Promise<void>;
}

export interface BillingServiceOptions {
  /** The clock (tests move it to expire grants); default the system clock. */
  now?: () => Date;
}

/** Wires the billing service: database, grant expiry sweeper, gRPC and ops servers. */
export async function startBillingService(config: BillingConfig, log: Logger, options: BillingServiceOptions = {}): Promise<RunningBilling> {
  const prisma = new PrismaClient({ adapter: createPgAdapter(config.DATABASE_URL) });
  const store = createBillingStore(prisma);
  const now = options.now ?? (() => new Date());

  const sweeper = createExpirySweeper({ store, log: log.child({ component: 'sweeper' }), now });
  sweeper.start(config.GRANT_EXPIRY_SWEEP_MS);

  const grpc = createGrpcServer({ log });
  grpc.add(
    BillingServiceService,
    billingServiceHandlers({
      store,
      now,
      plan: {
        name: config.PLAN_NAME,
        maxConcurrentJobs: config.PLAN_MAX_CONCURRENT_JOBS,
        storageQuotaBytes: config.STORAGE_QUOTA_BYTES,
        maxUploadBytes: config.MAX_UPLOAD_BYTES,
      },
    }),
  );
  grpc.add(BillingAdminServiceService, adminServiceHandlers({ store, adminKey: config.ADMIN_API_KEY, now }));
  const grpcPort = await grpc.listen(config.GRPC_HOST, config.GRPC_PORT);

  const ops = await startOpsServer({ host: config.OPS_HOST, port: config.OPS_PORT, log, ready: async () => ({ database: await store.ping() }) });
  log.info({ grpcPort, opsPort: ops.port }, 'billing ready');

  const stopSteps = [
    { name: 'ops', run: () => ops.close() },
    { name: 'grpc', run: () => grpc.shutdown(5_000) },
    { name: 'sweeper', run: () => sweeper.stop() },
    { name: 'database', run: () => prisma.$disconnect() },
  ];
  return {
    grpcPort,
    opsPort: ops.port,
    sweepExpired: (at) => sweeper.sweep(at),
    stopSteps,
    async stop() {
      for (const step of stopSteps) await step.run();
    },
  };
}
