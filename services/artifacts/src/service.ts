import { PrismaClient } from './generated/prisma/client.ts';
import { createPgAdapter } from '@tp/db';
import { createGrpcServer } from '@tp/grpc';
import { createObjectStore, objectStoreConfigFrom } from '@tp/storage';
import type { Logger } from '@tp/logging';
import { ArtifactsServiceService } from '@tp/proto';
import { startOpsServer } from '@tp/runtime';
import type { ArtifactsConfig } from './config.ts';
import { artifactsServiceHandlers } from './rpc/artifacts-service.ts';
import { createArtifactsStore } from './store/artifacts-store.ts';

export interface RunningArtifacts {
  grpcPort: number;
  opsPort: number;
  /** Ordered shutdown steps: stop taking calls, then close connections. */
  stopSteps: { name: string; run: () => Promise<void> }[];
  stop(): Promise<void>;
}

export interface ArtifactsServiceOptions {
  /** The clock download URLs are signed with (default: the system clock). */
  now?: () => Date;
}

/** Wires the artifacts service: database, object store (the media bucket), gRPC and ops servers. */
export async function startArtifactsService(config: ArtifactsConfig, log: Logger, options: ArtifactsServiceOptions = {}): Promise<RunningArtifacts> {
  const prisma = new PrismaClient({ adapter: createPgAdapter(config.DATABASE_URL) });
  const objects = createObjectStore(objectStoreConfigFrom(config), log);
  const store = createArtifactsStore(prisma);

  // A payload travels whole in one message: leave room for it and the envelope around it.
  const grpc = createGrpcServer({ log, maxMessageBytes: config.MAX_PAYLOAD_BYTES + 1024 * 1024 });
  grpc.add(ArtifactsServiceService, artifactsServiceHandlers({ store, objects, now: options.now ?? (() => new Date()), log, maxPayloadBytes: config.MAX_PAYLOAD_BYTES }));
  const grpcPort = await grpc.listen(config.GRPC_HOST, config.GRPC_PORT);

  const ops = await startOpsServer({
    host: config.OPS_HOST,
    port: config.OPS_PORT,
    log,
    ready: async () => ({ database: await store.ping(), storage: await objects.ping() }),
  });
  log.info({ grpcPort, opsPort: ops.port }, 'artifacts ready');

  const stopSteps = [
    { name: 'ops', run: () => ops.close() },
    { name: 'grpc', run: () => grpc.shutdown(5_000) },
    { name: 'storage', run: async () => objects.close() },
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
