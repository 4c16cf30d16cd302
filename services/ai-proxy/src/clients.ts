import { type GrpcTlsFiles, grpcTlsOf } from '@tp/config';
import { createClient, type GrpcClient } from '@tp/grpc';
import { createSigner } from '@tp/identity';
import type { Logger } from '@tp/logging';
import { BillingServiceService } from '@tp/proto';
import type { AiProxyConfig } from './config.ts';

/** Credits for managed-AI calls: hold before the upstream, settle or release after (ADR 0020). */
export type BillingClient = Pick<GrpcClient<typeof BillingServiceService>, 'holdUsage' | 'settleUsage' | 'release'>;

export interface AiProxyClients {
  billing: BillingClient;
}

/** The services ai-proxy asks: billing alone, as itself. */
export function createAiProxyClients(
  config: Pick<AiProxyConfig, 'BILLING_GRPC_ADDR' | 'BACKEND_DEADLINE_MS' | 'SERVICE_PRIVATE_KEY'> & GrpcTlsFiles,
  log: Logger,
): AiProxyClients & { close(): void } {
  const signer = createSigner({ service: 'ai-proxy', privateKey: config.SERVICE_PRIVATE_KEY });
  const tls = grpcTlsOf(config);
  const billing = createClient(BillingServiceService, config.BILLING_GRPC_ADDR, {
    defaultDeadlineMs: config.BACKEND_DEADLINE_MS,
    log,
    identity: { signer, audience: 'billing' },
    tls,
  });
  return { billing, close: () => billing.close() };
}
