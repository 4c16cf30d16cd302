import type { Request, Response } from 'express';
import { AppError, isAppError } from '@tp/errors';
import { type RateLimiter, type RatePolicy, type RateState, rateLimitHeaders } from '@tp/ratelimit';
import type { Principal } from '../auth/principal.ts';
import type { PlanDirectory } from './plans.ts';
import { DEFAULT_PLAN, type RateLimitTables } from './settings.ts';

/** The stricter class a route is counted in besides the default one (`token`, or `anonymous`). */
export type RouteRateClass = 'job_create' | 'upload' | 'redeliver' | 'sign_in' | 'share_page' | 'app';

/** Rate limits at the edge, around a route's authentication. */
export interface EdgeLimits {
  /**
   * Authenticates the caller with `authorize` and counts the request against the policies that
   * apply; throws `rate_limited` (the headers set on `res`) when one refuses.
   */
  admit(
    req: Request,
    res: Response,
    route: AdmittedRoute,
    authorize: () => Promise<Principal | null>,
  ): Promise<Principal | null>;
}

/** What the limits need to know of a route. */
export interface AdmittedRoute {
  rateClass: RouteRateClass | undefined;
  /** Whether the route looks at a credential at all (public routes ignore one). */
  checksCredential: boolean;
}

/** No limits (RATE_LIMITS_ENABLED=false). */
export const NO_EDGE_LIMITS: EdgeLimits = { admit: (_req, _res, _route, authorize) => authorize() };

const presentsCredential = (req: Request) =>
  req.headers.authorization !== undefined || req.headers['x-api-key'] !== undefined;

/** What a credential is counted as: the token, or the app session's device. */
function credentialSubject(principal: Principal): string {
  if (principal.tokenId) return `tok:${principal.tokenId}`;
  if (principal.deviceId) return `dev:${principal.deviceId}`;
  return `usr:${principal.userId}`;
}

function refusal(state: RateState): AppError {
  const { policy, resetSeconds } = state;
  return new AppError(
    'rate_limited',
    `Too many requests: the ${policy.name} limit is ${policy.limit} per ${policy.windowSeconds} s; retry in ${resetSeconds} s.`,
    { policy: policy.name, retry_after_seconds: resetSeconds },
  );
}

/** Sets the RateLimit headers of the counted policies; throws for the first that refused. */
function answer(res: Response, counted: readonly [RatePolicy, RateState | null][]): void {
  const states = counted.flatMap(([, state]) => (state ? [state] : []));
  const headers = rateLimitHeaders(
    counted.map(([policy]) => policy),
    states,
  );
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const refused = states.filter((s) => !s.allowed).sort((a, b) => b.resetSeconds - a.resetSeconds)[0];
  if (refused) throw refusal(refused);
}

export function createEdgeLimits(deps: {
  limiter: RateLimiter;
  plans: PlanDirectory;
  tables: RateLimitTables;
}): EdgeLimits {
  const { limiter, plans, tables } = deps;
  const failures = tables.ip.credential_failure;

  async function policiesOf(
    principal: Principal | null,
    rateClass: RouteRateClass | undefined,
    ip: string,
  ): Promise<[RatePolicy, string][]> {
    if (principal === null) {
      const ipClass =
        rateClass === 'sign_in' || rateClass === 'share_page' || rateClass === 'app' ? rateClass : 'anonymous';
      return [[tables.ip[ipClass], ip]];
    }
    const plan = await plans.planOf(principal.userId);
    const policies = tables.plans.get(plan) ?? tables.plans.get(DEFAULT_PLAN)!;
    const subject = credentialSubject(principal);
    const counted: [RatePolicy, string][] = [[policies.token, subject]];
    if (rateClass === 'job_create' || rateClass === 'upload' || rateClass === 'redeliver')
      counted.push([policies[rateClass], subject]);
    return counted;
  }

  return {
    async admit(req, res, route, authorize) {
      const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
      const presented = route.checksCredential && presentsCredential(req);
      if (presented) {
        // An address that keeps presenting bad credentials is refused before any is checked.
        const state = await limiter.peek(failures, ip);
        if (state && !state.allowed) answer(res, [[failures, state]]);
      }
      let principal: Principal | null;
      try {
        principal = await authorize();
      } catch (err) {
        if (presented && isAppError(err) && err.code === 'invalid_api_key') await limiter.consume(failures, ip);
        throw err;
      }
      const policies = await policiesOf(principal, route.rateClass, ip);
      const states = await Promise.all(policies.map(([policy, subject]) => limiter.consume(policy, subject)));
      answer(
        res,
        policies.map(([policy], i) => [policy, states[i] ?? null] as [RatePolicy, RateState | null]),
      );
      return principal;
    },
  };
}
