import { grpcTlsOf } from '@tp/config';
import { createClient, type GrpcClient } from '@tp/grpc';
import { createSigner } from '@tp/identity';
import type { Logger } from '@tp/logging';
import { AccountsServiceService, ArtifactsServiceService, MediaServiceService } from '@tp/proto';
import type { SharesConfig } from './config.ts';

export type AccountsClient = GrpcClient<typeof AccountsServiceService>;
export type ArtifactsClient = GrpcClient<typeof ArtifactsServiceService>;
export type MediaClient = GrpcClient<typeof MediaServiceService>;

export interface SharesClients {
  accounts: AccountsClient;
  artifacts: ArtifactsClient;
  media: MediaClient;
}

/**
 * The services shares asks: artifacts (the transcripts), media (whether the audio still exists) and
 * accounts (whether an account an event calls deleted is gone).
 */
export function createSharesClients(config: SharesConfig, log: Logger): SharesClients {
  const deadline = config.BACKEND_DEADLINE_MS;
  // Every call is signed as shares (ADR 0011).
  const signer = createSigner({ service: 'shares', privateKey: config.SERVICE_PRIVATE_KEY });
  const tls = grpcTlsOf(config);
  return {
    accounts: createClient(AccountsServiceService, config.ACCOUNTS_GRPC_ADDR, {
      defaultDeadlineMs: deadline,
      log,
      identity: { signer, audience: 'accounts' },
      tls,
    }),
    // Transcript payloads travel whole: as large as artifacts sends them.
    artifacts: createClient(ArtifactsServiceService, config.ARTIFACTS_GRPC_ADDR, {
      defaultDeadlineMs: deadline,
      log,
      maxMessageBytes: config.GRPC_MAX_MESSAGE_BYTES,
      identity: { signer, audience: 'artifacts' },
      tls,
    }),
    media: createClient(MediaServiceService, config.MEDIA_GRPC_ADDR, {
      defaultDeadlineMs: deadline,
      log,
      identity: { signer, audience: 'media' },
      tls,
    }),
  };
}

export function closeSharesClients(clients: SharesClients): void {
  clients.accounts.close();
  clients.artifacts.close();
  clients.media.close();
}
