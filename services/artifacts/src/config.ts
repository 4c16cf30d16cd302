import { env, z } from '@tp/config';
import { checkStorageCredentials, storageEnv } from '@tp/storage';

const MIB = 1024 * 1024;

export const ArtifactsConfigSchema = z
  .object({
    GRPC_HOST: env.host('127.0.0.1'),
    GRPC_PORT: env.port(50054),
    OPS_HOST: env.host('127.0.0.1'),
    OPS_PORT: env.port(9104),
    DATABASE_URL: env.postgresUrl(),
    ...storageEnv,

    /** Largest payload (canonical JSON) of a version. */
    MAX_PAYLOAD_BYTES: z.coerce.number().int().min(1024).max(1024 * MIB).default(32 * MIB),

    LOG_LEVEL: env.logLevel(),
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
    SHUTDOWN_TIMEOUT_MS: env.milliseconds(10_000),
  })
  .superRefine((config, ctx) => {
    checkStorageCredentials(config, ctx);
  });

export type ArtifactsConfig = z.infer<typeof ArtifactsConfigSchema>;
