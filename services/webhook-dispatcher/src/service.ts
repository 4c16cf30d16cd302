import { grpcTlsOf } from '@tp/config';
import { busSettingsOf, openBus, STREAMS } from '@tp/bus';
import { openDatabase } from '@tp/db';
import { egressPolicy } from '@tp/egress';
import { createGrpcServer } from '@tp/grpc';
import { createVerifier } from '@tp/identity';
import type { Logger } from '@tp/logging';
import { WebhookServiceService } from '@tp/proto';
import { httpTimeouts, type Running, serve, startService } from '@tp/runtime';
import { createWebhookDispatcherClients } from './clients.ts';
import type { WebhookDispatcherConfig } from './config.ts';
import { secretBox } from './domain/secret-box.ts';
import { collectWebhookMetrics } from './metrics.ts';
import { startJobEndConsumers } from './events/job-end-consumer.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { WEBHOOK_ACCESS } from './rpc/access.ts';
import { webhookServiceHandlers } from './rpc/webhook-service.ts';
import { createWebhookStore } from './store/index.ts';
import { startSender } from './tasks/sender.ts';
import type { EgressDeps } from './usecases/egress-deps.ts';

export type RunningWebhookDispatcher = Running<{ grpcPort: number; opsPort: number }>;

export interface WebhookDispatcherOptions {
  /** The service's clock (default: the system clock). */
  now?: () => Date;
  /** The resolver the egress guard asks (tests: a name that resolves to a private address). */
  resolver?: EgressDeps['resolver'];
}

/** Wires the dispatcher: database, jobs client, sender, job-end consumers, gRPC and ops servers. */
export function startWebhookDispatcherService(
  config: WebhookDispatcherConfig,
  log: Logger,
  options: WebhookDispatcherOptions = {},
): Promise<RunningWebhookDispatcher> {
  return startService(async (life) => {
    const now = options.now ?? (() => new Date());
    const prisma = await openDatabase(life, config.DATABASE_URL, (adapter) => new PrismaClient({ adapter }));
    const store = createWebhookStore(prisma);
    const clients = await life.open(
      'clients',
      () => createWebhookDispatcherClients(config, log),
      (opened) => opened.close(),
    );
    const secrets = secretBox(config.WEBHOOK_SECRETS_KEY);
    const egress: EgressDeps = {
      policy: egressPolicy({ EGRESS_ALLOW_PRIVATE_TARGETS: config.EGRESS_ALLOW_PRIVATE_TARGETS }),
      ...(options.resolver ? { resolver: options.resolver } : {}),
    };
    const sender = await life.open(
      'sender',
      () =>
        startSender({
          ...store,
          secrets,
          egress,
          timeoutMs: config.WEBHOOK_TIMEOUT_MS,
          schedule: config.WEBHOOK_RETRY_SCHEDULE,
          concurrency: config.WEBHOOK_CONCURRENCY,
          pollIntervalMs: config.WEBHOOK_POLL_INTERVAL_MS,
          now,
          random: Math.random,
          log,
        }),
      (opened) => opened.stop(),
    );
    const nudgeSender = () => sender.nudge();
    const bus = await openBus(life, {
      ...busSettingsOf(config, 'webhook-dispatcher'),
      log,
      streams: [STREAMS.EVENTS],
    });
    await life.open(
      'consumers',
      () =>
        startJobEndConsumers({
          ...store,
          jobs: clients.jobs,
          bus,
          now,
          nudgeSender,
          maxBodyBytes: config.WEBHOOK_MAX_BODY_BYTES,
          log,
        }),
      async (consumers) => void (await Promise.all(consumers.map((consumer) => consumer.stop()))),
    );

    life.onStop('metrics', collectWebhookMetrics({ deliveries: store.deliveries, now }));

    const verifier = createVerifier({ audience: 'webhook-dispatcher', publicKeys: config.SERVICE_PUBLIC_KEYS });
    const grpc = createGrpcServer({ log, verifier, tls: grpcTlsOf(config) });
    grpc.add(
      WebhookServiceService,
      webhookServiceHandlers({ ...store, secrets, egress, now, nudgeSender }),
      WEBHOOK_ACCESS,
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
    log.info(ports, 'webhook-dispatcher ready');
    return ports;
  });
}
