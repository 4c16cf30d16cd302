import { env, grpcTlsSettings, runtimeSettings, serverSettings, trustedKeySettings, z } from '@tp/config';
import { checkStorageCredentials, storageEnv } from '@tp/storage';

const MIB = 1024 * 1024;

export const ArtifactsConfigSchema = z
  .object({
    ...serverSettings({ grpc: 50054, ops: 9104 }),
    ...runtimeSettings(),
    ...grpcTlsSettings(),
    ...trustedKeySettings(),
    DATABASE_URL: env.postgresUrl(),
    ...storageEnv,

    /** Largest payload (canonical JSON) of a version. */
    MAX_PAYLOAD_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1024 * MIB)
      .default(32 * MIB),
  })
  .superRefine((config, ctx) => {
    checkStorageCredentials(config, ctx);
  });

export type ArtifactsConfig = z.infer<typeof ArtifactsConfigSchema>;
