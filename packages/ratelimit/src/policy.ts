/** A quota: at most `limit` requests per fixed window of `windowSeconds`, counted per subject. */
export interface RatePolicy {
  /** The policy's name in the `RateLimit-Policy` and `RateLimit` headers (e.g. `token`). */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Where a subject stands against a policy after a request. */
export interface RateState {
  policy: RatePolicy;
  /** Whether this request is within the quota. */
  allowed: boolean;
  /** Requests left in the current window. */
  remaining: number;
  /** Seconds until the window ends and the quota is whole again (at least 1). */
  resetSeconds: number;
}

/** The fixed window `nowMs` falls in: its index (windows since the epoch) and the seconds left in it. */
export function windowAt(nowMs: number, windowSeconds: number): { index: number; resetSeconds: number } {
  const lengthMs = windowSeconds * 1000;
  const index = Math.floor(nowMs / lengthMs);
  const endMs = (index + 1) * lengthMs;
  return { index, resetSeconds: Math.max(1, Math.ceil((endMs - nowMs) / 1000)) };
}

/**
 * The state after a request when `count` requests (this one included) were counted in the window.
 * `count` may be above the limit: refused requests are not written back, they only report it.
 */
export function stateOf(policy: RatePolicy, count: number, resetSeconds: number): RateState {
  return {
    policy,
    allowed: count <= policy.limit,
    remaining: Math.max(0, policy.limit - count),
    resetSeconds,
  };
}

const NAME = /^[a-z][a-z0-9_]{0,31}$/;

/** Throws for a policy the headers or the store could not carry. */
export function checkPolicy(policy: RatePolicy): RatePolicy {
  if (!NAME.test(policy.name)) throw new TypeError(`rate policy name must match ${NAME}, got ${policy.name}`);
  if (!Number.isInteger(policy.limit) || policy.limit < 1)
    throw new TypeError(`rate policy ${policy.name}: limit must be a positive integer`);
  if (!Number.isInteger(policy.windowSeconds) || policy.windowSeconds < 1)
    throw new TypeError(`rate policy ${policy.name}: windowSeconds must be a positive integer`);
  return policy;
}
