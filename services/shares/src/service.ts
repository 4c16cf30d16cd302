import { grpcTlsOf } from '@tp/config';
import { busSettingsOf, openBus, STREAMS } from '@tp/bus';
import { openDatabase } from '@tp/db';
import { createGrpcServer } from '@tp/grpc';
import { createVerifier } from '@tp/identity';
import type { Logger } from '@tp/logging';
import { SharesServiceService } from '@tp/proto';
import { type Running, serve, startService, httpTimeouts } from '@tp/runtime';
import { closeSharesClients, createSharesClients } from './clients.ts';
import type { SharesConfig } from './config.ts';
import { startTakedownConsumers } from './events/takedown-consumers.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { sharesServiceHandlers } from './rpc/shares-service.ts';
import { SHARES_ACCESS } from './rpc/access.ts';
import { createSharesStore } from './store/index.ts';
import { sourceFacts } from './usecases/source-facts.ts';

export type RunningShares = Running<{ grpcPort: number; opsPort: number }>;

export interface SharesServiceOptions {
  /** The service's clock (default: the system clock). */
  now?: () => Date;
}

/** Wires the shares service: database, accounts, artifacts and media clients, bus (take-down consumers), gRPC and ops servers. */
export function startSharesService(
  config: SharesConfig,
  log: Logger,
  options: SharesServiceOptions = {},
): Promise<RunningShares> {
  return startService(async (life) => {
    const now = options.now ?? (() => new Date());
    const prisma = await openDatabase(life, config.DATABASE_URL, (adapter) => new PrismaClient({ adapter }));
    const store = createSharesStore(prisma);
    const clients = await life.open('clients', () => createSharesClients(config, log), closeSharesClients);
    const bus = await openBus(life, {
      ...busSettingsOf(config, 'shares'),
      log,
      streams: [STREAMS.EVENTS],
    });
    await life.open(
      'consumers',
      () => startTakedownConsumers({ bus, takedowns: store.takedowns, sources: sourceFacts(clients), log, now }),
      async (consumers) => void (await Promise.all(consumers.map((consumer) => consumer.stop()))),
    );

    const verifier = createVerifier({ audience: 'shares', publicKeys: config.SERVICE_PUBLIC_KEYS });
    const grpc = createGrpcServer({
      log,
      verifier,
      tls: grpcTlsOf(config),
      maxMessageBytes: config.GRPC_MAX_MESSAGE_BYTES,
    });
    grpc.add(
      SharesServiceService,
      sharesServiceHandlers({ ...store, ...clients, log, now, maxSharesPerArtifact: config.MAX_SHARES_PER_ARTIFACT }),
      SHARES_ACCESS,
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
    log.info(ports, 'shares ready');
    return ports;
  });
}
