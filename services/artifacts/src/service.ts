import { grpcTlsOf } from '@tp/config';
import { openDatabase } from '@tp/db';
import { createGrpcServer } from '@tp/grpc';
import { createVerifier } from '@tp/identity';
import type { Logger } from '@tp/logging';
import { ArtifactsServiceService } from '@tp/proto';
import { type Running, serve, startService, httpTimeouts } from '@tp/runtime';
import { openObjectStore } from '@tp/storage';
import type { ArtifactsConfig } from './config.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { artifactsServiceHandlers } from './rpc/artifacts-service.ts';
import { ARTIFACTS_ACCESS } from './rpc/access.ts';
import { createArtifactsStore } from './store/artifacts-store.ts';

export type RunningArtifacts = Running<{ grpcPort: number; opsPort: number }>;

export interface ArtifactsServiceOptions {
  /** The clock download URLs are signed with (default: the system clock). */
  now?: () => Date;
}

/** Wires the artifacts service: database, object store (the media bucket), gRPC and ops servers. */
export function startArtifactsService(
  config: ArtifactsConfig,
  log: Logger,
  options: ArtifactsServiceOptions = {},
): Promise<RunningArtifacts> {
  return startService(async (life) => {
    const prisma = await openDatabase(life, config.DATABASE_URL, (adapter) => new PrismaClient({ adapter }));
    const objects = await openObjectStore(life, config, log);
    const store = createArtifactsStore(prisma);

    const verifier = createVerifier({ audience: 'artifacts', publicKeys: config.SERVICE_PUBLIC_KEYS });
    // A payload travels whole in one message: leave room for it and the envelope around it.
    const grpc = createGrpcServer({
      log,
      verifier,
      tls: grpcTlsOf(config),
      maxMessageBytes: config.MAX_PAYLOAD_BYTES + 1024 * 1024,
    });
    grpc.add(
      ArtifactsServiceService,
      artifactsServiceHandlers({
        store,
        objects,
        now: options.now ?? (() => new Date()),
        log,
        maxPayloadBytes: config.MAX_PAYLOAD_BYTES,
      }),
      ARTIFACTS_ACCESS,
    );
    const ports = await serve(life, {
      log,
      grpc: { server: grpc, host: config.GRPC_HOST, port: config.GRPC_PORT },
      ops: {
        host: config.OPS_HOST,
        port: config.OPS_PORT,
        http: httpTimeouts(config),
        ready: async () => ({ database: await store.ping(), storage: await objects.ping() }),
      },
    });
    log.info(ports, 'artifacts ready');
    return ports;
  });
}
