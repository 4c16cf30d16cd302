import { grpcTlsOf } from '@tp/config';
import { type Bus, busSettingsOf, openPublisher, STREAMS } from '@tp/bus';
import { openDatabase } from '@tp/db';
import { createGrpcServer } from '@tp/grpc';
import { egressPolicy } from '@tp/egress';
import { createVerifier } from '@tp/identity';
import type { Logger } from '@tp/logging';
import { MediaServiceService } from '@tp/proto';
import { type Lifecycle, type Running, serve, startService, httpTimeouts } from '@tp/runtime';
import { openObjectStore } from '@tp/storage';
import type { MediaConfig } from './config.ts';
import { startVerifyConsumer } from './events/verify-consumer.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { probeUrl } from './probe/ffprobe.ts';
import { mediaServiceHandlers } from './rpc/media-service.ts';
import { MEDIA_ACCESS } from './rpc/access.ts';
import { createMediaStore } from './store/media-store.ts';
import { createExpirySweeper, type SweepResult } from './tasks/expiry-sweeper.ts';
import { createSettledSignal } from './usecases/settled-signal.ts';

export type RunningMedia = Running<{
  grpcPort: number;
  opsPort: number;
  /** Runs one expiry sweep now (as of `at`, default now); the service also sweeps every minute. */
  sweepExpired(at?: Date): Promise<SweepResult>;
}>;

export interface MediaServiceOptions {
  /** How often the expiry sweeper runs (default one minute). */
  sweepIntervalMs?: number;
  /** Redelivery delays of failed verification attempts (default 2 s, then 10 s). */
  verifyBackoffMs?: readonly number[];
}

type MediaDeps = ReturnType<typeof useCaseDeps>;

/** The database, object store, bus and outbox relay, released in reverse order. */
async function openConnections(life: Lifecycle, config: MediaConfig, log: Logger) {
  const prisma = await openDatabase(life, config.DATABASE_URL, (adapter) => new PrismaClient({ adapter }));
  const objects = await openObjectStore(life, config, log);
  const { bus, relay } = await openPublisher(life, {
    ...busSettingsOf(config, 'media'),
    log,
    streams: [STREAMS.EVENTS, STREAMS.WORK],
    databaseUrl: config.DATABASE_URL,
  });
  return { prisma, objects, bus, relay };
}

function useCaseDeps(config: MediaConfig, log: Logger, connections: Awaited<ReturnType<typeof openConnections>>) {
  return {
    store: createMediaStore(connections.prisma),
    objects: connections.objects,
    settled: createSettledSignal(),
    nudgeOutbox: () => connections.relay.nudge(),
    now: () => new Date(),
    log,
    tokenSecret: config.MEDIA_TOKEN_SECRET,
    uploadUrlTtlSeconds: config.UPLOAD_URL_TTL_SECONDS,
    uploadSessionTtlSeconds: config.UPLOAD_SESSION_TTL_SECONDS,
    maxBytes: config.MEDIA_MAX_BYTES,
    quotaBytes: config.STORAGE_QUOTA_BYTES,
    completeWaitMs: config.COMPLETE_WAIT_MS,
    partBytes: config.DIRECT_UPLOAD_PART_BYTES,
    formMaxBytes: config.MEDIA_FORM_MAX_BYTES,
    formTtlSeconds: config.MEDIA_FORM_TTL_SECONDS,
    importMaxBytes: config.MEDIA_IMPORT_MAX_BYTES,
    importTimeoutMs: config.MEDIA_IMPORT_TIMEOUT_MS,
    egressPolicy: egressPolicy(config),
  };
}

/** The verification consumer, then the expiry sweeper (stopped first: it starts no verification). */
async function startBackgroundWork(
  life: Lifecycle,
  config: MediaConfig,
  options: MediaServiceOptions,
  deps: MediaDeps,
  bus: Bus,
) {
  await life.open(
    'verifier',
    () =>
      startVerifyConsumer({
        ...deps,
        log: deps.log.child({ component: 'verify' }),
        bus,
        probe: (url) => probeUrl(url, { ffprobePath: config.FFPROBE_PATH, timeoutMs: config.VERIFY_TIMEOUT_MS }),
        concurrency: config.VERIFY_CONCURRENCY,
        ackWaitMs: config.VERIFY_ACK_WAIT_MS,
        probeTimeoutMs: config.VERIFY_TIMEOUT_MS,
        ...(options.verifyBackoffMs ? { backoffMs: options.verifyBackoffMs } : {}),
      }),
    (subscription) => subscription.stop(),
  );
  return life.open(
    'sweeper',
    () => {
      const sweeper = createExpirySweeper({
        store: deps.store,
        objects: deps.objects,
        log: deps.log.child({ component: 'sweeper' }),
        now: deps.now,
        sessionTtlMs: config.UPLOAD_SESSION_TTL_SECONDS * 1000,
      });
      sweeper.start(options.sweepIntervalMs);
      return sweeper;
    },
    (sweeper) => sweeper.stop(),
  );
}

/**
 * Wires the media service: database, object store, bus, outbox relay, verification consumer,
 * sweeper, gRPC and ops servers. Stopping stops taking calls and work, lets verifications in
 * flight finish (and be acknowledged) before the outbox drains, then closes the connections.
 */
export function startMediaService(
  config: MediaConfig,
  log: Logger,
  options: MediaServiceOptions = {},
): Promise<RunningMedia> {
  return startService(async (life) => {
    const connections = await openConnections(life, config, log);
    const deps = useCaseDeps(config, log, connections);
    const sweeper = await startBackgroundWork(life, config, options, deps, connections.bus);

    const verifier = createVerifier({ audience: 'media', publicKeys: config.SERVICE_PUBLIC_KEYS });
    const grpc = createGrpcServer({ log, verifier, tls: grpcTlsOf(config) });
    grpc.add(MediaServiceService, mediaServiceHandlers(deps), MEDIA_ACCESS);
    const ports = await serve(life, {
      log,
      grpc: { server: grpc, host: config.GRPC_HOST, port: config.GRPC_PORT },
      ops: {
        host: config.OPS_HOST,
        port: config.OPS_PORT,
        http: httpTimeouts(config),
        ready: async () => ({
          database: await deps.store.ping(),
          nats: !connections.bus.connection.isClosed(),
          storage: await deps.objects.ping(),
        }),
      },
    });
    log.info(ports, 'media ready');
    return { ...ports, sweepExpired: (at?: Date) => sweeper.sweep(at) };
  });
}
