import { PrismaClient } from './generated/prisma/client.ts';
import { connectBus, STREAMS, startOutboxRelay } from '@tp/bus';
import { createPgAdapter, parseDatabaseUrl } from '@tp/db';
import { createGrpcServer } from '@tp/grpc';
import type { Logger } from '@tp/logging';
import { AccountsAdminServiceService, AccountsServiceService } from '@tp/proto';
import { startOpsServer } from '@tp/runtime';
import type { AccountsConfig } from './config.ts';
import { sessionKey } from './domain/app-sessions.ts';
import { accountsServiceHandlers } from './rpc/accounts-service.ts';
import { adminServiceHandlers } from './rpc/admin-service.ts';
import { createIdentity } from './rpc/identity.ts';
import { createAccountsStore } from './store/accounts-store.ts';

export interface RunningAccounts {
  grpcPort: number;
  opsPort: number;
  /** Ordered shutdown steps: stop taking calls, then drain the outbox, then close connections. */
  stopSteps: { name: string; run: () => Promise<void> }[];
  stop(): Promise<void>;
}

/** Wires the accounts service: database, bus, outbox relay, gRPC and ops servers. */
export async function startAccountsService(config: AccountsConfig, log: Logger): Promise<RunningAccounts> {
  const prisma = new PrismaClient({ adapter: createPgAdapter(config.DATABASE_URL) });
  const bus = await connectBus({ url: config.NATS_URL, name: 'accounts', prefix: config.NATS_PREFIX, log });
  await bus.ensureStreams([STREAMS.EVENTS]);
  const relay = startOutboxRelay({ bus, databaseUrl: config.DATABASE_URL, schema: parseDatabaseUrl(config.DATABASE_URL).schema, log });

  const store = createAccountsStore(prisma);
  const now = () => new Date();
  const nudgeOutbox = () => relay.nudge();
  const identity = createIdentity({ store, nudgeOutbox, now });

  const grpc = createGrpcServer({ log });
  grpc.add(
    AccountsServiceService,
    accountsServiceHandlers({
      store,
      identity,
      sessionKey: sessionKey(config.SESSION_SIGNING_SECRET),
      sessionTtlMs: config.SESSION_TTL_DAYS * 86_400_000,
      nudgeOutbox,
      now,
    }),
  );
  grpc.add(AccountsAdminServiceService, adminServiceHandlers({ store, identity, adminKey: config.ADMIN_API_KEY }));
  const grpcPort = await grpc.listen(config.GRPC_HOST, config.GRPC_PORT);

  const ops = await startOpsServer({
    host: config.OPS_HOST,
    port: config.OPS_PORT,
    log,
    ready: async () => ({ database: await store.ping(), nats: !bus.connection.isClosed() }),
  });
  log.info({ grpcPort, opsPort: ops.port }, 'accounts ready');

  const stopSteps = [
    { name: 'ops', run: () => ops.close() },
    { name: 'grpc', run: () => grpc.shutdown(5_000) },
    { name: 'outbox', run: () => relay.stop() },
    { name: 'bus', run: () => bus.close() },
    { name: 'database', run: () => prisma.$disconnect() },
  ];
  return {
    grpcPort,
    opsPort: ops.port,
    stopSteps,
    async stop() {
      for (const step of stopSteps) await step.run();
    },
  };
}
