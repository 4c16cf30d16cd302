import { type GrpcTlsFiles, grpcTlsOf } from '@tp/config';
import { createClient, type GrpcClient } from '@tp/grpc';
import { createSigner } from '@tp/identity';
import type { Logger } from '@tp/logging';
import { ArtifactsServiceService, BillingServiceService, MediaServiceService } from '@tp/proto';
import type { JobsConfig } from './config.ts';

// The services jobs calls, and the calls of each it makes.

/** Credit holds of jobs (reference = job id), and the plan's limits (max_concurrent_jobs). */
export type BillingClient = Pick<
  GrpcClient<typeof BillingServiceService>,
  'reserve' | 'settle' | 'release' | 'getProfile'
>;
/** The media a job transcribes. */
export type MediaClient = Pick<GrpcClient<typeof MediaServiceService>, 'getMedia'>;
/** The transcripts jobs export, those client-local jobs deliver (ADR 0023) and those a caption burn job pins (ADR 0024). */
export type ArtifactsClient = Pick<
  GrpcClient<typeof ArtifactsServiceService>,
  'getCurrentPayload' | 'createArtifact' | 'getArtifact' | 'getVersion' | 'listArtifacts'
>;

export interface JobsClients {
  billing: BillingClient;
  media: MediaClient;
  artifacts: ArtifactsClient;
  close(): void;
}

export function createJobsClients(
  config: Pick<
    JobsConfig,
    | 'BILLING_GRPC_ADDR'
    | 'MEDIA_GRPC_ADDR'
    | 'ARTIFACTS_GRPC_ADDR'
    | 'BACKEND_DEADLINE_MS'
    | 'GRPC_MAX_MESSAGE_BYTES'
    | 'SERVICE_PRIVATE_KEY'
  > &
    GrpcTlsFiles,
  log: Logger,
): JobsClients {
  // Every call is signed as jobs (ADR 0011).
  const signer = createSigner({ service: 'jobs', privateKey: config.SERVICE_PRIVATE_KEY });
  const tls = grpcTlsOf(config);
  const options = { defaultDeadlineMs: config.BACKEND_DEADLINE_MS, log };
  const billing = createClient(BillingServiceService, config.BILLING_GRPC_ADDR, {
    ...options,
    identity: { signer, audience: 'billing' },
    tls,
  });
  const media = createClient(MediaServiceService, config.MEDIA_GRPC_ADDR, {
    ...options,
    identity: { signer, audience: 'media' },
    tls,
  });
  // Transcript payloads travel whole: as large as artifacts allows.
  const artifacts = createClient(ArtifactsServiceService, config.ARTIFACTS_GRPC_ADDR, {
    defaultDeadlineMs: 30_000,
    log,
    maxMessageBytes: config.GRPC_MAX_MESSAGE_BYTES,
    identity: { signer, audience: 'artifacts' },
    tls,
  });
  return {
    billing,
    media,
    artifacts,
    close() {
      billing.close();
      media.close();
      artifacts.close();
    },
  };
}
