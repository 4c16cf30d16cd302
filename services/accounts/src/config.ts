import { env, grpcTlsSettings, natsSettings, runtimeSettings, serverSettings, trustedKeySettings, z } from '@tp/config';

export const AccountsConfigSchema = z.object({
  ...serverSettings({ grpc: 50051, ops: 9101 }),
  ...natsSettings(),
  ...runtimeSettings(),
  ...grpcTlsSettings(),
  ...trustedKeySettings(),
  DATABASE_URL: env.postgresUrl(),
  SESSION_SIGNING_SECRET: env.secret(32),
  ADMIN_API_KEY: env.secret(32),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
});

export type AccountsConfig = z.infer<typeof AccountsConfigSchema>;
