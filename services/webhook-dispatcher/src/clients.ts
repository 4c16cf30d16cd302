import { type GrpcTlsFiles, grpcTlsOf } from '@tp/config';
import { createClient, type GrpcClient } from '@tp/grpc';
import { createSigner } from '@tp/identity';
import type { Logger } from '@tp/logging';
import { JobsServiceService } from '@tp/proto';
import type { WebhookDispatcherConfig } from './config.ts';

/** The job whose end a delivery announces, and its transcript (exported as canonical JSON). */
export type JobsClient = Pick<GrpcClient<typeof JobsServiceService>, 'getJob' | 'exportJob'>;

export interface WebhookDispatcherClients {
  jobs: JobsClient;
}

/** The services the dispatcher asks: jobs alone, for the user whose job ended. */
export function createWebhookDispatcherClients(
  config: Pick<
    WebhookDispatcherConfig,
    'JOBS_GRPC_ADDR' | 'BACKEND_DEADLINE_MS' | 'GRPC_MAX_MESSAGE_BYTES' | 'SERVICE_PRIVATE_KEY'
  > &
    GrpcTlsFiles,
  log: Logger,
): WebhookDispatcherClients & { close(): void } {
  // Every call is signed as the dispatcher (ADR 0011), naming the user in CallOptions.user.
  const signer = createSigner({ service: 'webhook-dispatcher', privateKey: config.SERVICE_PRIVATE_KEY });
  const tls = grpcTlsOf(config);
  const jobs = createClient(JobsServiceService, config.JOBS_GRPC_ADDR, {
    defaultDeadlineMs: config.BACKEND_DEADLINE_MS,
    log,
    maxMessageBytes: config.GRPC_MAX_MESSAGE_BYTES,
    identity: { signer, audience: 'jobs' },
    tls,
  });
  return { jobs, close: () => jobs.close() };
}
