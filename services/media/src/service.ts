import { PrismaClient } from './generated/prisma/client.ts';
import { connectBus, STREAMS, startOutboxRelay, type Subscription } from '@tp/bus';
import { createPgAdapter, parseDatabaseUrl } from '@tp/db';
import { createGrpcServer } from '@tp/grpc';
import { createObjectStore, objectStoreConfigFrom } from '@tp/storage';
import type { Logger } from '@tp/logging';
import { MediaServiceService } from '@tp/proto';
import { startOpsServer } from '@tp/runtime';
import type { MediaConfig } from './config.ts';
import { createSettledSignal } from './events/settled.ts';
import { startVerifyConsumer } from './events/verify-consumer.ts';
import { probeUrl } from './probe/ffprobe.ts';
import { createAdmission } from './rpc/admission.ts';
import { mediaServiceHandlers } from './rpc/media-service.ts';
import { createMediaStore } from './store/media-store.ts';
import { createExpirySweeper, type SweepResult } from './tasks/expiry-sweeper.ts';

export interface RunningMedia {
  grpcPort: number;
  opsPort: number;
  /** Runs one expiry sweep now (as of `at`, default now); the service also sweeps every minute. */
  sweepExpired(at?: Date): Promise<SweepResult>;
  /** Ordered shutdown steps: stop taking calls and work, then drain the outbox, then close connections. */
  stopSteps: { name: string; run: () => Promise<void> }[];
  stop(): Promise<void>;
}

export interface MediaServiceOptions {
  /** How often the expiry sweeper runs (default one minute). */
  sweepIntervalMs?: number;
  /** Redelivery delays of failed verification attempts (default 2 s, then 10 s). */
  verifyBackoffMs?: readonly number[];
}

/** Wires the media service: database, object store, bus, outbox relay, verification consumer, sweeper, gRPC and ops servers. */
export async function startMediaService(config: MediaConfig, log: Logger, options: MediaServiceOptions = {}): Promise<RunningMedia> {
  const prisma = new PrismaClient({ adapter: createPgAdapter(config.DATABASE_URL) });
  const objects = createObjectStore(objectStoreConfigFrom(config), log);
  const bus = await connectBus({ url: config.NATS_URL, name: 'media', prefix: config.NATS_PREFIX, log });
  await bus.ensureStreams([STREAMS.EVENTS, STREAMS.WORK]);
  const relay = startOutboxRelay({ bus, databaseUrl: config.DATABASE_URL, schema: parseDatabaseUrl(config.DATABASE_URL).schema, log });

  const store = createMediaStore(prisma);
  const now = () => new Date();
  const nudgeOutbox = () => relay.nudge();
  const settled = createSettledSignal();
  const admission = createAdmission({ store, objects, settled, nudgeOutbox, now, log, maxBytes: config.MEDIA_MAX_BYTES, quotaBytes: config.STORAGE_QUOTA_BYTES });

  const verifier: Subscription = await startVerifyConsumer({
    bus,
    store,
    objects,
    settled,
    probe: (url) => probeUrl(url, { ffprobePath: config.FFPROBE_PATH, timeoutMs: config.VERIFY_TIMEOUT_MS }),
    nudgeOutbox,
    now,
    log: log.child({ component: 'verify' }),
    concurrency: config.VERIFY_CONCURRENCY,
    ackWaitMs: config.VERIFY_ACK_WAIT_MS,
    probeTimeoutMs: config.VERIFY_TIMEOUT_MS,
    ...(options.verifyBackoffMs ? { backoffMs: options.verifyBackoffMs } : {}),
  });
  const sweeper = createExpirySweeper({ store, objects, log: log.child({ component: 'sweeper' }), now, sessionTtlMs: config.UPLOAD_SESSION_TTL_SECONDS * 1000 });
  sweeper.start(options.sweepIntervalMs);

  const grpc = createGrpcServer({ log });
  grpc.add(
    MediaServiceService,
    mediaServiceHandlers({
      store,
      objects,
      admission,
      nudgeOutbox,
      now,
      log,
      tokenSecret: config.MEDIA_TOKEN_SECRET,
      uploadUrlTtlSeconds: config.UPLOAD_URL_TTL_SECONDS,
      uploadSessionTtlSeconds: config.UPLOAD_SESSION_TTL_SECONDS,
      maxBytes: config.MEDIA_MAX_BYTES,
      quotaBytes: config.STORAGE_QUOTA_BYTES,
      completeWaitMs: config.COMPLETE_WAIT_MS,
      partBytes: config.DIRECT_UPLOAD_PART_BYTES,
    }),
  );
  const grpcPort = await grpc.listen(config.GRPC_HOST, config.GRPC_PORT);

  const ops = await startOpsServer({
    host: config.OPS_HOST,
    port: config.OPS_PORT,
    log,
    ready: async () => ({ database: await store.ping(), nats: !bus.connection.isClosed(), storage: await objects.ping() }),
  });
  log.info({ grpcPort, opsPort: ops.port }, 'media ready');

  const stopSteps = [
    { name: 'ops', run: () => ops.close() },
    { name: 'grpc', run: () => grpc.shutdown(5_000) },
    { name: 'sweeper', run: () => sweeper.stop() },
    // Verifications in flight finish (and are acknowledged) before the outbox drains.
    { name: 'verifier', run: () => verifier.stop() },
    { name: 'outbox', run: () => relay.stop() },
    { name: 'bus', run: () => bus.close() },
    { name: 'storage', run: async () => objects.close() },
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
