import type { Bus } from '@tp/bus';
import type { Logger } from '@tp/logging';
import { checkPolicy, createRateLimiter, kvCounterStore } from '@tp/ratelimit';
import type { GatewayClients } from '../clients.ts';
import type { GatewayConfig } from '../config.ts';
import { createEdgeLimits, type EdgeLimits, NO_EDGE_LIMITS } from './edge-limits.ts';
import { createPlanDirectory } from './plans.ts';
import { longestWindowSeconds, rateLimitTables } from './settings.ts';

/** Deadline of a plan lookup at billing (answers are cached; a slow billing must not slow requests). */
const PLAN_LOOKUP_DEADLINE_MS = 1_000;

/**
 * The gateway's rate limits: counters in the NATS KV bucket RATE_LIMITS (every replica on the same
 * NATS shares them; each claims blocks of slots and counts them locally, ADR 0025), policies from
 * the configuration, plans from billing.
 */
export function openEdgeLimits(
  config: GatewayConfig,
  deps: { bus: Bus; billing: GatewayClients['billing']; log: Logger; now?: () => number },
): EdgeLimits {
  if (!config.RATE_LIMITS_ENABLED) return NO_EDGE_LIMITS;
  const tables = rateLimitTables(config.RATE_LIMIT_PLANS, config.RATE_LIMIT_IP);
  for (const plan of tables.plans.values()) for (const policy of Object.values(plan)) checkPolicy(policy);
  const log = deps.log.child({ component: 'rate-limits' });
  const store = kvCounterStore({
    connection: deps.bus.connection,
    bucket: deps.bus.streamName('RATE_LIMITS'),
    timeoutMs: config.RATE_LIMIT_STORE_TIMEOUT_MS,
    maxWindowSeconds: longestWindowSeconds(tables),
  });
  const limiter = createRateLimiter({
    store,
    log,
    retryAfterFailureMs: config.RATE_LIMIT_STORE_RETRY_MS,
    claimShare: config.RATE_LIMIT_CLAIM_SHARE,
    peekFreshMs: config.RATE_LIMIT_PEEK_FRESH_MS,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const plans = createPlanDirectory({
    billing: deps.billing,
    log,
    ttlMs: config.PLAN_CACHE_TTL_MS,
    maxEntries: config.AUTH_CACHE_MAX_ENTRIES,
    deadlineMs: PLAN_LOOKUP_DEADLINE_MS,
  });
  return createEdgeLimits({ limiter, plans, tables });
}
