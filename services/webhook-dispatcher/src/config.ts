import {
  egressSettings,
  env,
  grpcTlsSettings,
  natsSettings,
  runtimeSettings,
  serverSettings,
  signingKeySettings,
  trustedKeySettings,
  z,
} from '@tp/config';
import { WEBHOOK_MAX_BODY_BYTES } from '@tp/webhooks';
import { parseRetrySchedule } from './domain/retry-schedule.ts';

/** Standard Webhooks' schedule after the immediate first try: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. */
export const DEFAULT_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,14h,20h,24h';

export const WebhookDispatcherConfigSchema = z.object({
  ...serverSettings({ grpc: 50057, ops: 9109 }),
  ...natsSettings(),
  ...runtimeSettings(),
  ...grpcTlsSettings(),
  ...signingKeySettings(),
  ...trustedKeySettings(),
  ...egressSettings(),
  DATABASE_URL: env.postgresUrl(),
  JOBS_GRPC_ADDR: env.address('127.0.0.1:50055'),
  /** Deadline of one call to jobs (GetJob, ExportJob: a transcript travels whole). */
  BACKEND_DEADLINE_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  /** Largest gRPC message received: an exported transcript of a long recording is several MB. */
  GRPC_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(4 * 1024 * 1024)
    .max(1024 * 1024 * 1024)
    .default(64 * 1024 * 1024),
  /** The key that seals the subscriptions' signing secrets (AES-256-GCM): 32 bytes, base64. */
  WEBHOOK_SECRETS_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes in base64'),
  /** Deliveries sent at once by this process. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(16),
  /** An attempt without a complete 2xx answer within this long fails. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * The waits after each failed attempt (the first is immediate), comma-separated durations
   * (`500ms`, `5s`, `5m`, `2h`, `1d`); each is jittered by ±20%. Once used up, a delivery fails.
   */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default(DEFAULT_RETRY_SCHEDULE)
    .transform((text, ctx) => {
      try {
        return parseRetrySchedule(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * The largest delivery body with the result (UTF-8 bytes); past it the body goes without the
   * result and says `result_omitted: true` (the receiver reads GET /transcribe/{jobId}).
   */
  WEBHOOK_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(512)
    .max(16 * 1024 * 1024)
    .default(WEBHOOK_MAX_BODY_BYTES),
  /** How often the sender looks for due deliveries when nothing woke it. */
  WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
});

export type WebhookDispatcherConfig = z.infer<typeof WebhookDispatcherConfigSchema>;
