import { env, z } from '@tp/config';

const MIB = 1024 * 1024;

export const ArtifactsConfigSchema = z
  .object({
    GRPC_HOST: env.host('127.0.0.1'),
    GRPC_PORT: env.port(50054),
    OPS_HOST: env.host('127.0.0.1'),
    OPS_PORT: env.port(9104),
    DATABASE_URL: env.postgresUrl(),

    /** The media bucket (export files live there), configured as media's S3_* variables. Unset endpoint: AWS S3. */
    S3_ENDPOINT: z.url().optional(),
    /** Endpoint written into presigned URLs, when clients reach storage at another address than the service does. */
    S3_PUBLIC_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name'),
    /** Both or neither: without them the SDK's default chain (instance role, web identity, …) is used. */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: env.bool(false),

    /** Largest payload (canonical JSON) of a version. */
    MAX_PAYLOAD_BYTES: z.coerce.number().int().min(1024).max(1024 * MIB).default(32 * MIB),

    LOG_LEVEL: env.logLevel(),
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
    SHUTDOWN_TIMEOUT_MS: env.milliseconds(10_000),
  })
  .superRefine((config, ctx) => {
    if ((config.S3_ACCESS_KEY_ID === undefined) !== (config.S3_SECRET_ACCESS_KEY === undefined)) {
      const missing = config.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or neither' });
    }
  });

export type ArtifactsConfig = z.infer<typeof ArtifactsConfigSchema>;
