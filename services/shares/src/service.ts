import { PrismaClient } from './generated/prisma/client.ts';
import { connectBus, STREAMS } from '@tp/bus';
import { createPgAdapter } from '@tp/db';
import { createClient, createGrpcServer } from '@tp/grpc';
import type { Logger } from '@tp/logging';
import { ArtifactsServiceService, MediaServiceService, SharesServiceService } from '@tp/proto';
import { startOpsServer } from '@tp/runtime';
import type { SharesConfig } from './config.ts';
import { startTakedownConsumers } from './events/takedown-consumers.ts';
import { sharesServiceHandlers } from './rpc/shares-service.ts';
import { createSharesStore } from './store/shares-store.ts';

export interface RunningShares {
  grpcPort: number;
  opsPort: number;
  /** Ordered shutdown steps: stop taking calls and events, then close connections. */
  stopSteps: { name: string; run: () => Promise<void> }[];
  stop(): Promise<void>;
}

export interface SharesServiceOptions {
  /** The service's clock (default: the system clock). */
  now?: () => Date;
}

/** Wires the shares service: database, bus (take-down consumers), artifacts and media clients, gRPC and ops servers. */
export async function startSharesService(config: SharesConfig, log: Logger, options: SharesServiceOptions = {}): Promise<RunningShares> {
  const now = options.now ?? (() => new Date());
  const prisma = new PrismaClient({ adapter: createPgAdapter(config.DATABASE_URL) });
  const store = createSharesStore(prisma);
  const bus = await connectBus({ url: config.NATS_URL, name: 'shares', prefix: config.NATS_PREFIX, log });
  await bus.ensureStreams([STREAMS.EVENTS]);
  const consumers = await startTakedownConsumers({ bus, store, log, now });

  const deadline = config.BACKEND_DEADLINE_MS;
  // Transcript payloads travel whole: as large as artifacts sends them.
  const artifacts = createClient(ArtifactsServiceService, config.ARTIFACTS_GRPC_ADDR, { defaultDeadlineMs: deadline, log, maxMessageBytes: config.GRPC_MAX_MESSAGE_BYTES });
  const media = createClient(MediaServiceService, config.MEDIA_GRPC_ADDR, { defaultDeadlineMs: deadline, log });

  const grpc = createGrpcServer({ log, maxMessageBytes: config.GRPC_MAX_MESSAGE_BYTES });
  grpc.add(SharesServiceService, sharesServiceHandlers({ store, artifacts, media, log, now, maxSharesPerArtifact: config.MAX_SHARES_PER_ARTIFACT }));
  const grpcPort = await grpc.listen(config.GRPC_HOST, config.GRPC_PORT);

  const ops = await startOpsServer({
    host: config.OPS_HOST,
    port: config.OPS_PORT,
    log,
    ready: async () => ({ database: await store.ping(), nats: !bus.connection.isClosed() }),
  });
  log.info({ grpcPort, opsPort: ops.port }, 'shares ready');

  const stopSteps = [
    { name: 'ops', run: () => ops.close() },
    { name: 'grpc', run: () => grpc.shutdown(5_000) },
    { name: 'consumers', run: async () => void (await Promise.all(consumers.map((consumer) => consumer.stop()))) },
    { name: 'bus', run: () => bus.close() },
    {
      name: 'clients',
      run: async () => {
        artifacts.close();
        media.close();
      },
    },
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
