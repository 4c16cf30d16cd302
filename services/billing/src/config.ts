import { env, grpcTlsSettings, runtimeSettings, serverSettings, trustedKeySettings, z } from '@tp/config';

const GIB = 1024 ** 3;
const bytes = (fallback: number) => z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(fallback);

export const BillingConfigSchema = z.object({
  ...serverSettings({ grpc: 50053, ops: 9103 }),
  ...runtimeSettings(),
  ...grpcTlsSettings(),
  ...trustedKeySettings(),
  DATABASE_URL: env.postgresUrl(),
  /** The operator key (the same as accounts'); guards BillingAdminService. */
  ADMIN_API_KEY: env.secret(32),
  /** The plan every principal is on until plans are sold; GetProfile shows it and its limits. */
  PLAN_NAME: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be a short lowercase name')
    .default('standard'),
  PLAN_MAX_CONCURRENT_JOBS: z.coerce.number().int().min(1).max(10_000).default(4),
  STORAGE_QUOTA_BYTES: bytes(50 * GIB),
  MAX_UPLOAD_BYTES: bytes(5 * GIB),
  /** How often past-due grants are expired in the background (reads expire them too). */
  GRANT_EXPIRY_SWEEP_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * A managed-AI hold still held this long was left by a call that died (ADR 0020): the sweep
   * releases it, uncharged. Longer than any call may run (the gateway's AI_PROXY_DEADLINE_MS).
   */
  USAGE_HOLD_STALE_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .default(2 * 3_600_000),
});

export type BillingConfig = z.infer<typeof BillingConfigSchema>;
