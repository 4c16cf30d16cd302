import { env, z } from '@tp/config';

export const GatewayConfigSchema = z.object({
  HOST: env.host('127.0.0.1'),
  PORT: env.port(8080),
  /** Base URL clients use, for the OpenAPI `servers` entry; defaults to http://HOST:PORT. */
  PUBLIC_BASE_URL: z.url().optional(),
  ACCOUNTS_GRPC_ADDR: env.address('127.0.0.1:50051'),
  MEDIA_GRPC_ADDR: env.address('127.0.0.1:50052'),
  BILLING_GRPC_ADDR: env.address('127.0.0.1:50053'),
  ARTIFACTS_GRPC_ADDR: env.address('127.0.0.1:50054'),
  JOBS_GRPC_ADDR: env.address('127.0.0.1:50055'),
  SHARES_GRPC_ADDR: env.address('127.0.0.1:50056'),
  BACKEND_DEADLINE_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  NATS_URL: env.natsUrl(),
  NATS_PREFIX: z.string().regex(/^[A-Za-z0-9_-]{0,32}$/).default(''),
  /** How long an authenticated credential is trusted without asking accounts; revocations evict at once. */
  AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  AUTH_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(10_000),
  JSON_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  /** Largest transcript a client may save (a three-hour transcript is several MB); keep it ≤ artifacts' MAX_PAYLOAD_BYTES. */
  MAX_TRANSCRIPT_BYTES: z.coerce.number().int().min(1024).default(32 * 1024 * 1024),
  LOG_LEVEL: env.logLevel(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  SHUTDOWN_TIMEOUT_MS: env.milliseconds(10_000),
});

export type GatewayConfig = z.infer<typeof GatewayConfigSchema>;
