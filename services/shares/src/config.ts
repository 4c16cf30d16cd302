import { env, z } from '@tp/config';

const MIB = 1024 * 1024;

export const SharesConfigSchema = z.object({
  GRPC_HOST: env.host('127.0.0.1'),
  GRPC_PORT: env.port(50056),
  OPS_HOST: env.host('127.0.0.1'),
  OPS_PORT: env.port(9107),
  DATABASE_URL: env.postgresUrl(),
  NATS_URL: env.natsUrl(),
  /** Isolates subjects and streams (tests); empty in production. */
  NATS_PREFIX: z.string().regex(/^[A-Za-z0-9_-]{0,32}$/).default(''),
  ARTIFACTS_GRPC_ADDR: env.address('127.0.0.1:50054'),
  MEDIA_GRPC_ADDR: env.address('127.0.0.1:50052'),

  /** Deadline of one call to artifacts or media (a transcript payload of up to 32 MiB travels in one). */
  BACKEND_DEADLINE_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * Largest gRPC message sent or received: the page of a three-hour transcript is a few MB and
   * artifacts sends payloads of up to 32 MiB whole.
   */
  GRPC_MAX_MESSAGE_BYTES: z.coerce.number().int().min(4 * MIB).max(1024 * MIB).default(64 * MIB),
  /** Live (not revoked, not taken down) shares one artifact may have; one more is a conflict. */
  MAX_SHARES_PER_ARTIFACT: z.coerce.number().int().min(1).max(10_000).default(50),

  LOG_LEVEL: env.logLevel(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  SHUTDOWN_TIMEOUT_MS: env.milliseconds(10_000),
});

export type SharesConfig = z.infer<typeof SharesConfigSchema>;
