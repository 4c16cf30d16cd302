import { grpcTlsOf } from '@tp/config';
import { busSettingsOf, openPublisher, STREAMS } from '@tp/bus';
import { openDatabase } from '@tp/db';
import { createGrpcServer, OPERATOR_ONLY } from '@tp/grpc';
import { createVerifier } from '@tp/identity';
import type { Logger } from '@tp/logging';
import { AccountsAdminServiceService, AccountsServiceService } from '@tp/proto';
import { type Running, serve, startService, httpTimeouts } from '@tp/runtime';
import type { AccountsConfig } from './config.ts';
import { sessionKey } from './domain/app-sessions.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { accountsServiceHandlers } from './rpc/accounts-service.ts';
import { adminServiceHandlers } from './rpc/admin-service.ts';
import { ACCOUNTS_ACCESS } from './rpc/access.ts';
import { createAccountsStore } from './store/index.ts';

export type RunningAccounts = Running<{ grpcPort: number; opsPort: number }>;

export interface AccountsServiceOptions {
  /**
   * How often the outbox relay polls (default the relay's own). Tests set it far beyond their
   * length to show that events are published by the nudge after each commit, not by the poll.
   */
  outboxPollIntervalMs?: number;
}

/** Wires the accounts service: database, bus, outbox relay, gRPC and ops servers. */
export function startAccountsService(
  config: AccountsConfig,
  log: Logger,
  options: AccountsServiceOptions = {},
): Promise<RunningAccounts> {
  return startService(async (life) => {
    const prisma = await openDatabase(life, config.DATABASE_URL, (adapter) => new PrismaClient({ adapter }));
    const { bus, relay } = await openPublisher(life, {
      ...busSettingsOf(config, 'accounts'),
      log,
      streams: [STREAMS.EVENTS],
      databaseUrl: config.DATABASE_URL,
      ...(options.outboxPollIntervalMs !== undefined ? { pollIntervalMs: options.outboxPollIntervalMs } : {}),
    });

    const store = createAccountsStore(prisma);
    // What the use cases depend on; each takes the part it names.
    const deps = {
      ...store,
      now: () => new Date(),
      nudgeOutbox: () => relay.nudge(),
      sessionKey: sessionKey(config.SESSION_SIGNING_SECRET),
      sessionTtlMs: config.SESSION_TTL_DAYS * 86_400_000,
    };

    const verifier = createVerifier({ audience: 'accounts', publicKeys: config.SERVICE_PUBLIC_KEYS });
    const grpc = createGrpcServer({ log, verifier, tls: grpcTlsOf(config) });
    grpc.add(AccountsServiceService, accountsServiceHandlers(deps), ACCOUNTS_ACCESS);
    grpc.add(
      AccountsAdminServiceService,
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
        ready: async () => ({ database: await store.ping(), nats: !bus.connection.isClosed() }),
      },
    });
    log.info(ports, 'accounts ready');
    return ports;
  });
}
