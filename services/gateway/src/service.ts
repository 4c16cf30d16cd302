import { type Bus, busSettingsOf, openBus, STREAMS } from '@tp/bus';
import { egressPolicy } from '@tp/egress';
import type { Logger } from '@tp/logging';
import { httpTimeouts, type Lifecycle, type Running, serve, startService } from '@tp/runtime';
import { TRANSCRIPT_JSON_SCHEMA } from '@tp/transcript';
import { createAuthenticator } from './auth/authenticator.ts';
import { PrincipalCache } from './auth/principal-cache.ts';
import { startRevocationFeed } from './auth/revocation-feed.ts';
import { closeGatewayClients, createGatewayClients } from './clients.ts';
import type { GatewayConfig } from './config.ts';
import { createGatewayApp } from './http/app.ts';
import { buildOpenApiDocument } from './http/openapi.ts';
import { boundPort, closeHttpServer, listenHttp } from './http/server.ts';
import { openEdgeLimits } from './limits/open.ts';
import { TRANSCRIPT_SCHEMA_PATH } from './routes/artifacts/schemas.ts';
import { startJobFeed } from './read-cache/job-feed.ts';
import { ReadCache } from './read-cache/read-cache.ts';
import { allRoutes, type RouteLimits } from './routes/index.ts';

export const API_VERSION = '1.0.0';

export type RunningGateway = Running<{ port: number; url: string; opsPort: number }>;

export interface GatewayOptions {
  /** The clock of the rate limit windows (tests move it). */
  now?: () => number;
}

/** Wires the gateway: backend clients, the credential cache and its revocation feed, rate limits, the HTTP server. */
export function startGatewayService(
  config: GatewayConfig,
  log: Logger,
  options: GatewayOptions = {},
): Promise<RunningGateway> {
  return startService(async (life) => {
    const clients = await life.open('backends', () => createGatewayClients(config, log), closeGatewayClients);
    const bus = await openBus(life, {
      ...busSettingsOf(config, 'gateway'),
      log,
      streams: [STREAMS.EVENTS],
    });
    const { principals, readCache } = await openCaches(life, config, bus, log);

    // Backends are not part of readiness: an edge that drops out when accounts blips turns a
    // 503 with a clear code into refused connections for every client.
    const checks = async () => ({ nats: !bus.connection.isClosed() });
    const publicBaseUrl = config.PUBLIC_BASE_URL ?? `http://${config.HOST}:${config.PORT}`;
    const routes = allRoutes(clients, log, routeLimits(config, publicBaseUrl), readCache);
    const timeouts = httpTimeouts(config);
    const app = createGatewayApp({
      routes,
      authenticate: createAuthenticator(clients.accounts, principals),
      log,
      openApiDocument: buildOpenApiDocument(routes, {
        version: API_VERSION,
        serverUrl: publicBaseUrl,
        transcriptSchemaPath: TRANSCRIPT_SCHEMA_PATH,
        jsonLimitBytes: config.JSON_LIMIT_BYTES,
      }),
      documents: { [TRANSCRIPT_SCHEMA_PATH]: TRANSCRIPT_JSON_SCHEMA },
      ready: async () => Object.values(await checks()).every(Boolean),
      jsonLimitBytes: config.JSON_LIMIT_BYTES,
      limits: openEdgeLimits(config, { bus, billing: clients.billing, log, ...options }),
      trustProxy: config.TRUST_PROXY,
      afterWrite: (userId, params) => {
        readCache.invalidateUser(userId);
        if (params.job_id) readCache.invalidateJob(params.job_id);
      },
      ...(config.WEB_URL && {
        webApp: {
          url: new URL(config.WEB_URL),
          answerTimeoutMs: timeouts.headersTimeoutMs,
          timeoutMs: timeouts.requestTimeoutMs,
        },
      }),
    });

    const server = await life.open('http', () => listenHttp(app, config.HOST, config.PORT, timeouts), closeHttpServer);
    const port = boundPort(server, config.PORT);
    const { opsPort } = await serve(life, {
      log,
      ops: { host: config.OPS_HOST, port: config.OPS_PORT, ready: checks },
    });
    log.info({ port, opsPort }, 'gateway listening');
    return { port, url: `http://${config.HOST}:${port}`, opsPort };
  });
}

/** The credential cache and the read cache, each kept fresh by its feed of events. */
async function openCaches(life: Lifecycle, config: GatewayConfig, bus: Bus, log: Logger) {
  const principals = new PrincipalCache({ ttlMs: config.AUTH_CACHE_TTL_MS, maxEntries: config.AUTH_CACHE_MAX_ENTRIES });
  await life.open(
    'revocation-feed',
    () => startRevocationFeed(bus, principals, log),
    (feed) => feed.stop(),
  );
  const readCache = new ReadCache({
    maxEntries: config.READ_CACHE_MAX_ENTRIES,
    jobActiveMs: config.JOB_READ_CACHE_MS,
    jobFinishedMs: config.JOB_FINISHED_READ_CACHE_MS,
    balanceMs: config.BALANCE_READ_CACHE_MS,
  });
  await life.open(
    'job-feed',
    () => startJobFeed(bus, readCache, log),
    (feed) => feed.stop(),
  );
  return { principals, readCache };
}

/** The sizes, address and egress policy the routes work within, from the configuration. */
function routeLimits(config: GatewayConfig, publicBaseUrl: string): RouteLimits {
  return {
    maxTranscriptBytes: config.MAX_TRANSCRIPT_BYTES,
    publicBaseUrl,
    product: {
      uploadMaxBytes: config.PRODUCT_UPLOAD_MAX_BYTES,
      inlineMaxBytes: config.PRODUCT_INLINE_MAX_BYTES,
      egress: egressPolicy(config),
    },
  };
}
