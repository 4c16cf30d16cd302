import { createGrpcServer } from '@tp/grpc';
import { createVerifier } from '@tp/identity';
import type { Logger } from '@tp/logging';
import { AiProxyServiceService } from '@tp/proto';
import { httpTimeouts, type Running, serve, startService } from '@tp/runtime';
import { encode } from 'gpt-tokenizer';
import { createAiProxyClients } from './clients.ts';
import type { AiProxyConfig } from './config.ts';
import { routeFor } from './domain/routes.ts';
import { AI_PROXY_ACCESS } from './rpc/access.ts';
import { aiProxyServiceHandlers } from './rpc/ai-proxy-service.ts';

export type RunningAiProxy = Running<{ grpcPort: number; opsPort: number }>;

export interface AiProxyOptions {
  /** Where a fallback's key is read (default: the process environment). */
  env?: NodeJS.ProcessEnv;
}

/** Wires ai-proxy: the billing client, the upstream routes, the gRPC and ops servers. */
export function startAiProxyService(
  config: AiProxyConfig,
  log: Logger,
  options: AiProxyOptions = {},
): Promise<RunningAiProxy> {
  return startService(async (life) => {
    const env = options.env ?? process.env;
    const clients = await life.open(
      'clients',
      () => createAiProxyClients(config, log),
      (opened) => opened.close(),
    );
    const primary = config.AI_UPSTREAM_URL
      ? { baseUrl: config.AI_UPSTREAM_URL, apiKey: config.AI_UPSTREAM_API_KEY || undefined }
      : null;
    if (!primary)
      log.warn('AI_UPSTREAM_URL is not set: the managed-AI endpoints answer 503 ai_upstream_not_configured');

    const verifier = createVerifier({ audience: 'ai-proxy', publicKeys: config.SERVICE_PUBLIC_KEYS });
    // A request body up to AI_MAX_REQUEST_BYTES travels in one message (grpc-js takes 4 MiB by default).
    const grpc = createGrpcServer({ log, verifier, maxMessageBytes: config.AI_MAX_REQUEST_BYTES + 1024 * 1024 });
    grpc.addStreaming(
      AiProxyServiceService,
      aiProxyServiceHandlers({
        billing: clients.billing,
        routeOf: (alias) => routeFor(alias, primary, config.AI_MODEL_ROUTES, (name) => env[name]),
        timeoutMs: config.AI_UPSTREAM_TIMEOUT_MS,
        defaultMaxOutputTokens: config.AI_DEFAULT_MAX_OUTPUT_TOKENS,
        maxRequestBytes: config.AI_MAX_REQUEST_BYTES,
        countTokens: (text) => encode(text).length,
        log,
      }),
      AI_PROXY_ACCESS,
    );

    const ports = await serve(life, {
      log,
      grpc: { server: grpc, host: config.GRPC_HOST, port: config.GRPC_PORT },
      ops: { host: config.OPS_HOST, port: config.OPS_PORT, http: httpTimeouts(config), ready: async () => ({}) },
    });
    log.info(ports, 'ai-proxy ready');
    return ports;
  });
}
