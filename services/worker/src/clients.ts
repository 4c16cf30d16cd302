import { type GrpcTlsFiles, grpcTlsOf } from '@tp/config';
import { createClient, type GrpcClient } from '@tp/grpc';
import { createSigner } from '@tp/identity';
import type { Logger } from '@tp/logging';
import { ArtifactsServiceService, JobsServiceService, MediaServiceService } from '@tp/proto';
import type { WorkerConfig } from './config.ts';

/** The jobs service: claims, progress, completion and failure of the jobs this worker runs. */
export type JobsClient = GrpcClient<typeof JobsServiceService>;
/** The media service: the presigned URL ffmpeg reads a job's media from. */
export type MediaClient = GrpcClient<typeof MediaServiceService>;
/** The artifacts service: where a job's transcript is stored. */
export type ArtifactsClient = GrpcClient<typeof ArtifactsServiceService>;

/** The worker's outbound gRPC clients; the worker serves no gRPC itself. */
export interface WorkerClients {
  jobs: JobsClient;
  media: MediaClient;
  artifacts: ArtifactsClient;
}

type ClientSettings = Pick<
  WorkerConfig,
  | 'JOBS_GRPC_ADDR'
  | 'MEDIA_GRPC_ADDR'
  | 'ARTIFACTS_GRPC_ADDR'
  | 'GRPC_DEADLINE_MS'
  | 'MAX_TRANSCRIPT_BYTES'
  | 'SERVICE_PRIVATE_KEY'
> &
  GrpcTlsFiles;

export function createWorkerClients(config: ClientSettings, log: Logger): WorkerClients {
  const options = { defaultDeadlineMs: config.GRPC_DEADLINE_MS, log };
  // Every call is signed as the worker (ADR 0011).
  const signer = createSigner({ service: 'worker', privateKey: config.SERVICE_PRIVATE_KEY });
  const tls = grpcTlsOf(config);
  return {
    jobs: createClient(JobsServiceService, config.JOBS_GRPC_ADDR, {
      ...options,
      identity: { signer, audience: 'jobs' },
      tls,
    }),
    media: createClient(MediaServiceService, config.MEDIA_GRPC_ADDR, {
      ...options,
      identity: { signer, audience: 'media' },
      tls,
    }),
    // A transcript may be larger than grpc-js's 4 MiB default.
    artifacts: createClient(ArtifactsServiceService, config.ARTIFACTS_GRPC_ADDR, {
      ...options,
      maxMessageBytes: config.MAX_TRANSCRIPT_BYTES + 1024 * 1024,
      identity: { signer, audience: 'artifacts' },
      tls,
    }),
  };
}

export function closeWorkerClients(clients: WorkerClients): void {
  for (const client of Object.values(clients)) client.close();
}
