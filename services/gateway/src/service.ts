import type { Server } from 'node:http';
import { connectBus, STREAMS } from '@tp/bus';
import { createClient } from '@tp/grpc';
import type { Logger } from '@tp/logging';
import { AccountsServiceService, ArtifactsServiceService, BillingServiceService, JobsServiceService, MediaServiceService, SharesServiceService } from '@tp/proto';
import { TRANSCRIPT_JSON_SCHEMA } from '@tp/transcript';
import { createAuthenticator } from './auth/authenticator.ts';
import { PrincipalCache } from './auth/principal-cache.ts';
import { startRevocationFeed } from './auth/revocation-feed.ts';
import type { Backends } from './backends.ts';
import type { GatewayConfig } from './config.ts';
import { createGatewayApp } from './http/app.ts';
import { buildOpenApiDocument } from './http/openapi.ts';
import { TRANSCRIPT_SCHEMA_PATH } from './routes/artifacts.ts';
import { allRoutes } from './routes/index.ts';

export const API_VERSION = '1.0.0';

export interface RunningGateway {
  port: number;
  url: string;
  stopSteps: { name: string; run: () => Promise<void> }[];
  stop(): Promise<void>;
}

/** Wires the gateway: backend clients, the credential cache and its revocation feed, the HTTP server. */
export async function startGatewayService(config: GatewayConfig, log: Logger): Promise<RunningGateway> {
  const backends: Backends = {
    accounts: createClient(AccountsServiceService, config.ACCOUNTS_GRPC_ADDR, { defaultDeadlineMs: config.BACKEND_DEADLINE_MS, log }),
    media: createClient(MediaServiceService, config.MEDIA_GRPC_ADDR, { defaultDeadlineMs: config.BACKEND_DEADLINE_MS, log }),
    billing: createClient(BillingServiceService, config.BILLING_GRPC_ADDR, { defaultDeadlineMs: config.BACKEND_DEADLINE_MS, log }),
    artifacts: createClient(ArtifactsServiceService, config.ARTIFACTS_GRPC_ADDR, {
      defaultDeadlineMs: config.BACKEND_DEADLINE_MS,
      log,
      maxMessageBytes: config.MAX_TRANSCRIPT_BYTES + 1024 * 1024,
    }),
    // Exports of long transcripts are as large as the transcript itself.
    // Rendered pages of long transcripts are as large as the transcript.
    shares: createClient(SharesServiceService, config.SHARES_GRPC_ADDR, {
      defaultDeadlineMs: config.BACKEND_DEADLINE_MS,
      log,
      maxMessageBytes: 4 * config.MAX_TRANSCRIPT_BYTES,
    }),
    jobs: createClient(JobsServiceService, config.JOBS_GRPC_ADDR, {
      defaultDeadlineMs: config.BACKEND_DEADLINE_MS,
      log,
      maxMessageBytes: config.MAX_TRANSCRIPT_BYTES + 1024 * 1024,
    }),
  };
  const bus = await connectBus({ url: config.NATS_URL, name: 'gateway', prefix: config.NATS_PREFIX, log });
  await bus.ensureStreams([STREAMS.EVENTS]);
  const cache = new PrincipalCache({ ttlMs: config.AUTH_CACHE_TTL_MS, maxEntries: config.AUTH_CACHE_MAX_ENTRIES });
  const feed = await startRevocationFeed(bus, cache, log);

  const publicBaseUrl = config.PUBLIC_BASE_URL ?? `http://${config.HOST}:${config.PORT}`;
  const routes = allRoutes(backends, log, { maxTranscriptBytes: config.MAX_TRANSCRIPT_BYTES, publicBaseUrl });
  const app = createGatewayApp({
    routes,
    authenticate: createAuthenticator(backends.accounts, cache),
    log,
    openApiDocument: buildOpenApiDocument(routes, {
      version: API_VERSION,
      serverUrl: publicBaseUrl,
      transcriptSchemaPath: TRANSCRIPT_SCHEMA_PATH,
    }),
    documents: { [TRANSCRIPT_SCHEMA_PATH]: TRANSCRIPT_JSON_SCHEMA },
    // Backends are not part of readiness: an edge that drops out when accounts blips turns a
    // 503 with a clear code into refused connections for every client.
    ready: async () => ({ nats: !bus.connection.isClosed() }),
    jsonLimitBytes: config.JSON_LIMIT_BYTES,
  });

  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(config.PORT, config.HOST, (err?: Error) => (err ? reject(err) : resolve(listening)));
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  log.info({ port }, 'gateway listening');

  const stopSteps = [
    {
      name: 'http',
      run: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        }),
    },
    { name: 'revocation-feed', run: () => feed.stop() },
    { name: 'bus', run: () => bus.close() },
    {
      name: 'backends',
      run: async () => {
        for (const client of Object.values(backends)) client.close();
      },
    },
  ];
  return {
    port,
    url: `http://${config.HOST}:${port}`,
    stopSteps,
    async stop() {
      for (const step of stopSteps) await step.run();
    },
  };
}
