import { z } from '@tp/config';
import type { RatePolicy } from '@tp/ratelimit';

// The rate limit tables of the gateway's configuration: per plan (counted per token) and per
// client address. Each is a JSON setting merged over the defaults below, so an operator names only
// what differs: RATE_LIMIT_PLANS='{"pro":{"token":{"limit":3000,"window_seconds":60}}}'.

/** Classes counted per credential (a token, or an app session's device), by the user's plan. */
export const TOKEN_CLASSES = ['token', 'job_create', 'upload', 'redeliver'] as const;
/** Classes counted per client address. */
export const IP_CLASSES = ['sign_in', 'credential_failure', 'share_page', 'app', 'anonymous'] as const;
export type TokenClass = (typeof TOKEN_CLASSES)[number];
export type IpClass = (typeof IP_CLASSES)[number];

const Quota = z.strictObject({
  limit: z.number().int().min(1).max(1_000_000_000),
  window_seconds: z.number().int().min(1).max(86_400),
});
type Quota = z.infer<typeof Quota>;

/** The plan a user with an unknown (or unknowable) plan gets, and the base of every other plan. */
export const DEFAULT_PLAN = 'default';

export const DEFAULT_PLAN_LIMITS: Readonly<Record<TokenClass, Quota>> = {
  // Every call of a token (or app session).
  token: { limit: 600, window_seconds: 60 },
  // POST /api/v1/jobs and POST /transcribe, besides `token`: each creation reserves credits and queues work.
  job_create: { limit: 30, window_seconds: 60 },
  // POST /upload, besides `token`: each stores up to 100 MiB (or signs a form that does).
  upload: { limit: 60, window_seconds: 60 },
  // POST /transcribe/{jobId}/deliveries/{deliveryId}/redeliver, besides `token`: each sends a
  // request to the client's receiver.
  redeliver: { limit: 10, window_seconds: 60 },
};

export const DEFAULT_IP_LIMITS: Readonly<Record<IpClass, Quota>> = {
  // POST /api/v1/auth/sessions (password sign-in), every attempt.
  sign_in: { limit: 20, window_seconds: 60 },
  // Credentials presented and refused (unknown, expired or revoked tokens): once over, even a
  // valid credential from that address waits for the window to end.
  credential_failure: { limit: 30, window_seconds: 60 },
  // The public share page and its downloads (/s/…).
  share_page: { limit: 300, window_seconds: 60 },
  // The web app's page and files (/app, forwarded to the web service): a load is a handful of files.
  app: { limit: 600, window_seconds: 60 },
  // Any other call without a credential (POST /format, GET /models).
  anonymous: { limit: 300, window_seconds: 60 },
};

/** A setting holding JSON of `schema`; a parse error names the setting's problem like any other. */
function jsonSetting<S extends z.ZodType>(schema: S) {
  return z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

const PLAN_NAME = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'plan names are short lowercase names');

/** RATE_LIMIT_PLANS: plan → class → quota. Plans not named use `default`; classes not named, the default plan's. */
export const PlanLimitsSetting = jsonSetting(z.record(PLAN_NAME, z.partialRecord(z.enum(TOKEN_CLASSES), Quota)));
/** RATE_LIMIT_IP: class → quota. */
export const IpLimitsSetting = jsonSetting(z.partialRecord(z.enum(IP_CLASSES), Quota));

export interface RateLimitTables {
  /** The policies of each plan (always with `default`). */
  plans: ReadonlyMap<string, Readonly<Record<TokenClass, RatePolicy>>>;
  ip: Readonly<Record<IpClass, RatePolicy>>;
}

const policyOf = (name: string, quota: Quota): RatePolicy => ({
  name,
  limit: quota.limit,
  windowSeconds: quota.window_seconds,
});

function policies<C extends string>(classes: readonly C[], quotas: Record<C, Quota>): Record<C, RatePolicy> {
  return Object.fromEntries(classes.map((c) => [c, policyOf(c, quotas[c])])) as Record<C, RatePolicy>;
}

/** The tables in effect: the configured ones over the defaults. */
export function rateLimitTables(
  plans: Record<string, Partial<Record<TokenClass, Quota>>> = {},
  ip: Partial<Record<IpClass, Quota>> = {},
): RateLimitTables {
  const base = { ...DEFAULT_PLAN_LIMITS, ...plans[DEFAULT_PLAN] };
  const table = new Map<string, Record<TokenClass, RatePolicy>>([[DEFAULT_PLAN, policies(TOKEN_CLASSES, base)]]);
  for (const [plan, quotas] of Object.entries(plans)) {
    if (plan !== DEFAULT_PLAN) table.set(plan, policies(TOKEN_CLASSES, { ...base, ...quotas }));
  }
  return { plans: table, ip: policies(IP_CLASSES, { ...DEFAULT_IP_LIMITS, ...ip }) };
}

/** The longest window of any policy (the store keeps counts at least that long). */
export function longestWindowSeconds(tables: RateLimitTables): number {
  const all = [...[...tables.plans.values()].flatMap((p) => Object.values(p)), ...Object.values(tables.ip)];
  return Math.max(...all.map((p) => p.windowSeconds));
}
