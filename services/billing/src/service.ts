import { grpcTlsOf } from '@tp/config';
import { openServiceDatabase } from '@tp/db';
import { createGrpcServer, OPERATOR_ONLY } from '@tp/grpc';
import { createVerifier } from '@tp/identity';
import type { Logger } from '@tp/logging';
import { BillingAdminServiceService, BillingServiceService } from '@tp/proto';
import { type Running, serve, startService, httpTimeouts } from '@tp/runtime';
import type { BillingConfig } from './config.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { adminServiceHandlers } from './rpc/admin-service.ts';
import { billingServiceHandlers } from './rpc/billing-service.ts';
import { BILLING_ACCESS } from './rpc/access.ts';
import { createBillingStore } from './store/index.ts';
import { createExpirySweeper, type SweepResult } from './tasks/expiry-sweeper.ts';
import { startStaleHoldSweeper } from './tasks/stale-hold-sweeper.ts';

export type RunningBilling = Running<{
  grpcPort: number;
  opsPort: number;
  /** Runs one grant expiry sweep now (as of `at`, default now); the service also sweeps every GRANT_EXPIRY_SWEEP_MS. */
  sweepExpired(at?: Date): Promise<SweepResult>;
  /** Releases the managed-AI holds left held past USAGE_HOLD_STALE_MS as of `at`; how many. */
  sweepStaleHolds(at?: Date): Promise<number>;
}>;

export interface BillingServiceOptions {
  /** The clock (tests move it to expire grants); default the system clock. */
  now?: () => Date;
}

/** Wires the billing service: database, grant expiry sweeper, gRPC and ops servers. */
export function startBillingService(
  config: BillingConfig,
  log: Logger,
  options: BillingServiceOptions = {},
): Promise<RunningBilling> {
  return startService(async (life) => {
    const database = await openServiceDatabase(life, config.DATABASE_URL, (adapter) => new PrismaClient({ adapter }));
    const store = createBillingStore(database);
    const now = options.now ?? (() => new Date());

    const sweeper = createExpirySweeper({ grants: store.grants, log: log.child({ component: 'sweeper' }), now });
    sweeper.start(config.GRANT_EXPIRY_SWEEP_MS);
    life.onStop('sweeper', () => sweeper.stop());
    const holdSweeper = startStaleHoldSweeper({
      ...store,
      staleAfterMs: config.USAGE_HOLD_STALE_MS,
      intervalMs: config.GRANT_EXPIRY_SWEEP_MS,
      log: log.child({ component: 'holds' }),
      now,
    });
    life.onStop('hold sweeper', () => holdSweeper.stop());

    const deps = {
      ...store,
      now,
      plan: {
        name: config.PLAN_NAME,
        maxConcurrentJobs: config.PLAN_MAX_CONCURRENT_JOBS,
        storageQuotaBytes: config.STORAGE_QUOTA_BYTES,
        maxUploadBytes: config.MAX_UPLOAD_BYTES,
      },
    };
    const verifier = createVerifier({ audience: 'billing', publicKeys: config.SERVICE_PUBLIC_KEYS });
    const grpc = createGrpcServer({ log, verifier, tls: grpcTlsOf(config) });
    grpc.add(BillingServiceService, billingServiceHandlers(deps), BILLING_ACCESS);
    grpc.add(
      BillingAdminServiceService,
      adminServiceHandlers({ ...deps, adminKey: config.ADMIN_API_KEY }),
      OPERATOR_ONLY,
    );

    const ports = await serve(life, {
      log,
      grpc: { server: grpc, host: config.GRPC_HOST, port: config.GRPC_PORT },
      ops: {
        host: config.OPS_HOST,
        port: config.OPS_PORT,
        http: httpTimeouts(config),
        ready: async () => ({ database: await store.ping() }),
      },
    });
    log.info(ports, 'billing ready');
    return { ...ports, sweepExpired: (at?: Date) => sweeper.sweep(at), sweepStaleHolds: holdSweeper.sweep };
  });
}
