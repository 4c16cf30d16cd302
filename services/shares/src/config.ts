import {
  env,
  grpcTlsSettings,
  natsSettings,
  runtimeSettings,
  serverSettings,
  signingKeySettings,
  trustedKeySettings,
  z,
} from '@tp/config';

const MIB = 1024 * 1024;

export const SharesConfigSchema = z.object({
  ...serverSettings({ grpc: 50056, ops: 9107 }),
  ...natsSettings(),
  ...runtimeSettings(),
  ...grpcTlsSettings(),
  ...signingKeySettings(),
  ...trustedKeySettings(),
  DATABASE_URL: env.postgresUrl(),
  ACCOUNTS_GRPC_ADDR: env.address('127.0.0.1:50051'),
  ARTIFACTS_GRPC_ADDR: env.address('127.0.0.1:50054'),
  MEDIA_GRPC_ADDR: env.address('127.0.0.1:50052'),

  /** Deadline of one call to accounts, artifacts or media (a transcript payload of up to 32 MiB travels in one). */
  BACKEND_DEADLINE_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * Largest gRPC message sent or received: the page of a three-hour transcript is a few MB and
   * artifacts sends payloads of up to 32 MiB whole.
   */
  GRPC_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(4 * MIB)
    .max(1024 * MIB)
    .default(64 * MIB),
  /** Live (not revoked, not taken down) shares one artifact may have; one more is a conflict. */
  MAX_SHARES_PER_ARTIFACT: z.coerce.number().int().min(1).max(10_000).default(50),
});

export type SharesConfig = z.infer<typeof SharesConfigSchema>;
