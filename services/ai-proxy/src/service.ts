import { grpcTlsOf } from '@tp/config';
import { FAST_TRANSCRIPTION } from '@tp/catalog';
import { createGrpcServer } from '@tp/grpc';
import { createVerifier } from '@tp/identity';
import type { Logger } from '@tp/logging';
import { closeEngines, createEngines, killAllGroups } from '@tp/engines';
import { AiProxyServiceService, FastTranscriptionServiceService } from '@tp/proto';
import { createSpeechGuard } from '@tp/speech-guard';
import { httpTimeouts, type Running, serve, startService } from '@tp/runtime';
import { createApertiumTranslator } from '@tp/translation';
import { encode } from 'gpt-tokenizer';
import { createAiProxyClients } from './clients.ts';
import type { AiProxyConfig } from './config.ts';
import { routeFor } from './domain/routes.ts';
import { FAST_ENGINE } from './fast/fast-model.ts';
import { AI_PROXY_ACCESS, FAST_TRANSCRIPTION_ACCESS } from './rpc/access.ts';
import { aiProxyServiceHandlers } from './rpc/ai-proxy-service.ts';
import { fastTranscriptionHandlers } from './rpc/fast-transcription-service.ts';

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

    // Fast transcription (ADR 0021): the speech guard's model, loaded once, and the platform's engines.
    const guard = await life.open(
      'speech guard',
      () => createSpeechGuard(),
      (opened) => opened.close(),
    );
    const engines = createEngines([FAST_ENGINE], config);
    life.onStop('engine processes', () => {
      const killed = killAllGroups();
      if (killed > 0) log.warn({ killed }, 'killed leftover engine processes');
    });
    // Stopped before the leftovers are killed: the loaded decoder hosts end on their own.
    life.onStop('engines', () => closeEngines(engines));
    for (const engine of engines.values())
      engine
        .check()
        .catch((err: Error) => log.warn({ reason: err.message }, 'fast transcription: an engine cannot run here'));

    const verifier = createVerifier({ audience: 'ai-proxy', publicKeys: config.SERVICE_PUBLIC_KEYS });
    // A request body up to AI_MAX_REQUEST_BYTES, or a fast-transcription clip, travels in one message
    // (grpc-js takes 4 MiB by default).
    const maxMessageBytes = Math.max(config.AI_MAX_REQUEST_BYTES, FAST_TRANSCRIPTION.maxBytes) + 1024 * 1024;
    const grpc = createGrpcServer({ log, verifier, tls: grpcTlsOf(config), maxMessageBytes });
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

    grpc.add(
      FastTranscriptionServiceService,
      fastTranscriptionHandlers({
        billing: clients.billing,
        guard,
        engines,
        ffmpegPath: config.FFMPEG_BIN,
        translator: createApertiumTranslator({ command: config.APERTIUM_BIN }),
        countTokens: (text) => encode(text).length,
        log,
      }),
      FAST_TRANSCRIPTION_ACCESS,
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
