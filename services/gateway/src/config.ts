import {
  egressSettings,
  env,
  grpcTlsSettings,
  httpSettings,
  natsSettings,
  opsSettings,
  runtimeSettings,
  signingKeySettings,
  z,
} from '@tp/config';
import { IpLimitsSetting, PlanLimitsSetting } from './limits/settings.ts';

export const GatewayConfigSchema = z.object({
  HOST: env.host('127.0.0.1'),
  PORT: env.port(8080),
  /** Base URL clients use, for the OpenAPI `servers` entry; defaults to http://HOST:PORT. */
  PUBLIC_BASE_URL: z.url().optional(),
  /**
   * The web service (services/web): an http(s) origin such as http://transcription-web:8080. Set, the gateway
   * forwards GET and HEAD of /app and /app/* to it and redirects / to /app/; unset, /app is not a route.
   */
  WEB_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .url({ protocol: /^https?$/ })
      .refine((value) => /^https?:\/\/[^/?#]+\/?$/.test(value), 'must be an origin (no path, query or fragment)')
      .optional(),
  ),
  /** The internal ops port: /readyz there names each dependency check (the public /readyz says only ready or not). */
  ...opsSettings(9108),
  ACCOUNTS_GRPC_ADDR: env.address('127.0.0.1:50051'),
  MEDIA_GRPC_ADDR: env.address('127.0.0.1:50052'),
  BILLING_GRPC_ADDR: env.address('127.0.0.1:50053'),
  ARTIFACTS_GRPC_ADDR: env.address('127.0.0.1:50054'),
  JOBS_GRPC_ADDR: env.address('127.0.0.1:50055'),
  SHARES_GRPC_ADDR: env.address('127.0.0.1:50056'),
  /** The webhook dispatcher (WebhookService): subscriptions and deliveries of POST /transcribe. */
  WEBHOOKS_GRPC_ADDR: env.address('127.0.0.1:50057'),
  /** The managed-AI proxy (ADR 0020). */
  AI_PROXY_GRPC_ADDR: env.address('127.0.0.1:50058'),
  /** Longest one managed-AI call may run, streamed answers included. */
  AI_PROXY_DEADLINE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(600_000),
  BACKEND_DEADLINE_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  ...natsSettings(),
  ...runtimeSettings(),
  ...grpcTlsSettings(),
  ...signingKeySettings(),
  /** The egress guard of webhook_url and remote audio_url: EGRESS_ALLOW_PRIVATE_TARGETS (default false). */
  ...egressSettings(),
  /** How long an authenticated credential is trusted without asking accounts; revocations evict at once. */
  AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  AUTH_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(10_000),
  // The read cache of polled reads (ADR 0025, "Read cache"): a caller's job and balance answers.
  /** How many answers it keeps at most (the least recently read go first); 0 turns it off. */
  READ_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  /** How long a queued or running job's answer is kept (progress and queue place change without an event); 0: not at all. */
  JOB_READ_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(500),
  /** How long an ended job's answer is kept (a late settlement may still correct its charge); 0: not at all. */
  JOB_FINISHED_READ_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /** How long a balance is kept: others' changes (a settlement) show within it; 0: not at all. */
  BALANCE_READ_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(500),
  JSON_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** Largest transcript a client may save (a three-hour transcript is several MB); keep it ≤ artifacts' MAX_PAYLOAD_BYTES. */
  MAX_TRANSCRIPT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(32 * 1024 * 1024),
  // Slow clients: uploads stream through the gateway (a large file on a slow link takes long), and
  // the idle connections of a load balancer outlive its own idle timeout (60 s on most).
  ...httpSettings({
    headersTimeoutMs: 20_000,
    requestTimeoutMs: 3_600_000,
    keepAliveTimeoutMs: 65_000,
    idleTimeoutMs: 120_000,
  }),
  /** Largest file of POST /upload (multipart, or the signed form's content-length-range as media sets it). */
  PRODUCT_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(100 * 1024 * 1024),
  /** Largest decoded `data_base64` of POST /upload (its JSON body limit admits this much base64). */
  PRODUCT_INLINE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(64 * 1024 * 1024)
    .default(4 * 1024 * 1024),
  /** Express `trust proxy`: false, true, a hop count, or addresses/subnets (`loopback, 10.0.0.0/8`) whose X-Forwarded-For names the client. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): string | boolean | number => {
      if (value === 'true' || value === 'false') return value === 'true';
      return /^\d+$/.test(value) ? Number(value) : value;
    }),
  // Rate limits (ADR 0012): counted in NATS KV, shared by every replica; failing open.
  RATE_LIMITS_ENABLED: env.bool(true),
  RATE_LIMIT_PLANS: PlanLimitsSetting.optional(),
  RATE_LIMIT_IP: IpLimitsSetting.optional(),
  /** How long one call to the counter store may take. */
  RATE_LIMIT_STORE_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(250),
  /** After a store failure, how long requests pass uncounted before the store is tried again. */
  RATE_LIMIT_STORE_RETRY_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /**
   * The largest block of a limit one replica claims from the counters at once and counts locally
   * (ADR 0025): a replica may refuse while others hold unused slots, at most this share each.
   */
  RATE_LIMIT_CLAIM_SHARE: z.coerce.number().min(0).max(0.25).default(0.02),
  /** How long a replica trusts the refused-credential count of an address it last read. */
  RATE_LIMIT_PEEK_FRESH_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** How long a user's plan (billing's profile) is trusted. */
  PLAN_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
});

export type GatewayConfig = z.infer<typeof GatewayConfigSchema>;
