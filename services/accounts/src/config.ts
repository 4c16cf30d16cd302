import { env, z } from '@tp/config';

export const AccountsConfigSchema = z.object({
  GRPC_HOST: env.host('127.0.0.1'),
  GRPC_PORT: env.port(50051),
  OPS_HOST: env.host('127.0.0.1'),
  OPS_PORT: env.port(9101),
  DATABASE_URL: env.postgresUrl(),
  NATS_URL: env.natsUrl(),
  /** Isolates subjects and streams (tests); empty in production. */
  NATS_PREFIX: z.string().regex(/^[A-Za-z0-9_-]{0,32}$/).default(''),
  SESSION_SIGNING_SECRET: env.secret(32),
  ADMIN_API_KEY: env.secret(32),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOG_LEVEL: env.logLevel(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  SHUTDOWN_TIMEOUT_MS: env.milliseconds(10_000),
});

export type AccountsConfig = z.infer<typeof AccountsConfigSchema>;
