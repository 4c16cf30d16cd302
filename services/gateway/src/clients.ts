import { grpcTlsOf } from '@tp/config';
import {
  type ClientOptions,
  createClient,
  createStreamingClient,
  type GrpcClient,
  type GrpcStreamClient,
} from '@tp/grpc';
import { FAST_TRANSCRIPTION } from '@tp/catalog';
import { createSigner, type ServiceName } from '@tp/identity';
import type { Logger } from '@tp/logging';
import {
  AccountsServiceService,
  AiProxyServiceService,
  FastTranscriptionServiceService,
  ArtifactsServiceService,
  BillingServiceService,
  JobsServiceService,
  MediaServiceService,
  SharesServiceService,
  WebhookServiceService,
} from '@tp/proto';
import type { GatewayConfig } from './config.ts';

export type AccountsClient = GrpcClient<typeof AccountsServiceService>;
export type MediaClient = GrpcClient<typeof MediaServiceService>;
export type BillingClient = GrpcClient<typeof BillingServiceService>;
export type ArtifactsClient = GrpcClient<typeof ArtifactsServiceService>;
export type JobsClient = GrpcClient<typeof JobsServiceService>;
export type SharesClient = GrpcClient<typeof SharesServiceService>;
export type WebhooksClient = GrpcClient<typeof WebhookServiceService>;
export type AiProxyClient = GrpcStreamClient<typeof AiProxyServiceService>;
export type FastTranscriptionClient = GrpcClient<typeof FastTranscriptionServiceService>;

/** The backends the gateway routes to, as typed gRPC clients. */
export interface GatewayClients {
  accounts: AccountsClient;
  media: MediaClient;
  billing: BillingClient;
  artifacts: ArtifactsClient;
  jobs: JobsClient;
  shares: SharesClient;
  /** The webhook dispatcher: subscriptions and deliveries of the product interface. */
  webhooks: WebhooksClient;
  /** The managed-AI proxy: one streamed call per compat request (ADR 0020). */
  aiProxy: AiProxyClient;
  /** Fast transcription, also served by ai-proxy: one unary call per clip (ADR 0021). */
  fastTranscription: FastTranscriptionClient;
}

export function createGatewayClients(config: GatewayConfig, log: Logger): GatewayClients {
  // Every call is signed as the gateway, for the user of the request it serves (onBehalfOf in
  // mountRoute): ADR 0011.
  const signer = createSigner({ service: 'gateway', privateKey: config.SERVICE_PRIVATE_KEY });
  const tls = grpcTlsOf(config);
  const to = (audience: ServiceName, maxMessageBytes?: number): ClientOptions => ({
    defaultDeadlineMs: config.BACKEND_DEADLINE_MS,
    log,
    identity: { signer, audience },
    tls,
    ...(maxMessageBytes === undefined ? {} : { maxMessageBytes }),
  });
  // Transcripts travel whole: saved versions, job exports and share pages are as large as the
  // transcript itself (a rendered page up to a few times that).
  const transcriptSized = config.MAX_TRANSCRIPT_BYTES + 1024 * 1024;
  return {
    accounts: createClient(AccountsServiceService, config.ACCOUNTS_GRPC_ADDR, to('accounts')),
    media: createClient(MediaServiceService, config.MEDIA_GRPC_ADDR, to('media')),
    billing: createClient(BillingServiceService, config.BILLING_GRPC_ADDR, to('billing')),
    artifacts: createClient(ArtifactsServiceService, config.ARTIFACTS_GRPC_ADDR, to('artifacts', transcriptSized)),
    shares: createClient(SharesServiceService, config.SHARES_GRPC_ADDR, to('shares', 4 * config.MAX_TRANSCRIPT_BYTES)),
    jobs: createClient(JobsServiceService, config.JOBS_GRPC_ADDR, to('jobs', transcriptSized)),
    webhooks: createClient(WebhookServiceService, config.WEBHOOKS_GRPC_ADDR, to('webhook-dispatcher')),
    aiProxy: createStreamingClient(AiProxyServiceService, config.AI_PROXY_GRPC_ADDR, {
      ...to('ai-proxy', 8 * 1024 * 1024),
      defaultDeadlineMs: config.AI_PROXY_DEADLINE_MS,
    }),
    // The clip travels in the request (FAST_TRANSCRIPTION.maxBytes), so the message bound is raised for it.
    fastTranscription: createClient(FastTranscriptionServiceService, config.AI_PROXY_GRPC_ADDR, {
      ...to('ai-proxy', FAST_TRANSCRIPTION.maxBytes + 1024 * 1024),
      defaultDeadlineMs: config.AI_PROXY_DEADLINE_MS,
    }),
  };
}

export function closeGatewayClients(clients: GatewayClients): void {
  for (const client of Object.values(clients)) client.close();
}
